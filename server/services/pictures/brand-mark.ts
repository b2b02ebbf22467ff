/**
 * The site's mark (public/favicon.svg, the one drawing of it) for the pictures made from it: the
 * share card (share-card.ts) and the home-screen icons the build writes (scripts/app-icons.ts).
 */
import { readFileSync } from 'node:fs';

const MARK_SVG = readFileSync(new URL('../../../public/favicon.svg', import.meta.url), 'utf8');

/** The brand's green, the mark's own background (also the theme colour of index.html and the manifest). */
export const BRAND_GREEN = '#0b5d3b';

/** The mark as an SVG drawn `size` pixels square, for sharp to render. */
export const markAt = (size: number): Buffer =>
  Buffer.from(MARK_SVG.replace('<svg ', `<svg width="${size}" height="${size}" `));
