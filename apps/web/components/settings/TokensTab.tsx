'use client';

import { useState } from 'react';
import { useNow } from '../../hooks/useNow';
import { relayAccessApi } from '../../lib/access/accessApi';
import type { AccessToken, VaultChoice } from '../../lib/access/accessShapes';
import { sortTokens, tokenStateOf } from '../../lib/access/tokenExpiry';
import { tokenFactsOf } from '../../lib/access/tokenLabels';
import { ConfirmButton } from '../trash/ConfirmButton';
import { NewTokenForm } from './NewTokenForm';
import styles from './Settings.module.css';
import { useAccessAction } from './useAccessAction';
import { useAccessQuery } from './useAccessQuery';

interface TokensTabProps {
  readonly vaultId: string;
  readonly vaultName: string;
}

/** The caller's personal access tokens, for every vault (a token is one person's, not the vault's). */
export function TokensTab({ vaultId, vaultName }: TokensTabProps) {
  const tokens = useAccessQuery(() => relayAccessApi.listTokens(), 'tokens');
  const vaults = useAccessQuery(() => relayAccessApi.listVaults(), 'vaults');
  const action = useAccessAction();
  const [creating, setCreating] = useState(false);
  // Without the vault list the form still offers the open vault: the one a token is usually for.
  const choices: VaultChoice[] =
    vaults.view.status === 'ready' ? vaults.view.value.vaults : [{ id: vaultId, name: vaultName, role: 'viewer' }];
  const revoke = (token: AccessToken) => void action.run(() => relayAccessApi.revokeToken(token.id), tokens.reload);
  return (
    <section className={styles.section} aria-label="Access tokens">
      <p className={styles.hint}>
        A token lets a script or an assistant use one vault as you, optionally read-only. It never has more rights than
        you.
      </p>
      {creating ? (
        <NewTokenForm
          vaults={choices}
          defaultVaultId={vaultId}
          onCreated={tokens.reload}
          onDone={() => setCreating(false)}
        />
      ) : (
        <div className={styles.form}>
          <button type="button" className={styles.primary} data-testid="new-token" onClick={() => setCreating(true)}>
            New token
          </button>
        </div>
      )}
      <p className={styles.error} role="alert" data-testid="tokens-error">
        {action.error ?? ''}
      </p>
      {tokens.view.status === 'loading' && <p className={styles.message}>Loading tokens…</p>}
      {tokens.view.status === 'failed' && (
        <p className={styles.error} role="alert">
          Tokens could not be loaded. {tokens.view.message}
        </p>
      )}
      {tokens.view.status === 'ready' && (
        <TokenList
          tokens={tokens.view.value.tokens}
          vaultNames={new Map(choices.map((vault) => [vault.id, vault.name]))}
          busy={action.busy}
          onRevoke={revoke}
        />
      )}
    </section>
  );
}

interface TokenListProps {
  readonly tokens: readonly AccessToken[];
  readonly vaultNames: ReadonlyMap<string, string>;
  readonly busy: boolean;
  onRevoke(token: AccessToken): void;
}

function TokenList({ tokens, vaultNames, busy, onRevoke }: TokenListProps) {
  const now = useNow(60_000);
  if (tokens.length === 0) return <p className={styles.message}>You have no access tokens.</p>;
  return (
    <ul className={styles.list} data-testid="token-list">
      {sortTokens(tokens, now).map((token) => (
        <li key={token.id} className={styles.row} data-testid="token-row" data-state={tokenStateOf(token, now)}>
          <span className={styles.who}>
            <span className={styles.name}>{token.name}</span>
            <span className={styles.meta}>{tokenFactsOf(token, now, vaultNames).join(' · ')}</span>
          </span>
          {tokenStateOf(token, now) === 'active' && (
            <ConfirmButton
              label="Revoke"
              question={`Revoke “${token.name}”? Anything using it stops working.`}
              confirmLabel="Revoke"
              testId="revoke-token"
              disabled={busy}
              onConfirm={() => onRevoke(token)}
            />
          )}
        </li>
      ))}
    </ul>
  );
}
