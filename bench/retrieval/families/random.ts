import { seededRandom } from 'baalda-relay/testing';

/** Seeded choices for the corpus generator, so every run writes the same corpus. */
export interface Picker {
  pick<T>(items: readonly T[]): T;
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  sample<T>(items: readonly T[], count: number): T[];
  shuffle<T>(items: readonly T[]): T[];
}

/** A picker over mulberry32 (apps/relay/test/seededRandom.ts). */
export function createPicker(seed: number): Picker {
  const next = seededRandom(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const shuffle = <T>(items: readonly T[]): T[] => {
    const copy = [...items];
    for (let index = copy.length - 1; index > 0; index -= 1) {
      const other = int(0, index);
      [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
    }
    return copy;
  };
  return {
    pick: <T>(items: readonly T[]) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[int(0, items.length - 1)] as T;
    },
    int,
    chance: (probability) => next() < probability,
    sample: (items, count) => shuffle(items).slice(0, count),
    shuffle,
  };
}

/** `2025-03-14` for a day counted from 2024-01-01 (UTC). */
export function isoDay(dayNumber: number): string {
  return new Date(Date.UTC(2024, 0, 1 + dayNumber)).toISOString().slice(0, 10);
}
