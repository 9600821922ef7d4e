import * as Y from 'yjs';

/**
 * IDX2: a note's source version: the sum of its Yjs state vector (every client's clock) plus the length
 * of everything deleted. Inserts raise the clocks; deletions don't touch a clock in Yjs, so they count
 * through the delete set, which only grows. Every state that includes another therefore has a larger
 * version, and an index row written from an older state — including the text from before a deletion —
 * can never replace one written from a newer state.
 * @example sourceVersionOf(doc) // 15 after 15 characters typed; 17 after 2 of them are deleted
 */
export function sourceVersionOf(doc: Y.Doc): number {
  const { sv, ds } = Y.snapshot(doc);
  let version = 0;
  for (const clock of sv.values()) version += clock;
  for (const deletions of ds.clients.values()) for (const deletion of deletions) version += deletion.len;
  return version;
}
