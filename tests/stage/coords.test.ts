import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ClientRect,
  clientToImage,
  clientToScreen,
  fitView,
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
