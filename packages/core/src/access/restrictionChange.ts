import { pathKey } from '../paths/notePath';
import { accessDecision } from './accessDecision';
import type { AccessReason } from './accessReasons';
import type { FolderRestriction, Principal } from './accessTypes';

/**
 * ACL2: why a restriction change is refused, beyond the ACL4 reasons: `OWNER_ONLY` (only an owner may
 * make an unrestricted folder private), `SELF_EXCLUDED` (the new members must include whoever changes them).
 */
export type RestrictionChangeReason = AccessReason | 'OWNER_ONLY' | 'SELF_EXCLUDED';

/** ACL2: whether a principal may make, change or lift one folder's restriction, and why. */
export interface RestrictionChangeDecision {
  readonly allowed: boolean;
  readonly reason: RestrictionChangeReason;
}

/**
 * ACL2: may `principal` set the members of the folder at `folderPath` to `members` (null lifts the
 * restriction)? The changer must be able to write the folder (ACL4: an owner or editor, a member of its
 * restriction and of every one above it, not through a read-only token). Lifting or changing an existing
 * restriction is then allowed; making a new one is for owners only. The changer stays a member, so every
 * private folder keeps someone who can undo the change.
 * @example restrictionChangeDecision(bobEditor, 'HR', new Set(['bob']), [], now)
 * // { allowed: false, reason: 'OWNER_ONLY' }
 */
export function restrictionChangeDecision(
  principal: Principal,
  folderPath: string,
  members: ReadonlySet<string> | null,
  restrictions: readonly FolderRestriction[],
  now: number,
): RestrictionChangeDecision {
  const decision = accessDecision(principal, folderPath, restrictions, now);
  if (!decision.write) return { allowed: false, reason: decision.reason };
  const key = pathKey(folderPath);
  const isRestricted = restrictions.some((restriction) => restriction.folderKey === key);
  if (!isRestricted && principal.role !== 'owner') return { allowed: false, reason: 'OWNER_ONLY' };
  if (members !== null && !members.has(principal.userId)) return { allowed: false, reason: 'SELF_EXCLUDED' };
  return { allowed: true, reason: 'OK' };
}
