// The home-screen icons the build writes (scripts/app-icons.ts): PNG at the sizes the manifest and
// index.html name, the maskable and Apple's opaque, green to the edges with the mark in the middle.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { APP_ICONS, NOTIFICATION_BADGE, renderAppIcon, renderNotificationBadge } from '../../scripts/app-icons.ts';

const manifest = JSON.parse(readFileSync('public/manifest.webmanifest', 'utf8')) as {
  icons: Array<{ src: string; sizes: string; type: string; purpose?: string }>;
};

it('names every icon the build writes, at its size: 192 and 512 for Android, a maskable 512, Apple 180', () => {
  const built = new Map(APP_ICONS.map((icon) => [`/${icon.fileName}`, icon]));
  const pngs = manifest.icons.filter((icon) => icon.type === 'image/png');
  expect(pngs.map((icon) => [icon.src, icon.sizes, icon.purpose ?? 'any'])).toEqual([
    ['/icons/icon-192.png', '192x192', 'any'],
    ['/icons/icon-512.png', '512x512', 'any'],
    ['/icons/maskable-512.png', '512x512', 'maskable'],
  ]);
  for (const icon of pngs) {
    const made = built.get(icon.src);
    expect(made, icon.src).toBeDefined();
    expect(`${made!.size}x${made!.size}`).toBe(icon.sizes);
    expect(made!.fullBleed).toBe(icon.purpose === 'maskable');
  }
  expect(readFileSync('index.html', 'utf8')).toContain(
    '<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />',
  );
  expect(built.get('/icons/apple-touch-icon.png')).toMatchObject({ size: 180, fullBleed: true });
});

it('draws each icon at its size; the full-bleed ones opaque, green at the edges and the red ball in the middle', async () => {
  for (const icon of APP_ICONS) {
    const png = await renderAppIcon(icon.size, icon.fullBleed);
    const image = sharp(png);
    const { width, height, format, hasAlpha } = await image.metadata();
    expect({ width, height, format }, icon.fileName).toEqual({ width: icon.size, height: icon.size, format: 'png' });
    const pixel = async (x: number, y: number) => [
      ...(await sharp(png).extract({ left: x, top: y, width: 1, height: 1 }).removeAlpha().raw().toBuffer()),
    ];
    const centre = await pixel(Math.floor(icon.size / 2), Math.floor(icon.size / 2));
    expect(centre[0]! > 150 && centre[1]! < 60, `${icon.fileName} centre ${centre}`).toBe(true);
    if (icon.fullBleed) {
      expect(hasAlpha, icon.fileName).toBe(false);
      expect(await pixel(0, 0), icon.fileName).toEqual([0x0b, 0x5d, 0x3b]);
    }
  }
});

it("names a PNG the build writes as the tab's icon, the manifest's and a notification's icon and badge, never an SVG", () => {
  const built = new Set([...APP_ICONS.map((icon) => `/${icon.fileName}`), `/${NOTIFICATION_BADGE.fileName}`]);
  const page = readFileSync('index.html', 'utf8');
  expect(page).toContain('<link rel="icon" href="/icons/favicon-48.png" type="image/png" sizes="48x48" />');
  expect(page).not.toContain('.svg');
  expect(manifest.icons.filter((icon) => icon.type !== 'image/png' || icon.src.endsWith('.svg'))).toEqual([]);
  expect(APP_ICONS.find((icon) => icon.fileName === 'icons/favicon-48.png')).toMatchObject({
    size: 48,
    fullBleed: false,
  });
  const worker = readFileSync('public/push-sw.js', 'utf8');
  const named = [...worker.matchAll(/(icon|badge): '([^']+)'/g)].map((match) => [match[1], match[2]]);
  expect(named).toEqual([
    ['icon', '/icons/icon-192.png'],
    ['badge', '/icons/badge-96.png'],
  ]);
  for (const [, src] of named) expect(built.has(src!), src).toBe(true);
});

it("draws the notification's badge as the ball's white silhouette, its seams and corners transparent", async () => {
  const png = await renderNotificationBadge();
  const { width, height, format, hasAlpha } = await sharp(png).metadata();
  expect({ width, height, format, hasAlpha }).toEqual({ width: 96, height: 96, format: 'png', hasAlpha: true });
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4)];
  expect(at(0, 0)[3]).toBe(0);
  expect(at(48, 48)).toEqual([255, 255, 255, 255]);
  let opaque = 0;
  let seamGaps = 0;
  for (let y = 0; y < 96; y++)
    for (let x = 0; x < 96; x++) {
      const [r, g, b, a] = at(x, y);
      if (a! > 0) expect([r, g, b], `${x},${y}`).toEqual([255, 255, 255]);
      if (a === 255) opaque++;
      // Inside the ball (radius 14 of 32, 42 px) but cut out: the seams.
      if (a === 0 && (x - 48) ** 2 + (y - 48) ** 2 < 38 ** 2) seamGaps++;
    }
  expect(opaque).toBeGreaterThan(3000);
  expect(seamGaps).toBeGreaterThan(100);
});
