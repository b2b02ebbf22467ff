import { describe, expect, it } from 'vitest';
import { ticketNumber } from '../../domain/tickets.ts';
import { ticketCropBox } from '../../src/ui/ticket-crop.ts';

const picture = { width: 2400, height: 1600 };

describe('ticketCropBox', () => {
  it('scales the picture so the span fills the square and centres the marked pixel', () => {
    const box = ticketCropBox({ point: { x: 1200, y: 800 }, picture, box: 80, span: 200 });
    expect(box.scale).toBe(0.4);
    expect(box.imageWidth).toBe(960);
    expect(box.imageHeight).toBe(640);
    // Pixel 1200 spans 1200..1201; its centre, 1200.5, is 480.2 CSS px into the drawn picture.
    expect(box.offsetX).toBeCloseTo(40 - 480.2, 9);
    expect(box.offsetY).toBeCloseTo(40 - 320.2, 9);
    expect(box.markX).toBeCloseTo(40, 9);
    expect(box.markY).toBeCloseTo(40, 9);
  });

  it('keeps the square inside the picture at its edges and moves the crosshair to the mark', () => {
    const topLeft = ticketCropBox({ point: { x: 0, y: 0 }, picture, box: 80, span: 200 });
    expect([topLeft.offsetX, topLeft.offsetY]).toEqual([0, 0]);
    expect([topLeft.markX, topLeft.markY]).toEqual([0.2, 0.2]);
    const bottomRight = ticketCropBox({ point: { x: 2399, y: 1599 }, picture, box: 80, span: 200 });
    expect(bottomRight.offsetX).toBeCloseTo(80 - 960, 9);
    expect(bottomRight.offsetY).toBeCloseTo(80 - 640, 9);
    expect(bottomRight.markX).toBeCloseTo(79.8, 9);
    expect(bottomRight.markY).toBeCloseTo(79.8, 9);
  });

  it('shows the whole short side of a picture smaller than the span, never beyond it', () => {
    const small = ticketCropBox({ point: { x: 60, y: 50 }, picture: { width: 300, height: 100 }, box: 80, span: 200 });
    expect(small.scale).toBe(0.8);
    expect(small.imageHeight).toBe(80);
    expect(small.offsetY).toBe(0);
    expect(small.offsetX).toBeCloseTo(40 - 60.5 * 0.8, 9);
  });

  it('refuses sizes that draw nothing', () => {
    expect(() => ticketCropBox({ point: { x: 0, y: 0 }, picture, box: 0, span: 200 })).toThrow(RangeError);
    expect(() =>
      ticketCropBox({ point: { x: 0, y: 0 }, picture: { width: 0, height: 10 }, box: 80, span: 200 }),
    ).toThrow(RangeError);
  });
});

describe('ticketNumber', () => {
  it('numbers tickets from 1 in the order they were marked', () => {
    expect([0, 1, 2].map(ticketNumber)).toEqual([1, 2, 3]);
  });
});
