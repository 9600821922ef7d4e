/**
 * The round whose `measure` is the median of all rounds' (of an even count, the lower of the two middle
 * ones). A bench reports that round whole, so its rows stay one real run's and agree with each other; a
 * mean would mix runs, and one round alone swings with whatever else the machine ran meanwhile.
 */
export function medianRound<T>(rounds: readonly T[], measure: (round: T) => number): T {
  if (rounds.length === 0) throw new Error('medianRound needs at least one round');
  const sorted = [...rounds].sort((a, b) => measure(a) - measure(b));
  return sorted[Math.floor((sorted.length - 1) / 2)] as T;
}
