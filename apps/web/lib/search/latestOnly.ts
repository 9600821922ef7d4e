/** The answer of a task run through {@link LatestOnly}: stale once a newer task started or it was cancelled. */
export type LatestAnswer<T> = { readonly stale: true } | { readonly stale: false; readonly value: T };

/**
 * Lets only the newest of overlapping requests be shown. Search answers can arrive out of order (a short
 * query scores more notes and can finish after a longer one typed later); without this the list would show
 * results for words no longer in the field.
 */
export interface LatestOnly {
  run<T>(task: () => Promise<T>): Promise<LatestAnswer<T>>;
  /** Makes every task started so far stale (the query changed, or the palette closed). */
  cancel(): void;
}

export function createLatestOnly(): LatestOnly {
  let generation = 0;
  return {
    async run(task) {
      generation += 1;
      const mine = generation;
      const value = await task();
      return mine === generation ? { stale: false, value } : { stale: true };
    },
    cancel() {
      generation += 1;
    },
  };
}
