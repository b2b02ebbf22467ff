/**
 * The practice game's answers read without zod (issue 29): the practice screen reads them as it
 * opens and as it reveals, and zod is not part of its first paint. The checks accept exactly what
 * practicePairSchema and practiceResultSchema (practice.ts) accept;
 * tests/domain/practice-answers.test.ts holds them together.
 */
import type { PracticePairAnswer, PracticeResultAnswer } from './practice.ts';
import { isInt, isNumber, isObject, isString } from './value-checks.ts';

/** The error codes of the practice calls and the spec's words for them. */
export const PRACTICE_ERROR_CODES = { noImagePairs: 'NO_IMAGE_PAIRS', noGameImage: 'NO_GAME_IMAGE' } as const;
export const PRACTICE_ERROR_MESSAGES = {
  noImagePairs: 'No image pairs available',
  noGameImage: 'No game image available',
} as const;

function isPictureVariant(value: unknown): boolean {
  return (
    isObject(value) &&
    (value['name'] === 'small' || value['name'] === 'large') &&
    isString(value['url']) &&
    isInt(value['width']) &&
    isInt(value['height'])
  );
}

function isGamePicture(value: unknown): boolean {
  return (
    isObject(value) &&
    isInt(value['width']) &&
    isInt(value['height']) &&
    Array.isArray(value['variants']) &&
    value['variants'].every(isPictureVariant)
  );
}

export function isPracticePair(value: unknown): value is PracticePairAnswer {
  return isObject(value) && isString(value['pairId']) && isGamePicture(value['picture']);
}

export function isPracticeResult(value: unknown): value is PracticeResultAnswer {
  if (!isObject(value)) return false;
  const { ball, distances, bestIndex, ballWidth, reveal } = value;
  return (
    isObject(ball) &&
    isInt(ball['x']) &&
    isInt(ball['y']) &&
    Array.isArray(distances) &&
    distances.every(isNumber) &&
    isInt(bestIndex) &&
    (ballWidth === null || (isInt(ballWidth) && ballWidth > 0)) &&
    isGamePicture(reveal)
  );
}
