import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { LIMITS } from '../limits/limits';
import {
  PRESENCE_PALETTE,
  presenceColorOf,
  presenceStateFor,
  presenceUserOf,
  readPresenceState,
  UNNAMED_PERSON,
} from './presence';

/** WCAG 2 contrast ratio of two `#rrggbb` colours. */
function contrastRatio(first: string, second: string): number {
  const luminance = (hex: string) => {
    const channels = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255);
    const [r = 0, g = 0, b = 0] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** A caret as y-prosemirror shares it: relative positions into a real doc's text, through JSON. */
function realCursor(): unknown {
  const doc = new Y.Doc();
  const text = new Y.XmlText('hello');
  doc.getXmlFragment('default').insert(0, [text]);
  const at = (index: number) => Y.createRelativePositionFromTypeIndex(text, index);
  return JSON.parse(JSON.stringify({ anchor: at(2), head: at(4) }));
}

describe('presence', () => {
  it('[PRES2] a colour is a pure function of the account id, from the palette, and spreads over all of it', () => {
    const ids = Array.from({ length: 400 }, (_, index) => `user${index}`);
    for (const id of ids) {
      expect(PRESENCE_PALETTE).toContain(presenceColorOf(id));
      expect(presenceColorOf(id)).toBe(presenceColorOf(id.slice(0)));
    }
    const counts = new Map<string, number>();
    for (const id of ids) counts.set(presenceColorOf(id), (counts.get(presenceColorOf(id)) ?? 0) + 1);
    expect(counts.size).toBe(PRESENCE_PALETTE.length);
    // 400 ids over 8 colours: 50 each on average; none of them rare or crowded.
    for (const count of counts.values()) expect(count).toBeGreaterThan(25);
    expect(presenceColorOf('alice')).not.toBe(presenceColorOf('bob'));
  });

  it('[PRES2] every colour carries white text at 4.5:1 or more, and the eight are distinct', () => {
    expect(new Set(PRESENCE_PALETTE.map((color) => color.toLowerCase())).size).toBe(8);
    for (const color of PRESENCE_PALETTE) {
      expect(color).toMatch(/^#[0-9A-F]{6}$/);
      expect(contrastRatio(color, '#FFFFFF'), color).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('[PRES1] a person is their trimmed name, cut to LIM9, or a placeholder — never anything else of the account', () => {
    expect(presenceUserOf({ id: 'u1', name: '  Alice Martin ' })).toEqual({
      id: 'u1',
      name: 'Alice Martin',
      color: presenceColorOf('u1'),
    });
    expect(presenceUserOf({ id: 'u2', name: '   ' }).name).toBe(UNNAMED_PERSON);
    const long = presenceUserOf({ id: 'u3', name: '🙂'.repeat(100) }).name;
    expect([...long]).toHaveLength(LIMITS.maxNameLength);
    const account = { id: 'u4', name: 'Bob', email: 'bob@example.com', isAdmin: true };
    expect(Object.keys(presenceUserOf(account)).sort()).toEqual(['color', 'id', 'name']);
  });

  it('[PRES7] the relay keeps only its own person and a well-formed caret; a state that announces no one stays empty', () => {
    const bob = presenceUserOf({ id: 'u-bob', name: 'bob' });
    const cursor = realCursor();
    const forged = {
      user: { id: 'u-alice', name: 'alice', color: '#000000', email: 'alice@example.com' },
      cursor,
      email: 'bob@example.com',
      note: 'x'.repeat(1000),
    };
    expect(presenceStateFor(forged, bob)).toEqual({ user: bob, cursor });
    expect(presenceStateFor({ user: true, cursor: { anchor: 'here', head: 3 } }, bob)).toEqual({
      user: bob,
      cursor: null,
    });
    for (const silent of [{}, { cursor }, { user: null, cursor }, null, 7, 'bob', [bob]]) {
      expect(presenceStateFor(silent, bob)).toEqual({});
    }
  });

  it('[PRES4] a reader takes a person with a caret, and nothing from a state that does not name one properly', () => {
    const bob = presenceUserOf({ id: 'u-bob', name: 'bob' });
    const cursor = realCursor();
    expect(readPresenceState({ user: bob, cursor })).toEqual({ user: bob, cursor });
    expect(readPresenceState({ user: bob })).toEqual({ user: bob, cursor: null });
    expect(readPresenceState({ user: { ...bob, color: 'red; background: url(x)' }, cursor })).toBeNull();
    expect(readPresenceState({ user: { ...bob, name: '' } })).toBeNull();
    expect(readPresenceState({ cursor })).toBeNull();
    expect(readPresenceState({})).toBeNull();
    expect(readPresenceState(null)).toBeNull();
  });
});
