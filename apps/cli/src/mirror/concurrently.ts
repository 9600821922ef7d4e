/**
 * How many files one pass works on at once. Each new or rewritten note costs two or three fsyncs; one at a
 * time, a first run of 2,000 notes waited minutes on the disk (about 60 ms a fsync while the relay wrote
 * too), while concurrent fsyncs share the file system's journal commits.
 */
export const FILES_AT_ONCE = 8;

/** Runs `work` on every item, at most `limit` at a time; resolves when all are done. */
export async function forEachConcurrently<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
