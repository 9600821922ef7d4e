import {
  type FolderRestriction,
  isInsideFolder,
  pathKey,
  type RestrictionChangeReason,
  restrictionChangeDecision,
  type VaultRole,
} from '@baalda/core';
import { RESTRICTION_REFUSALS } from './accessErrors';
import type { RestrictionView } from './accessShapes';

/** The private folder at exactly this path (compared by key, PATH9), if the caller can see one. */
export function restrictionAt(
  restrictions: readonly RestrictionView[],
  folderPath: string,
): RestrictionView | undefined {
  const key = pathKey(folderPath);
  return restrictions.find((restriction) => pathKey(restriction.path) === key);
}

/** The nearest private folder this one lies inside (not itself), so the dialog can say who sees it anyway. */
export function enclosingRestrictionOf(
  restrictions: readonly RestrictionView[],
  folderPath: string,
): RestrictionView | undefined {
  const key = pathKey(folderPath);
  return restrictions
    .filter((restriction) => pathKey(restriction.path) !== key && isInsideFolder(folderPath, restriction.path))
    .sort((a, b) => b.path.length - a.path.length)[0];
}

/** The keys of every private folder the caller can see, for the tree's lock marks. */
export function privateFolderKeysOf(restrictions: readonly RestrictionView[]): ReadonlySet<string> {
  return new Set(restrictions.map((restriction) => pathKey(restriction.path)));
}

/**
 * Who is ticked when the dialog opens: the folder's members, or only the caller for a folder not yet
 * private. The caller is always in (ACL2: whoever changes a restriction stays a member of it).
 */
export function initialSelectionOf(
  restriction: RestrictionView | undefined,
  currentUserId: string,
): ReadonlySet<string> {
  const members = restriction?.members.map((member) => member.userId) ?? [];
  return new Set([currentUserId, ...members]);
}

/** Ticks or unticks one member; unticking yourself does nothing (the checkbox is disabled as well). */
export function toggleMember(
  selection: ReadonlySet<string>,
  userId: string,
  currentUserId: string,
): ReadonlySet<string> {
  if (userId === currentUserId) return selection;
  const next = new Set(selection);
  if (next.has(userId)) next.delete(userId);
  else next.add(userId);
  return next;
}

/** True when two selections hold the same people, so Save can stay disabled for no change. */
export function isSameSelection(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  return a.size === b.size && [...a].every((userId) => b.has(userId));
}

/** What the dialog may offer, with the plain reason when it may not (core's ACL2 decision, asked twice). */
export interface PrivacyRights {
  /** Make private (an unrestricted folder) or Save (a restricted one) with the current selection. */
  readonly canApply: boolean;
  /** Make public: lift the restriction. Only for a folder that is private. */
  readonly canLift: boolean;
  /** Why applying is refused, in plain words; null when it is allowed. */
  readonly refusal: string | null;
}

interface RightsQuestion {
  readonly vaultId: string;
  readonly currentUserId: string;
  readonly role: VaultRole;
  readonly folderPath: string;
  readonly restrictions: readonly RestrictionView[];
  readonly selection: ReadonlySet<string>;
  readonly now: number;
}

/**
 * The same decision the relay makes (core's restrictionChangeDecision), so the buttons are disabled for
 * the reason the relay would give; the relay still decides, and its refusal is shown if it differs.
 */
export function privacyRightsOf(question: RightsQuestion): PrivacyRights {
  const principal = { userId: question.currentUserId, vaultId: question.vaultId, role: question.role };
  const restrictions: FolderRestriction[] = question.restrictions.map((restriction) => ({
    folderKey: pathKey(restriction.path),
    members: new Set(restriction.members.map((member) => member.userId)),
  }));
  const decide = (members: ReadonlySet<string> | null) =>
    restrictionChangeDecision(principal, question.folderPath, members, restrictions, question.now);
  const apply = decide(question.selection);
  const isPrivate = restrictionAt(question.restrictions, question.folderPath) !== undefined;
  return {
    canApply: apply.allowed,
    canLift: isPrivate && decide(null).allowed,
    refusal: apply.allowed ? null : refusalText(apply.reason),
  };
}

function refusalText(reason: RestrictionChangeReason): string {
  return RESTRICTION_REFUSALS[reason] ?? 'You can’t change who sees this folder.';
}

/**
 * The ids sent when saving: the ticked people who are still members of the vault. Someone removed from
 * the vault may linger in an old restriction, and the relay refuses a non-member (REQUEST_INVALID).
 */
export function memberIdsToSave(selection: ReadonlySet<string>, vaultMemberIds: readonly string[]): string[] {
  return vaultMemberIds.filter((userId) => selection.has(userId));
}
