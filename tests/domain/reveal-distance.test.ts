import { describe, expect, it } from 'vitest';
import { revealDistance } from '../../domain/reveal-distance.ts';

describe('revealDistance', () => {
  it('stays in pixels (one decimal) when the ball width is unknown', () => {
    expect(revealDistance(31.44, null)).toEqual({ kind: 'pixels', pixels: 31.4 });
    expect(revealDistance(31.45, undefined)).toEqual({ kind: 'pixels', pixels: 31.5 });
    expect(revealDistance(12, 0)).toEqual({ kind: 'pixels', pixels: 12 });
  });

  it('is on the ball within its radius, then under one width, then in widths to one decimal', () => {
    expect(revealDistance(0, 24)).toEqual({ kind: 'onBall', pixels: 0 });
    expect(revealDistance(12, 24)).toEqual({ kind: 'onBall', pixels: 12 });
    expect(revealDistance(12.1, 24)).toEqual({ kind: 'underOneWidth', pixels: 12.1 });
    expect(revealDistance(23.9, 24)).toEqual({ kind: 'underOneWidth', pixels: 23.9 });
    expect(revealDistance(24, 24)).toEqual({ kind: 'widths', widths: 1, pixels: 24 });
    expect(revealDistance(28.8, 24)).toEqual({ kind: 'widths', widths: 1.2, pixels: 28.8 });
    expect(revealDistance(1000, 24)).toEqual({ kind: 'widths', widths: 41.7, pixels: 1000 });
  });
});
