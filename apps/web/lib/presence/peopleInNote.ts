import { type PresenceUser, readPresenceState, UNNAMED_PERSON } from '@baalda/core';

/** PRES5: avatars shown in a note's header before the rest become "+N". */
export const MAX_AVATARS = 5;

/**
 * PRES4: the other people with a note open, from its awareness states: one entry per person however many
 * tabs they have, never the person looking (in any of their tabs), never a state that names no one (a note
 * open only for background sync). Ordered by name, so avatars don't jump around as carets move.
 */
export function peopleInNote(states: ReadonlyMap<number, unknown>, selfId: string): PresenceUser[] {
  const people = new Map<string, PresenceUser>();
  for (const state of states.values()) {
    const user = readPresenceState(state)?.user;
    if (user && user.id !== selfId && !people.has(user.id)) people.set(user.id, user);
  }
  return [...people.values()].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

/** Whether two lists name the same people alike, so a caret moving doesn't redraw the header. */
export function isSamePeople(before: readonly PresenceUser[], after: readonly PresenceUser[]): boolean {
  return (
    before.length === after.length &&
    before.every((person, index) => {
      const other = after[index];
      return other?.id === person.id && other.name === person.name && other.color === person.color;
    })
  );
}

/**
 * PRES5: the avatars to draw and the people behind "+N". Never more than MAX_AVATARS circles: with more
 * people than that, the last circle is "+N".
 */
export function avatarsOf(people: readonly PresenceUser[]): { shown: PresenceUser[]; more: PresenceUser[] } {
  if (people.length <= MAX_AVATARS) return { shown: [...people], more: [] };
  return { shown: people.slice(0, MAX_AVATARS - 1), more: people.slice(MAX_AVATARS - 1) };
}

/** PRES5: the initials on an avatar: the first letter of the first two words ("?" for someone unnamed). */
export function initialsOf(name: string): string {
  if (name === UNNAMED_PERSON) return '?';
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => [...word][0]?.toLocaleUpperCase() ?? '')
    .join('');
}
