'use client';

import { extractPlainText } from '@baalda/markdown';
import { useEffect, useState } from 'react';
import type * as Y from 'yjs';

// Reading the whole text on every keystroke would cost O(note) per key; a short wait batches a burst of
// typing (or a synced restore) into one read, and is still well under what a person notices in a diff.
const READ_DELAY_MS = 150;

/** A note's plain text (DOC4, as the relay captures versions), kept current as the Y.Doc changes. */
export function useLiveText(ydoc: Y.Doc): string {
  const [text, setText] = useState(() => extractPlainText(ydoc));
  useEffect(() => {
    setText(extractPlainText(ydoc));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onUpdate = () => {
      timer ??= setTimeout(() => {
        timer = undefined;
        setText(extractPlainText(ydoc));
      }, READ_DELAY_MS);
    };
    ydoc.on('update', onUpdate);
    return () => {
      ydoc.off('update', onUpdate);
      clearTimeout(timer);
    };
  }, [ydoc]);
  return text;
}
