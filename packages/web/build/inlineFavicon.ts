/**
 * Vite plugin: the page's SVG favicon (`public/icons/icon.svg`, 0.4 KB) goes into index.html as a
 * data: URL, so a first visit does not spend a request on it. The file stays for the manifest and
 * anything else that links it; this plugin reads it, so the icon is drawn in one place.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const LINK = /<link rel="icon" href="\/icons\/icon\.svg" type="image\/svg\+xml" \/>/;

/** A data: URL of an SVG, percent-encoding only what a URL in an attribute needs. */
export function svgDataUrl(svg: string): string {
  const body = svg
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/[%#<>&"]/g, (c) => encodeURIComponent(c));
  return `data:image/svg+xml,${body}`;
}

export function inlineFavicon(): Plugin {
  return {
    name: 'sasayaki-inline-favicon',
    apply: 'build',
    transformIndexHtml(html, ctx) {
      if (!LINK.test(html)) throw new Error('index.html no longer links /icons/icon.svg as its icon');
      const root = path.dirname(ctx.filename);
      const svg = fs.readFileSync(path.join(root, 'public/icons/icon.svg'), 'utf8');
      return html.replace(LINK, `<link rel="icon" href="${svgDataUrl(svg)}" type="image/svg+xml" />`);
    },
  };
}
