import type { z } from 'zod';
import type { AnswerSchemas } from './answer-schemas.ts';

export type AnswerName = keyof AnswerSchemas;
export type AnswerOf<K extends AnswerName> = z.output<AnswerSchemas[K]>;

/** An answer that does not match its domain schema (development and test builds only). */
export class AnswerMismatchError extends Error {
  constructor(name: string, issues: string) {
    super(`The '${name}' answer does not match its domain schema: ${issues}`);
    this.name = 'AnswerMismatchError';
  }
}

/** The schemas once loaded (development and test builds). */
let schemas: AnswerSchemas | undefined;

/**
 * An answer's `data` as its domain schema says it is. Development and test builds check it and
 * throw AnswerMismatchError when it differs; a production build takes it as it comes, and Vite
 * drops the branch with the schemas' dynamic import, so they never reach a player's page. The
 * value itself is returned as it came in both, so the two builds behave alike.
 */
export async function checked<K extends AnswerName>(name: K, data: unknown): Promise<AnswerOf<K>> {
  if (import.meta.env.DEV) {
    schemas ??= (await import('./answer-schemas.ts')).answerSchemas;
    const result = (schemas[name] as z.ZodType).safeParse(data);
    if (!result.success) {
      const issues = result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
      const mismatch = new AnswerMismatchError(name, issues.join('; '));
      // Screens show a failed call as "could not load"; the console says why.
      console.error(mismatch.message);
      throw mismatch;
    }
  }
  return data as AnswerOf<K>;
}
