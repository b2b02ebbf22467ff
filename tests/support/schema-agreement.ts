import { expect, it } from 'vitest';

/** What a zod schema offers that the comparison needs. */
interface Schema {
  safeParse(value: unknown): { success: boolean };
}

/**
 * One test per sample (named by its JSON): the plain check accepts the sample exactly when the
 * schema does. For the answers the browser checks without zod (issue 29).
 */
export function itAgreesWithSchema(
  check: (value: unknown) => boolean,
  schema: Schema,
  schemaName: string,
  samples: readonly unknown[],
): void {
  it.each(samples.map((sample) => [JSON.stringify(sample) ?? String(sample), sample]))(
    `agrees with ${schemaName} on %s`,
    (_name, sample) => {
      expect(check(sample)).toBe(schema.safeParse(sample).success);
    },
  );
}
