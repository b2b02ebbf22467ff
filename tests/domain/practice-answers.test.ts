import { describe, expect, it } from 'vitest';
import { itAgreesWithSchema } from '../support/schema-agreement.ts';
import { practicePairSchema, practiceResultSchema } from '../../domain/practice.ts';
import { isPracticePair, isPracticeResult } from '../../domain/practice-answers.ts';

// The practice screen's answers checked without zod (issue 29) accept exactly what the schemas accept.
const picture = {
  width: 2400,
  height: 1600,
  variants: [
    { name: 'small', url: '/api/v1/pictures/p1/small', width: 1280, height: 853 },
    { name: 'large', url: '/api/v1/pictures/p1/large', width: 2400, height: 1600 },
  ],
};
const pair = { pairId: 'pair-1', picture };
const result = { ball: { x: 1200, y: 640 }, distances: [12.5, 300], bestIndex: 0, ballWidth: 40, reveal: picture };

const pictures: unknown[] = [
  picture,
  { ...picture, variants: [] },
  { ...picture, extra: true },
  null,
  [],
  { ...picture, width: 2400.5 },
  { ...picture, height: '1600' },
  { ...picture, width: Number.MAX_SAFE_INTEGER + 1 },
  { ...picture, variants: undefined },
  { ...picture, variants: [{ ...picture.variants[0], name: 'medium' }] },
  { ...picture, variants: [{ ...picture.variants[0], url: null }] },
  { ...picture, variants: [{ ...picture.variants[0], width: 1.5 }] },
  { ...picture, variants: [{ ...picture.variants[0], height: undefined }] },
  { ...picture, variants: [null] },
];
const pairs: unknown[] = [
  pair,
  { ...pair, extra: 'kept out by neither' },
  ...pictures.map((sample) => ({ pairId: 'pair-1', picture: sample })),
  null,
  'pair-1',
  { picture },
  { ...pair, pairId: 7 },
];
const results: unknown[] = [
  result,
  { ...result, ballWidth: null },
  { ...result, distances: [] },
  { ...result, extra: 'kept out by neither' },
  ...pictures.map((sample) => ({ ...result, reveal: sample })),
  null,
  {},
  { ...result, ball: null },
  { ...result, ball: { x: 1200 } },
  { ...result, ball: { x: 1200.5, y: 640 } },
  { ...result, distances: [12.5, '300'] },
  { ...result, distances: 12.5 },
  { ...result, bestIndex: 0.5 },
  { ...result, bestIndex: undefined },
  { ...result, ballWidth: 0 },
  { ...result, ballWidth: -3 },
  { ...result, ballWidth: 40.5 },
  { ...result, ballWidth: undefined },
  { ...result, reveal: undefined },
];

describe('isPracticePair', () => {
  itAgreesWithSchema(isPracticePair, practicePairSchema, 'practicePairSchema', pairs);

  it('accepts the valid answers', () => {
    expect(
      [pair, { ...pair, extra: 1 }, { pairId: 'p', picture: { ...picture, variants: [] } }].every(isPracticePair),
    ).toBe(true);
  });
});

describe('isPracticeResult', () => {
  itAgreesWithSchema(isPracticeResult, practiceResultSchema, 'practiceResultSchema', results);

  it('accepts the valid answers', () => {
    expect(results.slice(0, 5).every(isPracticeResult)).toBe(true);
  });
});
