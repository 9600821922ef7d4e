'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchAttachmentText } from '../lib/attachments/attachmentApi';

/** The extracted text read so far, and how to read the next page. */
export interface TextView {
  readonly text: string;
  readonly totalChars: number;
  /** Where the next page starts, or null when everything is read. */
  readonly nextOffset: number | null;
  readonly loading: boolean;
  readonly error: string | null;
  loadMore(): void;
}

interface Loaded {
  readonly key: string;
  readonly text: string;
  readonly totalChars: number;
  readonly nextOffset: number | null;
  readonly error: string | null;
}

/**
 * Pages through a file's extracted text (ATT4): the first page once `ready` (the relay has read it), the
 * next ones on request, each appended to what is shown. A file's text never changes (its bytes can't), so
 * what was read stays until another file is shown.
 */
export function useAttachmentText(vaultId: string, docId: string, ready: boolean): TextView {
  const key = `${vaultId}:${docId}`;
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loadingKey, setLoadingKey] = useState<string | null>(null);
  const shownKey = useRef(key);
  shownKey.current = key;
  const load = useCallback(
    async (offset: number, before: Loaded | null) => {
      setLoadingKey(key);
      const answer = await fetchAttachmentText(vaultId, docId, offset);
      // Another file is shown now: this answer is for nobody.
      if (shownKey.current !== key) return;
      setLoadingKey(null);
      const text = before?.text ?? '';
      if (!answer.ok) {
        setLoaded({ key, text, totalChars: before?.totalChars ?? 0, nextOffset: offset, error: answer.message });
        return;
      }
      const { page } = answer;
      const nextOffset = page.truncated ? page.offset + page.text.length : null;
      setLoaded({ key, text: `${text}${page.text}`, totalChars: page.totalChars, nextOffset, error: null });
    },
    [vaultId, docId, key],
  );
  useEffect(() => {
    if (ready) void load(0, null);
  }, [ready, load]);
  const current = loaded?.key === key ? loaded : null;
  const loading = loadingKey === key;
  return {
    text: current?.text ?? '',
    totalChars: current?.totalChars ?? 0,
    nextOffset: current?.nextOffset ?? null,
    loading: loading || (ready && current === null),
    error: current?.error ?? null,
    loadMore() {
      if (current && current.nextOffset !== null && !loading) void load(current.nextOffset, current);
    },
  };
}
