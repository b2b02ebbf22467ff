/**
 * The site's mark (public/favicon.svg, the one drawing of it) for the pictures made from it: the
 * share card (share-card.ts) and the icons the build writes (scripts/app-icons.ts).
 */
import { readFileSync } from 'node:fs';

const MARK_SVG = readFileSync(new URL('../../../public/favicon.svg', import.meta.url), 'utf8');

/** The brand's green, the mark's own background (also the theme colour of index.html and the manifest). */
export const BRAND_GREEN = '#0b5d3b';

/** The mark as an SVG drawn `size` pixels square, for sharp to render. */
export const markAt = (size: number): Buffer =>
  Buffer.from(MARK_SVG.replace('<svg ', `<svg width="${size}" height="${size}" `));

/**
 * The mark's ball alone as a silhouette, `size` pixels square: white, its seams (the mark's one
 * dashed path) cut out, the rest transparent. A notification's badge is drawn from its alpha only
 * (Android's status bar). Only the build draws it, so the server's start does not look for it.
 */
export function badgeAt(size: number): Buffer {
  const seams = /<path [^>]*stroke-dasharray[^>]*\/>/.exec(MARK_SVG)?.[0];
  if (!seams) throw new Error("public/favicon.svg: the ball's seams (a dashed path) are missing");
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32">` +
      '<mask id="seams"><rect width="32" height="32" fill="#fff"/>' +
      // The mark's ball has a radius of 9; the badge's fills the square, its seams scaled with it.
      `<g transform="translate(16 16) scale(1.5) translate(-16 -16)">${seams.replace(/stroke="#fff"/, 'stroke="#000"')}</g>` +
      '</mask><circle cx="16" cy="16" r="14" fill="#fff" mask="url(#seams)"/></svg>',
  );
}
