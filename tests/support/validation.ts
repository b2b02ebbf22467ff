import type { z } from 'zod';
import type { ValidationCode } from '../../domain/form-rules.ts';

// What a zod schema of domain/validation.ts says about a value, as [dotted path, message code] pairs.

export type Issue = [path: string, code: string];

/** Every issue as [dotted path, message code]; [] when valid. */
export function issues(schema: z.ZodType, value: unknown): Issue[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
}

/** The issues of one field of an object schema when only that field is changed. */
export function fieldIssues(schema: z.ZodType, valid: Record<string, unknown>, field: string, value: unknown): Issue[] {
  return issues(schema, { ...valid, [field]: value });
}

export const one = (path: string, code: ValidationCode): Issue[] => [[path, code]];
