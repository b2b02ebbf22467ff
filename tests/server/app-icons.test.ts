// The home-screen icons the build writes (scripts/app-icons.ts): PNG at the sizes the manifest and
// index.html name, the maskable and Apple's opaque, green to the edges with the mark in the middle.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { APP_ICONS, renderAppIcon } from '../../scripts/app-icons.ts';

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
