'use client';

import { useEffect, useState } from 'react';
import { type InviteOffer, readInvite } from '../lib/account/authApi';
import { describeAuthFailure } from '../lib/account/authMessages';

/** What an invite link offers: nothing to show, still asking, the offer, or why it can't be used. */
export type InviteView =
  | { readonly status: 'none' | 'loading' }
  | { readonly status: 'ready'; readonly offer: InviteOffer }
  | { readonly status: 'failed'; readonly message: string };

/** Reads the invite behind `secret` once (no account needed to read it). */
export function useInviteOffer(secret: string | null): InviteView {
  const [view, setView] = useState<InviteView>({ status: secret ? 'loading' : 'none' });
  useEffect(() => {
    if (!secret) return setView({ status: 'none' });
    let current = true;
    setView({ status: 'loading' });
    void readInvite(secret).then((answer) => {
      if (!current) return;
      setView(
        answer.ok
          ? { status: 'ready', offer: answer.invite }
          : { status: 'failed', message: describeAuthFailure(answer) },
      );
    });
    return () => {
      current = false;
    };
  }, [secret]);
  return view;
}
