import { VERSION_DEFAULTS } from './versionSettings';

/** The fields of a stored version that VC3 orders by. */
export interface PrunableVersion {
  readonly id: string;
  /** Epoch ms. */
  readonly capturedAt: number;
}

/**
 * VC3: the ids to delete so that at most `maxVersions` remain, oldest first (ties by id, compared by
 * UTF-16 code units so every runtime agrees). Every reason is pruned alike: the cap bounds storage.
 * Throws if `maxVersions` is not a positive integer (settings are checked by `parseVersionSettings`).
 * @example versionsToPrune([{ id: 'a', capturedAt: 1 }, { id: 'b', capturedAt: 2 }], 1) // ['a']
 */
export function versionsToPrune(
  versions: readonly PrunableVersion[],
  maxVersions: number = VERSION_DEFAULTS.maxVersions,
): string[] {
  if (!Number.isInteger(maxVersions) || maxVersions < 1) {
    throw new RangeError(`VC3: maxVersions must be a positive integer, got ${maxVersions}.`);
  }
  const excess = versions.length - maxVersions;
  if (excess <= 0) return [];
  const oldestFirst = [...versions].sort(byAgeThenId);
  return oldestFirst.slice(0, excess).map((version) => version.id);
}

function byAgeThenId(left: PrunableVersion, right: PrunableVersion): number {
  if (left.capturedAt !== right.capturedAt) return left.capturedAt - right.capturedAt;
  if (left.id === right.id) return 0;
  return left.id < right.id ? -1 : 1;
}
