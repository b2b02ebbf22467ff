/**
 * The measured rows of bench/stage-ready.ts as data: what it writes to BENCH_STAGE_JSON, and the
 * pooling bench/stage-compare.ts does over several of its runs.
 */

/** One measured row of the print: its values (ms), per compositor and screen ('floor': the bare page). */
export interface StageRow {
  compositor: string;
  route: string;
  label: string;
  values: number[];
  target: number | null;
}

/** A row's key: the same row of two runs pools. */
export const rowKey = (row: Pick<StageRow, 'compositor' | 'route' | 'label'>) =>
  `${row.compositor}\u0000${row.route}\u0000${row.label}`;

/** Several runs' rows pooled: one row per key, its values in run order, in the order the rows first came. */
export function poolRows(runs: readonly (readonly StageRow[])[]): StageRow[] {
  const pooled = new Map<string, StageRow>();
  for (const run of runs) {
    for (const row of run) {
      const key = rowKey(row);
      const into = pooled.get(key);
      if (into) into.values.push(...row.values);
      else pooled.set(key, { ...row, values: [...row.values] });
    }
  }
  return [...pooled.values()];
}

const finite = (values: readonly number[]) => values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);

/** The median and p90 as the stage bench prints them (the lower middle; the value at 90 percent, rounded up). */
export function medianP90(values: readonly number[]): { median: number; p90: number } {
  const s = finite(values);
  return {
    median: s[Math.floor((s.length - 1) / 2)] ?? Number.NaN,
    p90: s[Math.min(s.length - 1, Math.ceil(s.length * 0.9) - 1)] ?? Number.NaN,
  };
}

/** How many values are over the target (null: the row has none). */
export function overTarget(row: StageRow): number | null {
  return row.target === null ? null : row.values.filter((v) => Number.isFinite(v) && v > row.target!).length;
}

/** A row's figures in one cell: median / p90, and for a row with a target how many loads were over it. */
function cell(row: StageRow | undefined): string {
  if (!row) return '-'.padStart(22);
  const { median, p90 } = medianP90(row.values);
  const over = overTarget(row);
  return `${Math.round(median)} / ${Math.round(p90)}${over === null ? '' : ` (${over} over)`}`.padStart(22);
}

const labelOf = (row: StageRow) => (row.target === null ? row.label : `${row.label} (target ${row.target})`);

/** Two builds' pooled rows side by side, grouped by compositor and screen, in A's order. */
export function comparisonLines(a: readonly StageRow[], b: readonly StageRow[]): string[] {
  const inB = new Map(b.map((row) => [rowKey(row), row]));
  const width = Math.max(0, ...a.map((row) => labelOf(row).length)) + 2;
  const lines: string[] = [];
  let heading = '';
  for (const row of a) {
    const at = `${row.compositor} ${row.route}`;
    if (at !== heading) {
      heading = at;
      lines.push(`${at.padEnd(width + 2)}${'A'.padStart(22)}${'B'.padStart(22)}`);
    }
    lines.push(`  ${labelOf(row).padEnd(width)}${cell(row)}${cell(inB.get(rowKey(row)))}`);
  }
  return lines;
}
