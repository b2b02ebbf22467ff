import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fitView,
  imagePoint,
  imageToWorld,
  screenPoint,
  screenToWorld,
  worldToScreen,
} from '../../src/stage/coords.ts';
import {
  DELETE_CONTROL,
  MARK,
  MIN_ZOOM_OVER_FIT,
  ZOOM_BUTTONS_BAND,
  centrePixel,
  deleteControlSpot,
  hintPlacement,
  hitsMark,
  markUnder,
  chooseVariant,
  drawableVariants,
  drawnVariant,
  fitDrawnVariant,
  phoneCopy,
  clampView,
  hitsLabel,
  isAtFit,
  isTap,
  keyAction,
  loupeCentre,
  loupeScale,
  neighbourId,
  nudge,
  panToShow,
  pinchView,
  viewCentredOn,
  wheelFactor,
  zoomLimits,
  zoomViewAt,
} from '../../src/stage/view.ts';
import type { GamePicture } from '../../domain/practice.ts';

const image = { width: 8000, height: 5000 };
const phone = { width: 360, height: 540 };
const laptop = { width: 1280, height: 700 };

describe('zoom limits and clamping', () => {
  it('zooms from fit to at least 12x, and far enough to see single pixels of a huge photo', () => {
    for (const stage of [phone, laptop]) {
      const limits = zoomLimits(stage, image);
      expect(limits.min).toBeCloseTo(fitView(stage, image).scale, 12);
      expect(limits.max / limits.min).toBeGreaterThanOrEqual(MIN_ZOOM_OVER_FIT);
      expect(limits.max).toBeGreaterThanOrEqual(8);
    }
    const small = { width: 400, height: 300 };
    expect(zoomLimits(laptop, small).max / zoomLimits(laptop, small).min).toBeCloseTo(12);
  });

  it('keeps the picture in the view for any requested view (property)', () => {
    const limits = zoomLimits(phone, image);
    fc.assert(
      fc.property(
        fc.double({ min: 0.001, max: 100, noNaN: true }),
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        (scale, x, y) => {
          const view = clampView({ scale, x, y }, phone, image, limits);
          expect(view.scale).toBeGreaterThanOrEqual(limits.min);
          expect(view.scale).toBeLessThanOrEqual(limits.max);
          const drawnW = image.width * view.scale;
          const drawnH = image.height * view.scale;
          // Either centred (smaller than the stage) or covering it without a gap at either edge.
          if (drawnW <= phone.width) expect(view.x).toBeCloseTo((phone.width - drawnW) / 2, 6);
          else expect(view.x <= 1e-9 && view.x + drawnW >= phone.width - 1e-6).toBe(true);
          if (drawnH <= phone.height) expect(view.y).toBeCloseTo((phone.height - drawnH) / 2, 6);
          else expect(view.y <= 1e-9 && view.y + drawnH >= phone.height - 1e-6).toBe(true);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('is a no-op on a view that is already inside', () => {
    const limits = zoomLimits(laptop, image);
    const view = viewCentredOn(limits.min * 4, 4000, 2500, laptop, image, limits);
    expect(clampView(view, laptop, image, limits)).toEqual(view);
    expect(isAtFit(viewCentredOn(limits.min, 0, 0, laptop, image, limits), limits)).toBe(true);
    expect(isAtFit(view, limits)).toBe(false);
  });

  it('centres a pixel when there is room and stops at the edge when there is not', () => {
    const limits = zoomLimits(laptop, image);
    const view = viewCentredOn(2, 4000.5, 2500.5, laptop, image, limits);
    expect(worldToScreen(imageToWorld(imagePoint(4000, 2500)), view)).toEqual({ x: 640, y: 350 });
    const corner = viewCentredOn(2, 0.5, 0.5, laptop, image, limits);
    expect(corner.x).toBe(0);
    expect(corner.y).toBe(0);
  });

  it("zoomed in, lets the picture rise by the zoom buttons' band at the bottom, so its last row is never under them", () => {
    const limits = zoomLimits(laptop, image, ZOOM_BUTTONS_BAND);
    expect(limits.bottomInset).toBe(ZOOM_BUTTONS_BAND);
    // Centred on the bottom-right pixel at 12x: its centre is above the band, at the right edge.
    const corner = viewCentredOn(limits.min * 12, image.width - 0.5, image.height - 0.5, laptop, image, limits);
    const at = worldToScreen(imageToWorld(imagePoint(image.width - 1, image.height - 1)), corner);
    expect(at.y).toBeLessThan(laptop.height - ZOOM_BUTTONS_BAND);
    expect(at.x).toBeGreaterThan(laptop.width - corner.scale);
    // The top-left still stops at the stage's corner, and the fitted picture is centred as before.
    const topLeft = viewCentredOn(limits.min * 12, 0.5, 0.5, laptop, image, limits);
    expect(topLeft).toMatchObject({ x: 0, y: 0 });
    expect(clampView({ scale: limits.min, x: 99, y: 99 }, laptop, image, limits)).toEqual(
      clampView({ scale: limits.min, x: 99, y: 99 }, laptop, image, zoomLimits(laptop, image)),
    );
    // Never more than the band: the picture's bottom edge stops there (property).
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 12, noNaN: true }),
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        (times, y) => {
          const view = clampView({ scale: limits.min * times, x: 0, y }, laptop, image, limits);
          const bottom = view.y + image.height * view.scale;
          if (image.height * view.scale > laptop.height)
            expect(bottom).toBeGreaterThanOrEqual(laptop.height - ZOOM_BUTTONS_BAND - 1e-6);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('zooms about the pointer and clamps', () => {
    const limits = zoomLimits(laptop, image);
    const start = viewCentredOn(limits.min * 3, 4000, 2500, laptop, image, limits);
    const anchor = screenPoint(500, 300);
    const before = screenToWorld(anchor, start);
    const zoomed = zoomViewAt(start, anchor, 2, laptop, image, limits);
    const after = screenToWorld(anchor, zoomed);
    expect(after.x).toBeCloseTo(before.x, 9);
    expect(after.y).toBeCloseTo(before.y, 9);
    expect(zoomViewAt(start, anchor, 1e6, laptop, image, limits).scale).toBe(limits.max);
    expect(zoomViewAt(start, anchor, 1e-6, laptop, image, limits).scale).toBe(limits.min);
  });
});

describe('gestures', () => {
  it('tells a tap from a drag with a slop per pointer type', () => {
    expect(isTap({ x: 10, y: 10 }, { x: 13, y: 13 }, 'mouse')).toBe(true);
    expect(isTap({ x: 10, y: 10 }, { x: 14, y: 14 }, 'mouse')).toBe(false);
    expect(isTap({ x: 10, y: 10 }, { x: 16, y: 16 }, 'touch')).toBe(true);
    expect(isTap({ x: 10, y: 10 }, { x: 18, y: 18 }, 'touch')).toBe(false);
    expect(isTap({ x: 0, y: 0 }, { x: 4, y: 0 }, 'unknown')).toBe(true);
  });

  it('zooms in on wheel up, out on wheel down, and harder for a trackpad pinch per pixel', () => {
    expect(wheelFactor(-100, 0, false)).toBeGreaterThan(1);
    expect(wheelFactor(100, 0, false)).toBeLessThan(1);
    expect(wheelFactor(-10, 0, true)).toBeGreaterThan(wheelFactor(-10, 0, false));
    expect(wheelFactor(-3, 1, false)).toBeCloseTo(wheelFactor(-48, 0, false));
    expect(wheelFactor(-1e6, 0, false)).toBeCloseTo(wheelFactor(-200, 0, false));
  });

  it("pinches about the fingers' midpoint and pans with it", () => {
    const limits = zoomLimits(laptop, image);
    const start = viewCentredOn(limits.min * 2, 4000, 2500, laptop, image, limits);
    const a = screenPoint(500, 300);
    const b = screenPoint(700, 300);
    const mid = screenPoint(600, 300);
    const before = screenToWorld(mid, start);
    const spread = pinchView(start, [a, b], [screenPoint(450, 300), screenPoint(750, 300)], laptop, image, limits);
    expect(spread.scale).toBeCloseTo(start.scale * 1.5, 9);
    expect(screenToWorld(mid, spread).x).toBeCloseTo(before.x, 6);
    const moved = pinchView(start, [a, b], [screenPoint(520, 310), screenPoint(720, 310)], laptop, image, limits);
    expect(moved.x).toBeCloseTo(start.x + 20, 9);
    expect(moved.y).toBeCloseTo(start.y + 10, 9);
  });
});

describe('variants', () => {
  const picture: GamePicture = {
    width: 8000,
    height: 5000,
    variants: [
      { name: 'large', url: '/l.jpg', width: 4096, height: 2560 },
      { name: 'small', url: '/s.jpg', width: 1600, height: 1000 },
    ],
  };

  it('picks small below 1400 device px and large otherwise', () => {
    expect(chooseVariant(picture, 360, 3).name).toBe('small');
    expect(chooseVariant(picture, 360, 4).name).toBe('large');
    expect(chooseVariant(picture, 1280, 1).name).toBe('small');
    expect(chooseVariant(picture, 1400, 1).name).toBe('large');
    expect(chooseVariant(picture, 800, 2).name).toBe('large');
  });

  it('falls back to what exists', () => {
    expect(chooseVariant({ ...picture, variants: [picture.variants[1]!] }, 3000, 2).name).toBe('small');
    expect(chooseVariant({ ...picture, variants: [picture.variants[0]!] }, 300, 1).name).toBe('large');
    expect(() => chooseVariant({ ...picture, variants: [] }, 300, 1)).toThrow();
  });
});

describe('the copy the stage draws', () => {
  // A contest picture as the server describes it: 2400 x 1600, small 1280 px, large the original.
  const picture: GamePicture = {
    width: 2400,
    height: 1600,
    variants: [
      { name: 'small', url: '/api/v1/pictures/p/small', width: 1280, height: 853 },
      { name: 'large', url: '/api/v1/pictures/p/large', width: 2400, height: 1600 },
    ],
  };
  // The play screen's stage on a 360 px phone.
  const phoneStage = { width: 360, height: 192 };

  it("offers the small variant's phone copy, 800 px wide, where the small one is wider", () => {
    expect(phoneCopy(picture)).toEqual({
      name: 'phone',
      url: '/api/v1/pictures/p/small?w=800',
      width: 800,
      height: 533,
    });
    expect(drawableVariants(picture).map((variant) => variant.name)).toEqual(['phone', 'small', 'large']);
    const narrow = { ...picture, variants: [{ ...picture.variants[0]!, width: 800, height: 533 }] };
    expect(phoneCopy(narrow)).toBeNull();
    expect(drawableVariants(narrow)).toEqual(narrow.variants);
    // A picture the page drew itself (a data: address) has no phone copy to ask for.
    const drawn = {
      ...picture,
      variants: picture.variants.map((variant) => ({ ...variant, url: 'data:image/jpeg;base64,AAAA' })),
    };
    expect(phoneCopy(drawn)).toBeNull();
    expect(fitDrawnVariant(drawn, { width: 360, height: 192 }, 2).name).toBe('small');
  });

  it("draws a phone's fit from the phone copy, at more than half its size", () => {
    const fitted = fitDrawnVariant(picture, phoneStage, 2);
    expect(fitted.name).toBe('phone');
    // Fitted into 720 x 384 device px: drawn at 384 / 533 of its size.
    const drawnAt = (fitView(phoneStage, picture).scale * picture.width * 2) / fitted.width;
    expect(drawnAt).toBeGreaterThan(0.5);
    // The small variant would have been drawn at under half its size.
    expect((fitView(phoneStage, picture).scale * picture.width * 2) / 1280).toBeLessThan(0.5);
  });

  it('moves to the small, then the large variant as a zoom or a wider screen needs more pixels', () => {
    const fit = fitView(phoneStage, picture).scale;
    expect(drawnVariant(picture, phoneStage, fit, 2).name).toBe('phone');
    expect(drawnVariant(picture, phoneStage, fit, 3).name).toBe('small');
    expect(drawnVariant(picture, phoneStage, fit * 2, 2).name).toBe('small');
    expect(drawnVariant(picture, phoneStage, fit * 6, 2).name).toBe('large');
    expect(fitDrawnVariant(picture, { width: 1024, height: 600 }, 1).name).toBe('small');
    expect(fitDrawnVariant(picture, { width: 1440, height: 900 }, 1).name).toBe('large');
  });
});

describe('keyboard', () => {
  it('maps keys to actions and leaves modified keys to the browser', () => {
    expect(keyAction('ArrowLeft', false, false)).toEqual({ type: 'move', dx: -1, dy: 0 });
    expect(keyAction('ArrowDown', true, false)).toEqual({ type: 'move', dx: 0, dy: 10 });
    expect(keyAction('Enter', false, false)).toEqual({ type: 'placeCentre' });
    expect(keyAction(']', false, false)).toEqual({ type: 'select', step: 1 });
    expect(keyAction('n', false, false)).toEqual({ type: 'select', step: 1 });
    expect(keyAction('[', false, false)).toEqual({ type: 'select', step: -1 });
    expect(keyAction('p', false, false)).toEqual({ type: 'select', step: -1 });
    expect(keyAction('+', true, false)?.type).toBe('zoom');
    expect(keyAction('-', false, false)?.type).toBe('zoom');
    expect(keyAction('0', false, false)).toEqual({ type: 'resetZoom' });
    expect(keyAction('ArrowLeft', false, true)).toBeNull();
    expect(keyAction('Tab', false, false)).toBeNull();
  });

  it('selects neighbours with wrap-around', () => {
    const ids = ['a', 'b', 'c'];
    expect(neighbourId(ids, 'a', 1)).toBe('b');
    expect(neighbourId(ids, 'c', 1)).toBe('a');
    expect(neighbourId(ids, 'a', -1)).toBe('c');
    expect(neighbourId(ids, null, 1)).toBe('a');
    expect(neighbourId(ids, 'gone', -1)).toBe('c');
    expect(neighbourId([], 'a', 1)).toBeNull();
  });

  it('nudges inside the picture and finds the centre pixel', () => {
    expect(nudge({ x: 0, y: 4999 }, -10, 10, image)).toEqual({ x: 0, y: 4999 });
    expect(nudge({ x: 100, y: 100 }, 10, -1, image)).toEqual({ x: 110, y: 99 });
    const limits = zoomLimits(laptop, image);
    expect(centrePixel(viewCentredOn(4, 1234.5, 777.5, laptop, image, limits), laptop, image)).toEqual({
      x: 1234,
      y: 777,
    });
    // At fit the middle of a wide stage may fall outside a tall picture: it is clamped inside.
    expect(centrePixel({ scale: 0.01, x: 1000, y: 0 }, laptop, image)).toEqual({ x: 0, y: 4999 });
  });

  it('pans a point that left the view back in, with a margin', () => {
    const limits = zoomLimits(laptop, image);
    const view = viewCentredOn(2, 4000, 2500, laptop, image, limits);
    const panned = panToShow(view, screenPoint(1300, 350), laptop, image, limits);
    expect(panned.x).toBeCloseTo(view.x - (1300 - (1280 - 32)), 9);
    expect(panToShow(view, screenPoint(600, 300), laptop, image, limits)).toBe(view);
  });
});

describe('loupe and marks', () => {
  it('puts the loupe above the finger, below it near the top, and inside the stage', () => {
    expect(loupeCentre(screenPoint(180, 400), phone)).toEqual({ x: 180, y: 400 - 48 - 64 });
    expect(loupeCentre(screenPoint(180, 40), phone)).toEqual({ x: 180, y: 40 + 48 + 64 });
    expect(loupeCentre(screenPoint(5, 400), phone).x).toBe(64);
    expect(loupeCentre(screenPoint(358, 400), phone).x).toBe(360 - 64);
    expect(loupeScale(0.05)).toBe(12);
    expect(loupeScale(10)).toBe(30);
  });

  it("hits a mark's number up and right of its crosshair, not the crosshair itself", () => {
    const mark = screenPoint(100, 100);
    expect(hitsLabel(screenPoint(115, 85), mark)).toBe(true);
    expect(hitsLabel(screenPoint(100, 100), mark)).toBe(false);
    expect(hitsLabel(screenPoint(130, 85), mark)).toBe(false);
  });

  it('a tap within 12 screen px of a mark, or on its number, is on the mark; farther is an empty spot', () => {
    const mark = screenPoint(100, 100);
    expect(MARK.hitRadius).toBe(12);
    expect(hitsMark(screenPoint(100, 100), mark)).toBe(true);
    expect(hitsMark(screenPoint(112, 100), mark)).toBe(true);
    expect(hitsMark(screenPoint(108, 108.4), mark)).toBe(true);
    expect(hitsMark(screenPoint(100, 113), mark)).toBe(false);
    expect(hitsMark(screenPoint(88, 91), mark)).toBe(false);
    expect(hitsMark(screenPoint(126, 78), mark)).toBe(true); // its number
  });

  it('picks the nearest mark under a tap, and none on an empty spot', () => {
    const marks = [
      { id: 'a', at: screenPoint(100, 100) },
      { id: 'b', at: screenPoint(110, 100) },
      { id: 'c', at: screenPoint(300, 300) },
    ];
    expect(markUnder(screenPoint(103, 100), marks)).toBe('a');
    expect(markUnder(screenPoint(107, 101), marks)).toBe('b');
    expect(markUnder(screenPoint(200, 200), marks)).toBeNull();
    expect(markUnder(screenPoint(310, 292), marks)).toBe('c');
    expect(markUnder(screenPoint(0, 0), [])).toBeNull();
  });

  it('puts the delete control below the mark, clear of its hit radius and number; elsewhere near an edge or the zoom buttons', () => {
    const stage = { width: 360, height: 400 };
    const half = DELETE_CONTROL.size / 2;
    const inside = (spot: { x: number; y: number }) =>
      spot.x - half >= 0 && spot.y - half >= 0 && spot.x + half <= stage.width && spot.y + half <= stage.height;
    const below = deleteControlSpot(screenPoint(100, 100), stage);
    expect(below).toEqual({ x: 100, y: 138 });
    // Its 44 px box stays off the mark's 12 px hit circle and its number.
    expect(below.y - half).toBeGreaterThan(100 + MARK.hitRadius);
    // Near the foot of the stage: to the left; in the bottom-left corner: above and to the left, or right.
    expect(deleteControlSpot(screenPoint(100, 360), stage)).toEqual({ x: 62, y: 360 });
    expect(deleteControlSpot(screenPoint(100, 385), stage)).toEqual({ x: 100 - 28.5, y: 385 - 28.5 });
    for (const at of [screenPoint(10, 390), screenPoint(350, 10), screenPoint(340, 380), screenPoint(5, 5)]) {
      const spot = deleteControlSpot(at, stage);
      expect(inside(spot)).toBe(true);
    }
    // Never on the zoom buttons in the bottom-right corner when there is another place.
    const nearButtons = deleteControlSpot(screenPoint(300, 330), stage);
    expect(nearButtons.y + half <= stage.height - ZOOM_BUTTONS_BAND || nearButtons.x + half <= 360 - 156).toBe(true);
  });

  it('puts the zoom hint at the foot of the stage, at its top when a mark is there, nowhere when both are taken', () => {
    const stage = { width: 360, height: 300 };
    const hint = { width: 280, height: 30 };
    expect(hintPlacement([], stage, hint)).toBe('bottom');
    expect(hintPlacement([screenPoint(300, 50)], stage, hint)).toBe('bottom');
    expect(hintPlacement([screenPoint(100, 280)], stage, hint)).toBe('top');
    // A mark just right of the hint whose number would reach over it counts.
    expect(hintPlacement([screenPoint(285, 290)], stage, hint)).toBe('top');
    expect(hintPlacement([screenPoint(330, 290)], stage, hint)).toBe('bottom');
    expect(hintPlacement([screenPoint(100, 280), screenPoint(40, 20)], stage, hint)).toBeNull();
  });
});
