import type { Editor } from '@tiptap/core';
import { useEffect } from 'react';
import { headingPosition } from '../lib/links/headingPosition';

// A note opened from a link may still be loading from IndexedDB or the relay; its heading is looked for
// while its content arrives, this long at most.
const WAIT_FOR_HEADING_MS = 5000;

/**
 * LINK6: once the note holds the heading a link named, puts the caret at its start and scrolls it into
 * view; `onShown` is called then, or when the wait is over.
 *
 * Nothing is shown before the editor's `create` event: Tiptap emits it a tick after mounting, and the caret
 * the editor places on open (NoteEditor's `onCreate`) would otherwise land after ours and move it back to
 * the note's start whenever the note's content was already on the device.
 */
export function useHeadingShown(editor: Editor | null, heading: string | null, onShown: () => void): void {
  useEffect(() => {
    if (!editor || !heading) return;
    const show = (): boolean => {
      const position = headingPosition(editor.state.doc, heading);
      if (position === null) return false;
      editor.chain().focus(position).scrollIntoView().run();
      onShown();
      return true;
    };
    const onTransaction = () => {
      if (show()) stop();
    };
    const onCreated = () => {
      if (show()) stop();
      else editor.on('transaction', onTransaction);
    };
    const timer = window.setTimeout(() => {
      stop();
      onShown();
    }, WAIT_FOR_HEADING_MS);
    const stop = () => {
      editor.off('create', onCreated);
      editor.off('transaction', onTransaction);
      window.clearTimeout(timer);
    };
    if (editor.isInitialized) onCreated();
    else editor.on('create', onCreated);
    return stop;
  }, [editor, heading, onShown]);
}
