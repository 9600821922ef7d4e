// Summaries of timed samples, shared by the benches so that every table computes a percentile the same way.

/** The nearest-rank percentile of ascending `sorted` samples (NaN when there are none). */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** p50, p95 and the largest of `samples`, in any order. */
export function summarize(samples: readonly number[]): { p50: number; p95: number; max: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1) ?? Number.NaN };
}

/** The middle sample of `samples`, in any order (the upper one of an even count, as `percentile` picks). */
export function median(samples: readonly number[]): number {
  return percentile(
    [...samples].sort((a, b) => a - b),
    50,
  );
}
