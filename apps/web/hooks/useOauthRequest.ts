'use client';

import { useEffect, useState } from 'react';
import { describeAuthFailure } from '../lib/account/authMessages';
import { type OauthRequest, readAuthorization } from '../lib/account/oauthApi';

/** An assistant's request behind `?oauth=`: still asking, the request, or why it can't be answered. */
export type OauthRequestView =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly request: OauthRequest }
  | { readonly status: 'failed'; readonly message: string };

/** Reads the authorization `id` once; a new id reads again. */
export function useOauthRequest(id: string): OauthRequestView {
  const [view, setView] = useState<OauthRequestView>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    setView({ status: 'loading' });
    void readAuthorization(id).then((answer) => {
      if (!current) return;
      setView(
        answer.ok
          ? { status: 'ready', request: answer.request }
          : { status: 'failed', message: describeAuthFailure(answer) },
      );
    });
    return () => {
      current = false;
    };
  }, [id]);
  return view;
}
