'use client';

import { useEffect, useState } from 'react';
import { type AttachmentMeta, fetchAttachmentMeta } from '../lib/attachments/attachmentApi';

/** What the relay said about a file: still asking, its description, gone (or hidden), or no answer. */
export type MetaView =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly meta: AttachmentMeta }
  | { readonly status: 'missing' }
  | { readonly status: 'failed'; readonly message: string; readonly offline: boolean };

// ATT4 reads text in the background; asking every 2 s shows the result soon after it lands.
const PENDING_POLL_MS = 2_000;
// Out of reach: ask again now and then, so the view fills in when the relay is back.
const OFFLINE_POLL_MS = 10_000;

/** The file's description from the relay, asked again while its text is being read or the relay is away. */
export function useAttachmentMeta(vaultId: string, docId: string): MetaView {
  const [view, setView] = useState<{ docId: string; view: MetaView }>({ docId, view: { status: 'loading' } });
  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      const answer = await fetchAttachmentMeta(vaultId, docId);
      if (cancelled) return;
      const next = toView(answer);
      setView({ docId, view: next });
      const again = nextPollMs(next);
      if (again !== null) timer = setTimeout(() => void ask(), again);
    };
    void ask();
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [vaultId, docId]);
  // For one render after switching files the state still holds the previous file's answer.
  return view.docId === docId ? view.view : { status: 'loading' };
}

function toView(answer: Awaited<ReturnType<typeof fetchAttachmentMeta>>): MetaView {
  if (answer.ok) return { status: 'ready', meta: answer.meta };
  if (answer.code === 'NOTE_NOT_FOUND') return { status: 'missing' };
  return { status: 'failed', message: answer.message, offline: answer.code === 'NETWORK_UNAVAILABLE' };
}

function nextPollMs(view: MetaView): number | null {
  if (view.status === 'ready') return view.meta.extraction.status === 'pending' ? PENDING_POLL_MS : null;
  return view.status === 'failed' ? OFFLINE_POLL_MS : null;
}
