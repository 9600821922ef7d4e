'use client';

import { useEffect } from 'react';

const APP_NAME = 'Baalda';

/** Names the tab (and the history entry) after the open note, so a person can tell their tabs apart. */
export function useDocumentTitle(noteTitle: string | undefined): void {
  useEffect(() => {
    document.title = noteTitle ? `${noteTitle} · ${APP_NAME}` : APP_NAME;
  }, [noteTitle]);
}
