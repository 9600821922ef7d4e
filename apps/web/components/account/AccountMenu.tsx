'use client';

import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import type { User } from '../../lib/account/accountTypes';
import styles from './Account.module.css';
import { ChangePasswordForm } from './ChangePasswordForm';

interface AccountMenuProps {
  readonly user: User;
  /** True when the app opened from this device's memory because the relay could not be asked. */
  readonly offline: boolean;
  /** Resolves to a message when signing out failed (the relay out of reach), else null. */
  onSignOut(): Promise<string | null>;
  /** The same for signing out every session of the account (ACC14). */
  onSignOutEverywhere(): Promise<string | null>;
  /** Settings entries (members, invites, tokens) from components/settings; shown above "Sign out". */
  readonly settings?: ReactNode;
}

/**
 * Who is signed in, at the foot of the sidebar; opens to settings, "Change password" (ACC12), "Sign out"
 * and "Sign out everywhere" (ACC14).
 */
export function AccountMenu({ user, offline, onSignOut, onSignOutEverywhere, settings }: AccountMenuProps) {
  const [open, setOpen] = useState(false);
  const [changingPassword, setChangingPassword] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const panelId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return undefined;
    const closeOutside = (event: MouseEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', closeOutside);
    return () => document.removeEventListener('mousedown', closeOutside);
  }, [open]);
  const signOut = async () => setError(await onSignOut());
  const signOutEverywhere = async () => setError(await onSignOutEverywhere());
  return (
    <div ref={wrapper} className={styles.account}>
      {open && (
        // biome-ignore lint/a11y/noStaticElementInteractions: Escape closes the panel, as it does a menu
        <div id={panelId} className={styles.panel} onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}>
          <p className={styles.signedInAs}>
            Signed in as <strong>{user.email}</strong>
            {user.isAdmin && <span className={styles.role}>Admin</span>}
          </p>
          {settings}
          {changingPassword ? (
            <ChangePasswordForm onClose={() => setChangingPassword(false)} />
          ) : (
            <button
              type="button"
              className={styles.quiet}
              data-testid="change-password"
              onClick={() => setChangingPassword(true)}
            >
              Change password
            </button>
          )}
          {error && (
            <p className={styles.error} role="alert">
              {error}
            </p>
          )}
          <button type="button" className={styles.quiet} data-testid="sign-out" onClick={() => void signOut()}>
            Sign out
          </button>
          <button
            type="button"
            className={styles.quiet}
            data-testid="sign-out-everywhere"
            title="Ends every session of your account, on every device, this one too"
            onClick={() => void signOutEverywhere()}
          >
            Sign out everywhere
          </button>
        </div>
      )}
      <button
        type="button"
        className={styles.accountButton}
        aria-expanded={open}
        aria-controls={panelId}
        data-testid="account-menu"
        onClick={() => setOpen(!open)}
      >
        <span className={styles.avatar} aria-hidden="true">
          {(user.name || user.email).slice(0, 1).toUpperCase()}
        </span>
        <span className={styles.email} data-testid="account-email">
          {user.email}
        </span>
        {offline && <span className={styles.offline}>offline</span>}
      </button>
    </div>
  );
}
