import type { VaultOp } from '@baalda/core';
import type { Faults } from './faultyProxy';

/** How rough a seed's run is; the seed draws everything else. */
export interface ChaosProfile {
  readonly minSteps: number;
  readonly maxSteps: number;
  /** Chance that a run SIGKILLs a relay at some step (and starts it again a few steps later). */
  readonly killChance: number;
}

export const CI_PROFILE: ChaosProfile = { minSteps: 25, maxSteps: 50, killChance: 0.05 };
// A restart takes seconds and stalls every run's checks (relayGate), so one run in twenty kills a relay:
// about ten kills in CI's 200 seeds, a hundred in the long profile's 2,000.
export const LONG_PROFILE: ChaosProfile = { minSteps: 30, maxSteps: 80, killChance: 0.05 };

export const CLIENT_NAMES = ['alice', 'bob', 'carol', 'dave', 'erin'] as const;
export const NOTES_PER_RUN = 3;

/** Everything about a run that the seed decides before it starts. */
export interface ChaosPlan {
  readonly seed: number;
  readonly steps: number;
  readonly faults: Faults;
  /** The relay each client connects to (index into the cluster's relays). */
  readonly homes: readonly number[];
  readonly kill: { atStep: number; relay: number; downSteps: number } | null;
}

export function planRun(seed: number, random: () => number, profile: ChaosProfile, relays: number): ChaosPlan {
  const steps = profile.minSteps + Math.floor(random() * (profile.maxSteps - profile.minSteps + 1));
  // A quarter of the runs have a clean network, so the other faults are also seen alone.
  const rough = random() < 0.75;
  const faults: Faults = rough
    ? { drop: random() * 0.12, duplicate: random() * 0.15, reorder: random() * 0.2 }
    : { drop: 0, duplicate: 0, reorder: 0 };
  const homes = CLIENT_NAMES.map(() => Math.floor(random() * relays));
  const kill =
    random() < profile.killChance
      ? {
          atStep: Math.floor(random() * steps),
          relay: Math.floor(random() * relays),
          downSteps: 1 + Math.floor(random() * 8),
        }
      : null;
  return { seed, steps, faults, homes, kill };
}

/** Ids and paths of one run, unique across the runs sharing a database. */
export function namesOf(seed: number, run: number) {
  const tag = `${seed}_${run}`;
  return {
    folder: `conv-${tag}`,
    noteId: (index: number) => `conv_${tag}_note${index}`.padEnd(16, '_'),
    createdId: (index: number) => `conv_${tag}_made${index}`.padEnd(16, '_'),
    opId: (index: number) => `convop_${tag}_${index}`.padEnd(16, '_'),
  };
}

const NAMES = ['Plan.md', 'Ideas.md', 'Note 1.md', 'Todo.md'];
const SUBFOLDERS = ['a', 'b'];

/**
 * A random tree op on the run's notes: creates at a few shared names (so two people often pick the same
 * path, CN1), renames and moves among two folders, trash and restore. Ops may name notes whose create has
 * not reached the relay yet; those are refused, as they would be for a person.
 */
export function randomTreeOp(
  random: () => number,
  names: ReturnType<typeof namesOf>,
  known: string[],
  opNumber: number,
): VaultOp {
  const opId = names.opId(opNumber);
  const path = `${names.folder}/${pick(SUBFOLDERS, random)}/${pick(NAMES, random)}`;
  const roll = random();
  if (roll < 0.25) {
    const docId = names.createdId(opNumber);
    known.push(docId);
    return { opId, kind: 'createNote', docId, path, createdAt: Date.now() };
  }
  const docId = pick(known, random);
  if (roll < 0.6) return { opId, kind: 'moveNote', docId, path };
  if (roll < 0.8) return { opId, kind: 'trashNote', docId };
  return { opId, kind: 'restoreNote', docId };
}

export function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)] as T;
}
