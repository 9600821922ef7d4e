import { hasRoleAtLeast } from '@baalda/core';
import type { VaultEntry } from './accountTypes';

/** What the consent card may offer: the vault the grant is for, and whether writing can be chosen (OAC2). */
export interface ConsentChoice {
  /** The chosen vault; null for a person who has no vault yet (then nothing can be allowed). */
  readonly vault: VaultEntry | null;
  /** Why "Read and write" can't be chosen, in the card's words; null when it can. */
  readonly writeRefusal: string | null;
  /** What Allow sends: read only unless writing was chosen and may be. */
  readonly readOnly: boolean;
}

/** OAC2's reason when the assistant itself asked for `notes:read` alone. */
export const ASKED_READ_ONLY = 'The assistant asked to read only.';
/** OAC2's reason for a viewer's vault: a grant never has more rights than its person (ACL3). */
export const VIEWER_READS_ONLY = 'You can only read this vault.';

/**
 * OAC2: the consent card's state for the vault picked (the first vault when the pick is not one of the
 * person's) and whether they want writing. A choice of writing that stops being possible (another vault
 * picked) reads as read only, so Allow never sends more than the card shows as allowed.
 * @example consentChoiceOf(true, [{ id: 'v', name: 'Team', role: 'viewer' }], 'v', true).readOnly // true
 */
export function consentChoiceOf(
  mayWrite: boolean,
  vaults: readonly VaultEntry[],
  pickedVaultId: string | null,
  wantsWrite: boolean,
): ConsentChoice {
  const vault = vaults.find((entry) => entry.id === pickedVaultId) ?? vaults[0] ?? null;
  const writeRefusal = writeRefusalOf(mayWrite, vault);
  const mayChooseWrite = vault !== null && writeRefusal === null;
  return { vault, writeRefusal, readOnly: !(wantsWrite && mayChooseWrite) };
}

function writeRefusalOf(mayWrite: boolean, vault: VaultEntry | null): string | null {
  if (!mayWrite) return ASKED_READ_ONLY;
  if (vault && !hasRoleAtLeast(vault.role, 'editor')) return VIEWER_READS_ONLY;
  return null;
}
