import { pathKey } from '../paths/notePath';
import type { FolderRestriction } from './accessTypes';

/**
 * True when `key` is `folderKey` itself or lies inside it. Both are path keys, compared literally
 * (the same test as the relay's `path_key = key OR path_key LIKE likePrefixPatternOf(key)`).
 */
export function isUnderFolderKey(key: string, folderKey: string): boolean {
  return key === folderKey || key.startsWith(`${folderKey}/`);
}

/**
 * ACL2: the restrictions that cover `key`: on the folder itself or on any folder it lies in, outermost
 * first. Throws on a malformed `folderKey` (see {@link assertRestrictionKeys}).
 */
export function restrictionsCovering(key: string, restrictions: readonly FolderRestriction[]): FolderRestriction[] {
  assertRestrictionKeys(restrictions);
  return restrictions
    .filter((restriction) => isUnderFolderKey(key, restriction.folderKey))
    .sort((a, b) => a.folderKey.length - b.folderKey.length);
}

/**
 * ACL2: true when `userId` is a member of every restriction covering `key`. Nested restrictions
 * intersect: a folder inside a private folder can narrow who sees it, never widen it.
 */
export function isMemberOfEvery(userId: string, key: string, restrictions: readonly FolderRestriction[]): boolean {
  return restrictionsCovering(key, restrictions).every((restriction) => restriction.members.has(userId));
}

/**
 * LNK8: true when everyone who may read the note at `readerPath` may read `path` too, as far as private
 * folders tell: every restriction covering `path` covers `readerPath` as well. Without the vault's
 * members this can't see that a folder's members happen to include everyone, so it errs towards false.
 * `restrictions` null (a client that could not read them) counts every folder as private: then only an
 * entry in the reader's own folder or one above it is readable by every reader.
 * @example isReadableByEveryReaderOf('HR/Pay.md', 'Team/Plan.md', [{ folderKey: 'hr', members }]) // false
 */
export function isReadableByEveryReaderOf(
  path: string,
  readerPath: string,
  restrictions: readonly FolderRestriction[] | null,
): boolean {
  const key = pathKey(path);
  const readerKey = pathKey(readerPath);
  const covering = restrictions === null ? foldersHolding(key) : restrictionsCovering(key, restrictions);
  return covering.every((restriction) => isUnderFolderKey(readerKey, restriction.folderKey));
}

// Every folder `key` lies in, as a restriction of unknown members.
function foldersHolding(key: string): FolderRestriction[] {
  const segments = key.split('/').slice(0, -1);
  return segments.map((_, index) => ({ folderKey: segments.slice(0, index + 1).join('/'), members: new Set() }));
}

/**
 * Throws when a restriction's key can't be a folder's path key (empty, or starting or ending with "/"):
 * a broken invariant, since PATH1 gives no folder such a path. Failing closed beats guessing whether an
 * empty key means "nothing" or "the whole vault".
 */
export function assertRestrictionKeys(restrictions: readonly FolderRestriction[]): void {
  for (const { folderKey } of restrictions) {
    if (folderKey === '' || folderKey.startsWith('/') || folderKey.endsWith('/')) {
      throw new Error(`A folder restriction's key must be a folder's path key, got "${folderKey}".`);
    }
  }
}
