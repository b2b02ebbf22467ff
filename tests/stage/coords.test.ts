import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ClientRect,
  clientToFraction,
  clientToImage,
  clientToScreen,
  fitView,
  fractionToImage,
  imageToFraction,
  pictureFraction,
  imagePoint,
  imageToWorld,
  screenPoint,
  screenToClient,
  screenToWorld,
  variantScale,
  worldPoint,
  worldToImage,
  worldToScreen,
  zoomAt,
} from '../../src/stage/coords.ts';

const image = { width: 8000, height: 5000 };
const logical = { width: 360, height: 540 };

/** Where a test (or a user) must point to hit the centre of an image pixel. */
function clientOf(pixel: { x: number; y: number }, rect: ClientRect, view: { scale: number; x: number; y: number }) {
  return screenToClient(worldToScreen(imageToWorld(imagePoint(pixel.x, pixel.y)), view), rect, logical);
}

describe('coordinate spaces', () => {
  it('maps screen to world and back', () => {
    const view = { scale: 2.5, x: -120, y: 40 };
    const world = screenToWorld(screenPoint(100, 200), view);
    expect(world).toEqual({ x: 88, y: 64 });
    expect(worldToScreen(world, view)).toEqual({ x: 100, y: 200 });
  });

  it('floors a world point to the original pixel and refuses points outside the photo', () => {
    expect(worldToImage(worldPoint(10.99, 0), image)).toEqual({ x: 10, y: 0 });
    expect(worldToImage(worldPoint(7999.999, 4999.5), image)).toEqual({ x: 7999, y: 4999 });
    expect(worldToImage(worldPoint(-0.001, 10), image)).toBeNull();
    expect(worldToImage(worldPoint(8000, 10), image)).toBeNull();
    expect(worldToImage(worldPoint(10, 5000), image)).toBeNull();
  });

  it('undoes CSS scaling of the canvas box', () => {
    const rect = { left: 10, top: 20, width: 720, height: 1080 }; // drawn at twice its logical size
    expect(clientToScreen(10 + 360, 20 + 540, rect, logical)).toEqual({ x: 180, y: 270 });
  });

  it('fits a picture centred in the stage', () => {
    const view = fitView(logical, image);
    expect(view.scale).toBeCloseTo(0.045);
    expect(view.x).toBeCloseTo(0);
    expect(view.y).toBeCloseTo((540 - 5000 * 0.045) / 2);
  });

  it('keeps the point under the pointer fixed while zooming, within the limits', () => {
    const view = fitView(logical, image);
    const anchor = screenPoint(200, 300);
    const before = screenToWorld(anchor, view);
    const zoomed = zoomAt(view, anchor, 4, view.scale, view.scale * 12);
    const after = screenToWorld(anchor, zoomed);
    expect(after.x).toBeCloseTo(before.x, 9);
    expect(after.y).toBeCloseTo(before.y, 9);
    expect(zoomAt(zoomed, anchor, 1000, view.scale, view.scale * 12).scale).toBeCloseTo(view.scale * 12);
    expect(zoomAt(zoomed, anchor, 0.0001, view.scale, view.scale * 12).scale).toBeCloseTo(view.scale);
  });

  it('scales a display variant up to the original', () => {
    expect(variantScale({ width: 8000, height: 5000 }, { width: 4096, height: 2560 })).toBeCloseTo(1.953125);
  });
});

describe('round trip: image pixel -> screen -> image pixel', () => {
  const zooms = [1, 2, 4, 12, 24];
  const cssScales = [0.5, 1, 1.75];
  const devicePixelRatios = [1, 2, 3];

  it('returns the same pixel for a grid of targets, zooms, pans, offsets, CSS scales and DPRs', () => {
    const fit = fitView(logical, image);
    const targets = [
      { x: 0, y: 0 },
      { x: 7999, y: 4999 },
      { x: 4000, y: 2500 },
      { x: 1234, y: 4321 },
      { x: 7998, y: 1 },
    ];
    let checked = 0;
    for (const zoom of zooms) {
      for (const css of cssScales) {
        for (const dpr of devicePixelRatios) {
          for (const target of targets) {
            // Centre the view on the target, as a player zooming in on it would.
            const scale = fit.scale * zoom;
            const view = {
              scale,
              x: logical.width / 2 - (target.x + 0.5) * scale,
              y: logical.height / 2 - (target.y + 0.5) * scale,
            };
            // The device pixel ratio changes the backing store, not the CSS box or event positions.
            const rect = { left: 13.5, top: 77.25, width: logical.width * css, height: logical.height * css };
            const backing = { width: Math.round(rect.width * dpr), height: Math.round(rect.height * dpr) };
            expect(backing.width).toBeGreaterThan(0);
            const client = clientOf(target, rect, view);
            expect(clientToImage(client.x, client.y, rect, logical, view, image)).toEqual(target);
            checked++;
          }
        }
      }
    }
    expect(checked).toBe(zooms.length * cssScales.length * devicePixelRatios.length * 5);
  });

  it('holds for any pixel, view and canvas placement (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: image.width - 1 }),
        fc.integer({ min: 0, max: image.height - 1 }),
        fc.double({ min: 0.02, max: 2, noNaN: true }),
        fc.double({ min: -5000, max: 5000, noNaN: true }),
        fc.double({ min: -5000, max: 5000, noNaN: true }),
        fc.double({ min: 0.25, max: 3, noNaN: true }),
        fc.double({ min: -200, max: 2000, noNaN: true }),
        (x, y, scale, panX, panY, css, left) => {
          const view = { scale, x: panX, y: panY };
          const rect = { left, top: left / 2, width: logical.width * css, height: logical.height * css };
          const client = clientOf({ x, y }, rect, view);
          expect(clientToImage(client.x, client.y, rect, logical, view, image)).toEqual({ x, y });
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('round trip: image pixel -> fraction of the picture -> image pixel (taps before the stage draws)', () => {
  it('returns the same pixel for any pixel of any picture size (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12000 }),
        fc.integer({ min: 1, max: 12000 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (width, height, fx, fy) => {
          const size = { width, height };
          const pixel = imagePoint(Math.floor(fx * width), Math.floor(fy * height));
          expect(fractionToImage(imageToFraction(pixel, size), size)).toEqual(pixel);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('a tap on the picture shown as an image names the pixel the stage would, whatever copy is shown', () => {
    // The fitted view of the stage over the same box, and the image element's own fit of a copy.
    const rect = { left: 10, top: 20, width: 360, height: 540 };
    const box = { width: rect.width, height: rect.height };
    const view = fitView(box, image);
    const copies = [image, { width: 1280, height: 800 }, { width: 800, height: 500 }];
    const targets = [
      { x: 0, y: 0 },
      { x: 7999, y: 4999 },
      { x: 4000, y: 2500 },
      { x: 1234, y: 4321 },
    ];
    for (const copy of copies) {
      for (const target of targets) {
        const client = screenToClient(worldToScreen(imageToWorld(imagePoint(target.x, target.y)), view), rect, box);
        const fraction = clientToFraction(client.x, client.y, rect, copy);
        expect(fraction).not.toBeNull();
        // At fit one CSS px covers 22 original px: the copy's rounding moves a tap by less than one.
        const pixel = fractionToImage(fraction!, image)!;
        expect(Math.abs(pixel.x - target.x)).toBeLessThanOrEqual(copy === image ? 0 : 1);
        expect(Math.abs(pixel.y - target.y)).toBeLessThanOrEqual(copy === image ? 0 : 1);
        if (copy === image) expect(pixel).toEqual(clientToImage(client.x, client.y, rect, box, view, image));
      }
    }
  });

  it('is null on the bands around the fitted picture and outside it', () => {
    const rect = { left: 0, top: 0, width: 400, height: 400 };
    // A 2:1 picture shows 400 x 200, from 100 px down.
    const copy = { width: 1000, height: 500 };
    expect(clientToFraction(200, 50, rect, copy)).toBeNull();
    expect(clientToFraction(200, 350, rect, copy)).toBeNull();
    expect(clientToFraction(0, 100, rect, copy)).toEqual(pictureFraction(0, 0));
    expect(clientToFraction(200, 200, rect, copy)).toEqual(pictureFraction(0.5, 0.5));
    expect(fractionToImage(pictureFraction(1, 0.5), image)).toBeNull();
    expect(fractionToImage(pictureFraction(-0.01, 0.5), image)).toBeNull();
  });
});
