/**
 * A build step for the stage's start (issue 29): Pixi's CanvasTextMetrics (in the graph of the
 * stage's Text, the marks' labels) makes an Intl.Segmenter when its module is evaluated, to split
 * text into graphemes for letter spacing and word wrap, and splits every text it measures to count
 * its letters, even when that count is multiplied by a letter spacing of 0. Making the segmenter
 * loads the browser's Unicode break data: traced at 4x CPU, 62 ms of the 106 ms task that evaluates
 * Pixi's parts for the stage, and 63-82 ms of the first label's drawing once made lazily.
 * This step makes the segmenter on the first split, and measures a text without letter spacing
 * without splitting it (the count times 0 is 0: the same widths); the stage's labels, which have no
 * letter spacing or word wrap, never make one. It fails the build if a Pixi upgrade changed the
 * code it expects.
 */
import type { Plugin } from 'vite';
import { dependencyRewrites, replaceEachOnce } from './dependency-rewrite.ts';

const MODULE = /pixi\.js[\\/]lib[\\/]scene[\\/]text[\\/]canvas[\\/]CanvasTextMetrics\.mjs$/;

const EAGER = `    const segmenter = new Intl.Segmenter();
    return (s) => {
      const segments = segmenter.segment(s);`;
const LAZY = `    let segmenter;
    return (s) => {
      segmenter ??= new Intl.Segmenter();
      const segments = segmenter.segment(s);`;

const COUNTED = 'letterSpacingVal = (_CanvasTextMetrics.graphemeSegmenter(text).length - 1) * letterSpacing;';
const COUNTED_WHEN_SPACED =
  'letterSpacingVal = letterSpacing === 0 ? 0 : (_CanvasTextMetrics.graphemeSegmenter(text).length - 1) * letterSpacing;';

/**
 * CanvasTextMetrics.mjs with its grapheme segmenter made on first use instead of at evaluation,
 * and not asked to count the letters of a text without letter spacing.
 */
export function lazyGraphemeSegmenter(code: string): string {
  return replaceEachOnce(
    code,
    [
      [EAGER, LAZY],
      [COUNTED, COUNTED_WHEN_SPACED],
    ],
    'pixi-text-segmenter: Pixi changed CanvasTextMetrics.mjs; check where it makes its Intl.Segmenter',
  );
}

/** The Vite plugin applying lazyGraphemeSegmenter to Pixi's CanvasTextMetrics module. */
export function lazyPixiSegmenter(): Plugin {
  return dependencyRewrites('cricspot-lazy-pixi-segmenter', [[MODULE, lazyGraphemeSegmenter]]);
}
