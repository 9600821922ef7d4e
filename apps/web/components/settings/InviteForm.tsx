'use client';

import { VAULT_ROLES, type VaultRole } from '@baalda/core';
import { useId, useState } from 'react';
import { relayAccessApi } from '../../lib/access/accessApi';
import type { InviteLink } from '../../lib/access/accessShapes';
import { ROLE_LABELS } from '../../lib/access/roleLabels';
import { formatDay } from '../../lib/access/tokenLabels';
import { CopyButton } from './CopyButton';
import styles from './Settings.module.css';
import { useAccessAction } from './useAccessAction';

/** Owners make a single-use invite link for a role; the link is shown with a Copy button. */
export function InviteForm({ vaultId }: { vaultId: string }) {
  const [role, setRole] = useState<VaultRole>('editor');
  const [invite, setInvite] = useState<InviteLink | null>(null);
  const action = useAccessAction();
  const roleId = useId();
  const create = () =>
    void action.run(
      () => relayAccessApi.createInvite(vaultId, role),
      (answer) => setInvite(answer.invite),
    );
  return (
    <section className={styles.section} aria-label="Invite">
      <h3 className={styles.subtitle}>Invite someone</h3>
      <div className={styles.form}>
        <label className={styles.field} htmlFor={roleId}>
          Role
          <select
            id={roleId}
            className={styles.select}
            value={role}
            onChange={(event) => setRole(event.target.value as VaultRole)}
          >
            {VAULT_ROLES.map((option) => (
              <option key={option} value={option}>
                {ROLE_LABELS[option].name} — {ROLE_LABELS[option].rights}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className={styles.primary}
          disabled={action.busy}
          data-testid="create-invite"
          onClick={create}
        >
          {action.busy ? 'Creating…' : 'Create invite link'}
        </button>
      </div>
      <p className={styles.error} role="alert">
        {action.error ?? ''}
      </p>
      {invite && <InviteReveal invite={invite} />}
    </section>
  );
}

function InviteReveal({ invite }: { invite: InviteLink }) {
  const link = `${location.origin}${invite.path}`;
  const linkId = useId();
  return (
    <div className={styles.section} data-testid="invite-link">
      <label className={styles.field} htmlFor={linkId}>
        Invite link ({ROLE_LABELS[invite.role].name.toLowerCase()})
      </label>
      <div className={styles.form}>
        <input
          id={linkId}
          className={`${styles.input} ${styles.secret}`}
          readOnly
          value={link}
          onFocus={(event) => event.target.select()}
        />
        <CopyButton text={link} what="invite link" />
      </div>
      <p className={styles.hint}>
        It works once, until {formatDay(invite.expiresAt)}. Whoever opens it can join this vault, so send it only to the
        person you mean.
      </p>
    </div>
  );
}
