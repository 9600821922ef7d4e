import { vaultAccessDecision } from './accessDecision';
import type { AccessReason } from './accessReasons';
import type { FolderRestriction, Principal } from './accessTypes';
import { assertRestrictionKeys, isUnderFolderKey } from './privateFolders';

/**
 * ACL5: what search must leave out of its candidates for one principal. `all: true` means the principal
 * may read nothing in the vault (the reason says why); otherwise every row whose key lies in (or is) one
 * of `hidden` is left out and every other row is readable.
 */
export type HiddenFolders =
  | { readonly all: true; readonly reason: AccessReason }
  | { readonly all: false; readonly hidden: readonly string[] };

/**
 * ACL5: the folder keys whose contents the principal may not read: each restricted folder it is not a
 * member of, minus those inside another hidden one, sorted (UTF-16 code units). Search turns the list
 * into a candidate predicate *before* ranking, so LEX3's statistics never count an unreadable note.
 * @example hiddenFolderKeys(alice, [{ folderKey: 'hr', members: new Set(['bob']) }], now)
 * // { all: false, hidden: ['hr'] }
 */
export function hiddenFolderKeys(
  principal: Principal,
  restrictions: readonly FolderRestriction[],
  now: number,
): HiddenFolders {
  const inVault = vaultAccessDecision(principal, now);
  if (!inVault.read) return { all: true, reason: inVault.reason };
  assertRestrictionKeys(restrictions);
  const hiddenKeys = new Set(restrictions.filter((r) => !r.members.has(principal.userId)).map((r) => r.folderKey));
  const sorted = [...hiddenKeys].sort();
  const hidden = sorted.filter((key) => !sorted.some((outer) => outer !== key && isUnderFolderKey(key, outer)));
  return { all: false, hidden };
}

/**
 * ACL5: true when the row with path key `key` is left out by `hidden` (from {@link hiddenFolderKeys}):
 * the in-memory search copy's twin of the SQL predicate
 * `path_key = ANY($hidden) OR path_key LIKE ANY($patterns)` (patterns from {@link likePrefixPatternOf}).
 */
export function isHiddenPathKey(key: string, hidden: readonly string[]): boolean {
  return hidden.some((folderKey) => isUnderFolderKey(key, folderKey));
}

/**
 * ACL5: the SQL `LIKE` pattern matching every key inside `folderKey`: the key with `\`, `%` and `_`
 * escaped by `\`, then `/%`. `\` is PostgreSQL's default LIKE escape, the only one `LIKE ANY(array)`
 * can use (it takes no `ESCAPE` clause). Search keeps a row when
 * `NOT (path_key = ANY($hidden) OR path_key LIKE ANY($patterns))`; for notes the `= ANY` half never
 * matches (a note's key ends in `.md`, a folder's can't, FD4) but keeps folder rows exact. Without the
 * escaping a private folder `a_b` would also hide `axb/…`, and `50%` would hide `50 and more/…`.
 * @example likePrefixPatternOf('plans_2026') // 'plans\\_2026/%'
 */
export function likePrefixPatternOf(folderKey: string): string {
  return `${folderKey.replace(/[\\%_]/gu, (character) => `\\${character}`)}/%`;
}
