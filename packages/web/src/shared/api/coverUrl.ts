/**
 * The WebP form of one of the server's cover URLs (`…/api/cover/{id}.jpg?type=…` →
 * `…/api/cover/{id}.webp?type=…`): the same picture in about a third of the JPEG's bytes. The
 * API's fields keep the JPEG URLs third-party clients expect; the app shows WebP, which every
 * browser it supports decodes. Any other URL comes back as it is.
 */
export function webpCover(url: string): string {
  return url.replace(/^([^?#]*\/api\/cover\/[^/?#.]+)(\.jpe?g)?(?=[?#]|$)/i, '$1.webp');
}
