import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { sourceVersionOf } from './sourceVersion';

describe('source versions', () => {
  it('[IDX2] every change raises the version: typing, and deleting too (a regression: deletions left it unchanged)', () => {
    const doc = new Y.Doc();
    const text = doc.getText('t');
    text.insert(0, 'payroll runs monthly');
    const typed = sourceVersionOf(doc);
    text.delete(0, 8);
    const deleted = sourceVersionOf(doc);
    expect(deleted).toBeGreaterThan(typed);
    text.insert(0, 'x');
    expect(sourceVersionOf(doc)).toBeGreaterThan(deleted);
  });

  it('[IDX2] a replica that merged more of the history never has a smaller version', () => {
    const alice = new Y.Doc();
    const bob = new Y.Doc();
    alice.getText('t').insert(0, 'hello world');
    Y.applyUpdate(bob, Y.encodeStateAsUpdate(alice));
    bob.getText('t').delete(0, 6);
    const merged = new Y.Doc();
    Y.applyUpdate(merged, Y.encodeStateAsUpdate(alice));
    const before = sourceVersionOf(merged);
    Y.applyUpdate(merged, Y.encodeStateAsUpdate(bob));
    expect(sourceVersionOf(merged)).toBeGreaterThan(before);
    expect(sourceVersionOf(merged)).toBe(sourceVersionOf(bob));
  });
});
