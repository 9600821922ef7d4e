'use client';

import type { PresenceUser } from '@baalda/core';
import { useEffect } from 'react';
import type { Awareness } from 'y-protocols/awareness';

/**
 * PRES3: names the person in the note's awareness while its editor is on screen, and stops when it goes.
 * The session may stay open afterwards for background sync (the same awareness); without this the person
 * would go on appearing in a note they left.
 */
export function useAnnouncedPresence(awareness: Awareness, user: PresenceUser): void {
  useEffect(() => {
    awareness.setLocalStateField('user', user);
    // Does nothing once the session is destroyed: its provider has removed the state already.
    return () => awareness.setLocalStateField('user', null);
  }, [awareness, user]);
}
