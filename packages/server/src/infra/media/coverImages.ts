/**
 * Cover images made with sharp (libvips): a work's cover scaled to one of the API's sizes, or
 * the placeholder drawn for a work without one, encoded as JPEG (what the API's cover URLs and
 * third-party clients ask for) or WebP (what the web app shows: about a third of the bytes).
 *
 * sharp (~20 MB resident) is loaded by the first image that has to be made: a server whose
 * variants are all on disk never loads it.
 */
import { COVER_BOX, type CoverType } from '@sasayaki/contract';
import type { Sharp } from 'sharp';

export type CoverFormat = 'jpeg' | 'webp';

const inside = (box: number) => (img: Sharp) =>
  img.resize(box, box, { fit: 'inside', withoutEnlargement: true });
const SIZES: Record<CoverType, (img: Sharp) => Sharp> = {
  main: inside(COVER_BOX.main),
  sam: inside(COVER_BOX.sam),
  '240x240': (img) =>
    img.resize(COVER_BOX['240x240'], COVER_BOX['240x240'], { fit: 'cover', position: 'centre' }),
};

/** Each format's encoder and file extension. */
const FORMATS: Record<CoverFormat, { ext: string; encode: (img: Sharp) => Sharp }> = {
  jpeg: { ext: 'jpg', encode: (img) => img.jpeg({ quality: 85 }) },
  webp: { ext: 'webp', encode: (img) => img.webp({ quality: 80 }) },
};

/** The file extension of a format's variants. */
export const coverExtension = (format: CoverFormat): string => FORMATS[format].ext;

const PLACEHOLDER_SIZE: Record<CoverType, [number, number]> = {
  main: [560, 420],
  sam: [300, 225],
  '240x240': [240, 240],
};

function placeholderSvg([w, h]: [number, number]): Buffer {
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
    <rect width="100%" height="100%" fill="#d9d4e7"/>
    <g fill="none" stroke="#8d86a8" stroke-width="${Math.max(3, w / 60)}" stroke-linecap="round">
      <path d="M${w * 0.38} ${h * 0.62} v-${h * 0.2} a${w * 0.12} ${w * 0.12} 0 0 1 ${w * 0.24} 0 v${h * 0.2}"/>
      <rect x="${w * 0.34}" y="${h * 0.58}" width="${w * 0.07}" height="${h * 0.14}" rx="4"/>
      <rect x="${w * 0.59}" y="${h * 0.58}" width="${w * 0.07}" height="${h * 0.14}" rx="4"/>
    </g></svg>`);
}

const loadSharp = async () => (await import('sharp')).default;

/** The source image turned upright, scaled to `type` on white (transparency flattened). */
export async function coverImage(source: Buffer, type: CoverType, format: CoverFormat): Promise<Buffer> {
  const sharp = await loadSharp();
  const scaled = SIZES[type](sharp(source, { failOn: 'none' }).rotate()).flatten({ background: '#ffffff' });
  return FORMATS[format].encode(scaled).toBuffer();
}

/** The picture shown for a work without a readable cover. */
export async function placeholderImage(type: CoverType, format: CoverFormat): Promise<Buffer> {
  const sharp = await loadSharp();
  return FORMATS[format].encode(sharp(placeholderSvg(PLACEHOLDER_SIZE[type]))).toBuffer();
}
