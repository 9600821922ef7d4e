import { type PresenceUser, presenceUserOf, UNNAMED_PERSON } from '@baalda/core';
import { describe, expect, it } from 'vitest';
import { avatarsOf, initialsOf, isSamePeople, MAX_AVATARS, peopleInNote } from './peopleInNote';

const alice = presenceUserOf({ id: 'u-alice', name: 'alice' });
const bob = presenceUserOf({ id: 'u-bob', name: 'bob' });
const carol = presenceUserOf({ id: 'u-carol', name: 'Carol Jones' });
const caret = {
  anchor: { type: { client: 7, clock: 3 }, tname: null, item: { client: 7, clock: 4 }, assoc: 0 },
  head: { type: { client: 7, clock: 3 }, tname: null, item: { client: 7, clock: 9 }, assoc: 0 },
};

describe('people in a note', () => {
  it('[PRES4] lists each other person once, whatever their tabs, never the viewer nor a state that names no one', () => {
    const states = new Map<number, unknown>([
      [1, { user: alice, cursor: caret }],
      [2, { user: carol, cursor: null }],
      [3, { user: bob, cursor: caret }],
      [4, { user: bob }],
      [5, {}],
      [6, { cursor: caret }],
      [7, { user: { ...carol, id: 'u-mallory', color: 'red' } }],
      [8, { user: alice }],
    ]);
    expect(peopleInNote(states, 'u-alice')).toEqual([bob, carol]);
    expect(peopleInNote(states, 'u-bob')).toEqual([alice, carol]);
    expect(peopleInNote(new Map([[1, { user: alice }]]), 'u-alice')).toEqual([]);
  });

  it('[PRES4] a caret moving leaves the same people, so the header is not redrawn', () => {
    const before = peopleInNote(new Map([[1, { user: bob, cursor: null }]]), 'u-alice');
    const after = peopleInNote(new Map([[1, { user: bob, cursor: caret }]]), 'u-alice');
    expect(isSamePeople(before, after)).toBe(true);
    expect(isSamePeople(before, [carol])).toBe(false);
    expect(isSamePeople(before, [])).toBe(false);
  });

  it('[PRES5] shows up to five avatars; with more, four and a "+N" for the rest', () => {
    const people: PresenceUser[] = Array.from({ length: 9 }, (_, index) =>
      presenceUserOf({ id: `u${index}`, name: `Person ${index}` }),
    );
    expect(avatarsOf(people.slice(0, MAX_AVATARS))).toEqual({ shown: people.slice(0, 5), more: [] });
    expect(avatarsOf(people.slice(0, 6))).toEqual({ shown: people.slice(0, 4), more: people.slice(4, 6) });
    expect(avatarsOf(people)).toEqual({ shown: people.slice(0, 4), more: people.slice(4) });
    expect(avatarsOf([])).toEqual({ shown: [], more: [] });
  });

  it('[PRES5] initials are the first letters of the first two words', () => {
    expect(initialsOf('alice')).toBe('A');
    expect(initialsOf('Carol  Jones Smith')).toBe('CJ');
    expect(initialsOf('émile zola')).toBe('ÉZ');
    expect(initialsOf('🙂 happy')).toBe('🙂H');
    expect(initialsOf(UNNAMED_PERSON)).toBe('?');
  });
});
