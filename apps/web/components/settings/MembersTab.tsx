'use client';

import { VAULT_ROLES, type VaultRole } from '@baalda/core';
import { relayAccessApi } from '../../lib/access/accessApi';
import type { VaultMember } from '../../lib/access/accessShapes';
import { displayNameOf, ROLE_LABELS } from '../../lib/access/roleLabels';
import { ConfirmButton } from '../trash/ConfirmButton';
import { InviteForm } from './InviteForm';
import styles from './Settings.module.css';
import { type AccessAction, useAccessAction } from './useAccessAction';
import { useAccessQuery } from './useAccessQuery';

interface MembersTabProps {
  readonly vaultId: string;
  readonly role: VaultRole;
  readonly currentUserId: string;
  onOwnAccessChanged?(): void;
}

/** Who is in the vault. Owners change roles, remove members and invite; everyone else reads the list. */
export function MembersTab({ vaultId, role, currentUserId, onOwnAccessChanged }: MembersTabProps) {
  const { view, reload } = useAccessQuery(() => relayAccessApi.listMembers(vaultId), vaultId);
  const action = useAccessAction();
  const isOwner = role === 'owner';
  const changeRole = (member: VaultMember, next: VaultRole) =>
    void action.run(
      () => relayAccessApi.changeRole(vaultId, member.userId, next),
      () => {
        reload();
        if (member.userId === currentUserId) onOwnAccessChanged?.();
      },
    );
  const remove = (member: VaultMember) =>
    void action.run(() => relayAccessApi.removeMember(vaultId, member.userId), reload);
  return (
    <section className={styles.section} aria-label="Members">
      {view.status === 'loading' && <p className={styles.message}>Loading members…</p>}
      {view.status === 'failed' && (
        <p className={styles.error} role="alert">
          Members could not be loaded. {view.message}
        </p>
      )}
      {view.status === 'ready' && (
        <ul className={styles.list} data-testid="member-list">
          {view.value.members.map((member) => (
            <MemberRow
              key={member.userId}
              member={member}
              isSelf={member.userId === currentUserId}
              canManage={isOwner}
              action={action}
              onRoleChange={(next) => changeRole(member, next)}
              onRemove={() => remove(member)}
            />
          ))}
        </ul>
      )}
      <p className={styles.error} role="alert" data-testid="members-error">
        {action.error ?? ''}
      </p>
      {isOwner ? (
        <InviteForm vaultId={vaultId} />
      ) : (
        <p className={styles.hint}>Only owners change roles, remove members and invite people.</p>
      )}
    </section>
  );
}

interface MemberRowProps {
  readonly member: VaultMember;
  readonly isSelf: boolean;
  readonly canManage: boolean;
  readonly action: AccessAction;
  onRoleChange(role: VaultRole): void;
  onRemove(): void;
}

/** One member: the role as a select for owners (including their own: the relay keeps a last owner), else text. */
function MemberRow({ member, isSelf, canManage, action, onRoleChange, onRemove }: MemberRowProps) {
  const name = displayNameOf(member);
  return (
    <li className={styles.row} data-testid="member-row" data-user-id={member.userId}>
      <span className={styles.who}>
        <span className={styles.name}>
          {name}
          {isSelf && ' (you)'}
        </span>
        {member.name !== null && <span className={styles.meta}>{member.email}</span>}
      </span>
      {canManage ? (
        <select
          className={styles.select}
          aria-label={`Role of ${name}`}
          value={member.role}
          disabled={action.busy}
          onChange={(event) => onRoleChange(event.target.value as VaultRole)}
        >
          {VAULT_ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role].name}
            </option>
          ))}
        </select>
      ) : (
        <span className={styles.meta}>{ROLE_LABELS[member.role].name}</span>
      )}
      {canManage && !isSelf && (
        <ConfirmButton
          label="Remove"
          question={`Remove ${name} from this vault?`}
          confirmLabel="Remove"
          testId="remove-member"
          disabled={action.busy}
          onConfirm={onRemove}
        />
      )}
    </li>
  );
}
