const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

export type Parsed = { ok: true; value: unknown } | { ok: false; message: string };

/** JSON with ISO instants ("2026-03-02T06:30:00.000Z") turned into Dates, as the machines expect. */
export function parseJson(text: string): Parsed {
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return {
      ok: true,
      value: JSON.parse(text, (_key, value: unknown) =>
        typeof value === 'string' && ISO_INSTANT.test(value) ? new Date(value) : value,
      ),
    };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

export function toJson(value: unknown): string {
  return value === undefined ? '' : JSON.stringify(value, null, 2);
}
