/**
 * Writes patches one at a time, merging the patches that arrive while a write is in flight into the next
 * one. Typing produces a patch per keystroke; this keeps IndexedDB at one write in flight while never
 * dropping the latest value.
 */
export interface CoalescedWriter<Patch extends object> {
  write(patch: Patch): void;
  /** Resolves once everything written so far is stored. */
  flush(): Promise<void>;
}

export function createCoalescedWriter<Patch extends object>(
  store: (patch: Patch) => Promise<unknown>,
  onError: (error: unknown) => void,
): CoalescedWriter<Patch> {
  let queued: Patch | undefined;
  let running: Promise<void> | undefined;
  const drain = async () => {
    while (queued) {
      const patch = queued;
      queued = undefined;
      await store(patch).catch(onError);
    }
    running = undefined;
  };
  return {
    write(patch) {
      queued = queued ? { ...queued, ...patch } : patch;
      running ??= drain();
    },
    flush: async () => {
      await running;
    },
  };
}
