'use client';

import { type FormEvent, useId, useState } from 'react';
import { type OauthDecision, useOauthDecision } from '../../hooks/useOauthDecision';
import { useOauthRequest } from '../../hooks/useOauthRequest';
import type { User, VaultEntry } from '../../lib/account/accountTypes';
import type { OauthRequest } from '../../lib/account/oauthApi';
import { type ConsentChoice, consentChoiceOf } from '../../lib/account/oauthChoice';
import { AuthCard } from './AuthCard';
import styles from './AuthPage.module.css';

interface OauthConsentProps {
  readonly authorizationId: string;
  readonly user: User;
  readonly vaults: readonly VaultEntry[];
  /** Leaves without an answer: the request expires on its own. */
  onDismiss(): void;
}

/** OAC1: an assistant asks to use the signed-in person's notes; they pick a vault and its rights, or refuse. */
export function OauthConsent({ authorizationId, user, vaults, onDismiss }: OauthConsentProps) {
  const loaded = useOauthRequest(authorizationId);
  if (loaded.status === 'ready') {
    return (
      <AuthCard>
        <ConsentForm
          authorizationId={authorizationId}
          request={loaded.request}
          user={user}
          vaults={vaults}
          onDismiss={onDismiss}
        />
      </AuthCard>
    );
  }
  return (
    <AuthCard busy={loaded.status === 'loading'}>
      <h1 className={styles.title} data-testid="oauth-title">
        Connect an assistant
      </h1>
      <p className={styles.lead}>Signed in as {user.email}.</p>
      {loaded.status === 'failed' && <RequestGone message={loaded.message} onDismiss={onDismiss} />}
    </AuthCard>
  );
}

interface ConsentFormProps extends OauthConsentProps {
  readonly request: OauthRequest;
}

function ConsentForm({ authorizationId, request, user, vaults, onDismiss }: ConsentFormProps) {
  const decision = useOauthDecision(authorizationId);
  const [pickedVaultId, setPickedVaultId] = useState<string | null>(null);
  const [wantsWrite, setWantsWrite] = useState(false);
  const choice = consentChoiceOf(request.mayWrite, vaults, pickedVaultId, wantsWrite);
  const busy = decision.pending !== null;
  // Another vault starts again from read only: writing is chosen for one vault, knowing which.
  const pick = (vaultId: string) => {
    setPickedVaultId(vaultId);
    setWantsWrite(false);
  };
  const allow = (event: FormEvent) => {
    event.preventDefault();
    if (choice.vault) decision.approve({ vaultId: choice.vault.id, readOnly: choice.readOnly });
  };
  const header = <ConsentHeader request={request} user={user} />;
  if (decision.handedOver) {
    return (
      <>
        {header}
        <p className={styles.notice} role="status" data-testid="oauth-handed-over">
          Your answer went back to {request.clientName}. You can close this tab.
        </p>
      </>
    );
  }
  if (decision.failure?.requestGone) {
    return (
      <>
        {header}
        <RequestGone message={decision.failure.message} onDismiss={onDismiss} />
      </>
    );
  }
  return (
    <>
      {header}
      <form className={styles.form} aria-label="Connect an assistant" onSubmit={allow}>
        <VaultField vaults={vaults} choice={choice} disabled={busy} onPick={pick} />
        <RightsField choice={choice} disabled={busy || choice.vault === null} onWantsWrite={setWantsWrite} />
        <p className={styles.smallPrint}>
          The assistant never gets more rights than you have. You can revoke its access at any time in Vault settings →
          Access tokens.
        </p>
        <DecisionButtons decision={decision} mayAllow={choice.vault !== null} />
      </form>
    </>
  );
}

function DecisionButtons({ decision, mayAllow }: { decision: OauthDecision; mayAllow: boolean }) {
  const busy = decision.pending !== null;
  return (
    <>
      {decision.failure && (
        <p className={styles.error} role="alert" data-testid="oauth-error">
          {decision.failure.message}
        </p>
      )}
      <button type="submit" className={styles.primary} disabled={busy || !mayAllow} data-testid="oauth-allow">
        {decision.pending === 'approve' ? 'Allowing…' : 'Allow'}
      </button>
      <button
        type="button"
        className={styles.secondary}
        disabled={busy}
        data-testid="oauth-deny"
        onClick={decision.deny}
      >
        {decision.pending === 'deny' ? 'Denying…' : 'Deny'}
      </button>
    </>
  );
}

// The client's name and site are its own word (anyone may register a client); where the browser goes next
// is the fact the relay checked, so it is the one set in bold.
function ConsentHeader({ request, user }: { request: OauthRequest; user: User }) {
  return (
    <>
      <h1 className={styles.title} data-testid="oauth-title">
        {`Connect ${request.clientName} to your notes`}
      </h1>
      <p className={styles.lead}>Signed in as {user.email}.</p>
      <p className={styles.smallPrint} data-testid="oauth-redirect">
        Afterwards your browser goes to <strong>{request.redirectOrigin}</strong>.
      </p>
      {request.clientUri && (
        <p className={styles.smallPrint} data-testid="oauth-client-uri">
          It gives its website as {request.clientUri}.
        </p>
      )}
    </>
  );
}

interface VaultFieldProps {
  readonly vaults: readonly VaultEntry[];
  readonly choice: ConsentChoice;
  readonly disabled: boolean;
  onPick(vaultId: string): void;
}

function VaultField({ vaults, choice, disabled, onPick }: VaultFieldProps) {
  const id = useId();
  if (choice.vault === null) {
    return (
      <p className={styles.notice} role="status" data-testid="oauth-no-vault">
        You have no vault yet, so there is nothing to connect. Create a vault in your notes first, then connect the
        assistant again.
      </p>
    );
  }
  return (
    <label className={styles.field} htmlFor={id}>
      Vault
      <select
        id={id}
        className={styles.input}
        value={choice.vault.id}
        disabled={disabled}
        data-testid="oauth-vault"
        onChange={(event) => onPick(event.target.value)}
      >
        {vaults.map((vault) => (
          <option key={vault.id} value={vault.id}>
            {vault.name}
          </option>
        ))}
      </select>
    </label>
  );
}

interface RightsFieldProps {
  readonly choice: ConsentChoice;
  readonly disabled: boolean;
  onWantsWrite(wantsWrite: boolean): void;
}

function RightsField({ choice, disabled, onWantsWrite }: RightsFieldProps) {
  const name = useId();
  const refusalId = useId();
  return (
    <fieldset className={styles.choices} disabled={disabled}>
      <legend className={styles.legend}>The assistant may</legend>
      <label className={styles.choice}>
        <input
          type="radio"
          name={name}
          checked={choice.readOnly}
          data-testid="oauth-read-only"
          onChange={() => onWantsWrite(false)}
        />
        Read only
      </label>
      <label className={styles.choice}>
        <input
          type="radio"
          name={name}
          checked={!choice.readOnly}
          disabled={choice.writeRefusal !== null}
          aria-describedby={choice.writeRefusal ? refusalId : undefined}
          data-testid="oauth-read-write"
          onChange={() => onWantsWrite(true)}
        />
        Read and write
      </label>
      {choice.writeRefusal && (
        <p id={refusalId} className={styles.smallPrint} data-testid="oauth-write-refusal">
          {choice.writeRefusal}
        </p>
      )}
    </fieldset>
  );
}

function RequestGone({ message, onDismiss }: { message: string; onDismiss(): void }) {
  return (
    <>
      <p className={styles.error} role="alert" data-testid="oauth-error">
        {message}
      </p>
      <button type="button" className={styles.secondary} data-testid="oauth-dismiss" onClick={onDismiss}>
        Go to my notes
      </button>
    </>
  );
}
