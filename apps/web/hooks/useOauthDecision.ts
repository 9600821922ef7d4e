'use client';

import { useState } from 'react';
import type { AccountResult } from '../lib/account/authApi';
import { describeAuthFailure } from '../lib/account/authMessages';
import { approveAuthorization, denyAuthorization, type OauthApproval } from '../lib/account/oauthApi';

/** The person's answer to an assistant, under way or refused. */
export interface OauthDecision {
  /** Which answer is being sent; it stays set while the browser leaves for the assistant. */
  readonly pending: 'approve' | 'deny' | null;
  /** The browser was sent to the assistant; an app's own scheme (`com.example.app:…`) leaves this page open. */
  readonly handedOver: boolean;
  /** Why the last answer was refused, in the card's words. */
  readonly failure: { readonly message: string; readonly requestGone: boolean } | null;
  approve(approval: OauthApproval): void;
  deny(): void;
}

/** OAC3: sends the answer; the relay's `redirectTo` takes the browser back to the assistant, either way. */
export function useOauthDecision(id: string): OauthDecision {
  const [pending, setPending] = useState<OauthDecision['pending']>(null);
  const [failure, setFailure] = useState<OauthDecision['failure']>(null);
  const [handedOver, setHandedOver] = useState(false);
  const send = async (kind: 'approve' | 'deny', call: () => Promise<AccountResult<{ redirectTo: string }>>) => {
    setPending(kind);
    setFailure(null);
    const answer = await call();
    if (answer.ok) {
      window.location.assign(answer.redirectTo);
      return setHandedOver(true);
    }
    setPending(null);
    // Expired or answered in another tab: no answer can reach the assistant any more.
    setFailure({ message: describeAuthFailure(answer), requestGone: answer.code === 'OAUTH_REQUEST_NOT_FOUND' });
  };
  return {
    pending,
    handedOver,
    failure,
    approve: (approval) => void send('approve', () => approveAuthorization(id, approval)),
    deny: () => void send('deny', () => denyAuthorization(id)),
  };
}
