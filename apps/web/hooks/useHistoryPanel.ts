'use client';

import { type RefObject, useCallback, useRef, useState } from 'react';

/** Whether the history panel is open, and the button that opens it (the focus goes back there on close). */
export interface HistoryPanelControl {
  readonly open: boolean;
  readonly buttonRef: RefObject<HTMLButtonElement | null>;
  toggle(): void;
  close(): void;
}

/** The panel stays open from note to note, so comparing versions of several notes needs no clicks. */
export function useHistoryPanel(): HistoryPanelControl {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const toggle = useCallback(() => setOpen((shown) => !shown), []);
  const close = useCallback(() => {
    setOpen(false);
    buttonRef.current?.focus();
  }, []);
  return { open, buttonRef, toggle, close };
}
