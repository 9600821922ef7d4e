'use client';

import { headingRepeatsTitle } from '@baalda/core';
import { EDITOR_FRAGMENT } from '@baalda/markdown';
import { useCallback, useSyncExternalStore } from 'react';
import type * as Y from 'yjs';
import { firstHeadingText } from '../lib/firstHeading';

/** TTL3: whether the open note's first heading already shows `title`, kept current as the note changes. */
export function useTitleInNote(ydoc: Y.Doc | null, title: string): boolean {
  const subscribe = useCallback(
    (listener: () => void) => {
      if (!ydoc) return () => {};
      const fragment = ydoc.getXmlFragment(EDITOR_FRAGMENT);
      fragment.observeDeep(listener);
      return () => fragment.unobserveDeep(listener);
    },
    [ydoc],
  );
  return useSyncExternalStore(
    subscribe,
    () => {
      const heading = ydoc ? firstHeadingText(ydoc) : null;
      return heading !== null && headingRepeatsTitle(heading, title);
    },
    () => false,
  );
}
