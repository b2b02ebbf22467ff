/**
 * The site's icons as PNG, drawn from its mark by sharp: Android's install and an iPhone's "Add to
 * Home Screen" take no SVG, nor does a notification. The build writes them (vite.config.ts) and the
 * dev server answers them the same; public/manifest.webmanifest, index.html and public/push-sw.js
 * name them. The tab's icon and the manifest's are PNG too: Chrome draws an SVG icon it fetches
 * (the tab's, the install check's) as a document of its own on the page's main thread just after
 * the load (30-130 ms at 4x CPU slowdown on the game screens, traced; 12-24 ms each unthrottled in
 * Lighthouse's traces), while the stage's start is under way.
 * - `any`: the mark as drawn, rounded corners and all;
 * - `maskable` and Apple's: the brand's green to the edges and the mark inside the middle 80%,
 *   which every launcher's mask keeps (a circle, a squircle, iOS's rounded square).
 */
import sharp from 'sharp';
import { BRAND_GREEN, badgeAt, markAt } from '../server/services/pictures/brand-mark.ts';

export const APP_ICONS = [
  { fileName: 'icons/favicon-48.png', size: 48, fullBleed: false },
  { fileName: 'icons/icon-192.png', size: 192, fullBleed: false },
  { fileName: 'icons/icon-512.png', size: 512, fullBleed: false },
  { fileName: 'icons/maskable-512.png', size: 512, fullBleed: true },
  { fileName: 'icons/apple-touch-icon.png', size: 180, fullBleed: true },
] as const;

/** The share of a full-bleed icon the mark takes: the maskable safe zone is the middle 80%. */
const SAFE_SHARE = 0.8;

export async function renderAppIcon(size: number, fullBleed: boolean): Promise<Buffer> {
  if (!fullBleed) return sharp(markAt(size)).png().toBuffer();
  const inner = Math.round(size * SAFE_SHARE);
  const offset = Math.round((size - inner) / 2);
  return (
    sharp({ create: { width: size, height: size, channels: 3, background: BRAND_GREEN } })
      .composite([{ input: markAt(inner), top: offset, left: offset }])
      // Opaque: iOS fills a transparent corner with black.
      .removeAlpha()
      .png()
      .toBuffer()
  );
}

/** A notification's badge (its small icon in Android's status bar): the ball as a white silhouette. */
export const NOTIFICATION_BADGE = { fileName: 'icons/badge-96.png', size: 96 } as const;

export const renderNotificationBadge = (): Promise<Buffer> => sharp(badgeAt(NOTIFICATION_BADGE.size)).png().toBuffer();
