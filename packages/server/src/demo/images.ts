/** Small cover and bonus images for the demo library, drawn with sharp from a seed. */
import sharp from 'sharp';
import { prng } from './audio.ts';

const PALETTE = ['#f4a6b7', '#a6c8f4', '#b7f4a6', '#f4e3a6', '#d3a6f4', '#a6f4e8', '#f4c2a6'];

export async function demoImage(
  seed: number,
  width: number,
  height: number,
  format: 'jpeg' | 'png',
): Promise<Buffer> {
  const rnd = prng(seed);
  const pick = () => PALETTE[Math.floor(rnd() * PALETTE.length)]!;
  const circles = Array.from({ length: 6 }, () => {
    const r = Math.round(10 + rnd() * Math.min(width, height) * 0.25);
    return `<circle cx="${Math.round(rnd() * width)}" cy="${Math.round(rnd() * height)}" r="${r}" fill="${pick()}" fill-opacity="0.8"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="${pick()}"/>${circles}
    <path d="M0 ${height * 0.8} Q ${width / 2} ${height * 0.6} ${width} ${height * 0.8} V ${height} H 0 Z" fill="#ffffff" fill-opacity="0.5"/>
  </svg>`;
  const img = sharp(Buffer.from(svg));
  return format === 'png'
    ? img.png({ compressionLevel: 9 }).toBuffer()
    : img.jpeg({ quality: 70 }).toBuffer();
}
