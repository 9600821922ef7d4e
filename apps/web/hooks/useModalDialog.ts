'use client';

import { type RefObject, useEffect } from 'react';

/**
 * Shows a `<dialog>` as modal for as long as it is mounted: the browser makes the rest of the page inert
 * and keeps it in the top layer. On unmount the focus goes back to where it was, if that element is still
 * there (after opening another note, the old editor is gone and the new one takes the caret itself).
 */
export function useModalDialog(dialog: RefObject<HTMLDialogElement | null>): void {
  useEffect(() => {
    const element = dialog.current;
    if (!element) return undefined;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    element.showModal();
    return () => {
      element.close();
      if (previous?.isConnected) previous.focus({ preventScroll: true });
    };
  }, [dialog]);
}
