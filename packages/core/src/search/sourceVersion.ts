/**
 * IDX2: a note's source version is the sum of its Yjs state vector (every client's clock). A document
 * only grows, so every state that includes another has a larger sum; an index row written from an
 * older state can never replace one written from a newer state.
 * @example sourceVersionOf(new Map([[1, 10], [2, 5]])) // 15
 */
export function sourceVersionOf(stateVector: ReadonlyMap<number, number>): number {
  let version = 0;
  for (const clock of stateVector.values()) version += clock;
  return version;
}
