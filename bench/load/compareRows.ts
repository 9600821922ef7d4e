/** One bench row: what was measured, and its value as printed. */
export type BenchRow = [string, string];

// A value's first number and what follows it ("51.9 KiB", "12.7 ms", "533.0 MiB / 590.1 MiB" → 51.9, 12.7, 533.0).
const LEADING_NUMBER = /^(-?\d+(?:\.\d+)?)/;

/**
 * The rows of one load bench against Baalda's relay beside the same rows against bare Hocuspocus, measured
 * in the same run: each value becomes `ours / bare`, with the ratio of their first numbers when both have
 * one. Rows bare Hocuspocus has no counterpart for stay as they are.
 */
export function compareRows(ours: readonly BenchRow[], bare: readonly BenchRow[]): BenchRow[] {
  const bareByName = new Map(bare.map(([name, value]) => [name, value]));
  return ours.map(([name, value]) => {
    const baseline = bareByName.get(name);
    if (baseline === undefined) return [name, value];
    const ratio = ratioOf(value, baseline);
    return [`${name} — ours / bare Hocuspocus`, `${value} / ${baseline}${ratio ? ` (${ratio})` : ''}`];
  });
}

function ratioOf(ours: string, bare: string): string | null {
  const a = Number(LEADING_NUMBER.exec(ours)?.[1]);
  const b = Number(LEADING_NUMBER.exec(bare)?.[1]);
  if (!Number.isFinite(a) || !Number.isFinite(b) || b === 0) return null;
  return `${(a / b).toFixed(2)}×`;
}
