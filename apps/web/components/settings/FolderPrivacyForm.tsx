'use client';

import type { VaultRole } from '@baalda/core';
import { useState } from 'react';
import { relayAccessApi } from '../../lib/access/accessApi';
import type { RestrictionView, VaultMember } from '../../lib/access/accessShapes';
import {
  initialSelectionOf,
  isSameSelection,
  memberIdsToSave,
  privacyRightsOf,
  restrictionAt,
  toggleMember,
} from '../../lib/access/folderPrivacy';
import { displayNameOf } from '../../lib/access/roleLabels';
import { ConfirmButton } from '../trash/ConfirmButton';
import styles from './Settings.module.css';
import { useAccessAction } from './useAccessAction';

interface FolderPrivacyFormProps {
  readonly vaultId: string;
  readonly folderPath: string;
  readonly currentUserId: string;
  readonly role: VaultRole;
  readonly members: readonly VaultMember[];
  readonly restrictions: readonly RestrictionView[];
  onChanged(): void;
}

const SELF_NOTE = 'you stay a member, so someone can always undo this';

/** The member checkboxes and Make private / Save / Make public, enabled by core's ACL2 decision. */
export function FolderPrivacyForm(props: FolderPrivacyFormProps) {
  const { vaultId, folderPath, currentUserId, members, restrictions, onChanged } = props;
  const restriction = restrictionAt(restrictions, folderPath);
  const saved = initialSelectionOf(restriction, currentUserId);
  // Null until the first tick: the selection then follows the relay's list after each save.
  const [ticked, setTicked] = useState<ReadonlySet<string> | null>(null);
  const selection = ticked ?? saved;
  const rights = privacyRightsOf({ ...props, selection, now: Date.now() });
  const action = useAccessAction();
  const done = () => {
    setTicked(null);
    onChanged();
  };
  const apply = () => {
    const ids = memberIdsToSave(
      selection,
      members.map((member) => member.userId),
    );
    void action.run(() => relayAccessApi.setRestriction(vaultId, folderPath, ids), done);
  };
  const lift = () => void action.run(() => relayAccessApi.liftRestriction(vaultId, folderPath), done);
  return (
    <>
      <fieldset className={styles.section} disabled={!rights.canApply || action.busy}>
        <legend className={styles.subtitle}>Members who see this folder</legend>
        <ul className={styles.list}>
          {members.map((member) => (
            <li key={member.userId}>
              <label className={styles.check}>
                <input
                  type="checkbox"
                  checked={selection.has(member.userId)}
                  disabled={member.userId === currentUserId}
                  onChange={() => setTicked(toggleMember(selection, member.userId, currentUserId))}
                />
                {displayNameOf(member)}
                {member.userId === currentUserId && <span className={styles.hint}>(you — {SELF_NOTE})</span>}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      {rights.refusal && (
        <p className={styles.hint} data-testid="privacy-refusal">
          {rights.refusal}
        </p>
      )}
      <p className={styles.error} role="alert" data-testid="privacy-error">
        {action.error ?? ''}
      </p>
      <div className={styles.form}>
        <button
          type="button"
          className={styles.primary}
          data-testid={restriction ? 'privacy-save' : 'make-private'}
          disabled={!rights.canApply || action.busy || (restriction !== undefined && isSameSelection(selection, saved))}
          onClick={apply}
        >
          {restriction ? 'Save' : 'Make private'}
        </button>
        {restriction && (
          <ConfirmButton
            label="Make public"
            question="Everyone in the vault will see this folder. Make it public?"
            confirmLabel="Make public"
            testId="make-public"
            disabled={!rights.canLift || action.busy}
            onConfirm={lift}
          />
        )}
      </div>
    </>
  );
}
