/**
 * Plain checks of a JSON value's shape, for the answers the game screens read without zod
 * (location-answers.ts, practice-answers.ts; issue 29). Each says what the zod type it stands for
 * accepts.
 */

/** An object (z.object's input): not null. */
export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;
export const isString = (value: unknown): value is string => typeof value === 'string';
export const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
/** z.number(): finite. */
export const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
/** z.number().int(): a safe integer. */
export const isInt = (value: unknown): value is number => Number.isSafeInteger(value);
