import { describe, expect, it } from 'vitest';
import type { LocalNoteRecord } from './localNoteRecord';
import { makeNewLocalNote, mergeRelayNote, toRelayNote } from './noteMerge';

const docId = 'V1StGXR8_Z5jdHi6B-myT';
const local: LocalNoteRecord = {
  docId,
  title: 'Refund policy (offline edit)',
  createdAt: 1_700_000_000_000,
  updatedAt: 1_700_000_500_000,
  registeredOnRelay: false,
  pendingChanges: 2,
};

describe('merging the relay list into the local registry', () => {
  it('adds a note only the relay knows, as registered and with nothing pending', () => {
    const relay = { docId, title: 'From bob', createdAt: 1, updatedAt: 2 };
    expect(mergeRelayNote(undefined, relay)).toEqual({ ...relay, registeredOnRelay: true, pendingChanges: 0 });
  });

  it('keeps the local title when the local edit is newer than what the relay has', () => {
    const merged = mergeRelayNote(local, { docId, title: 'Refund policy', createdAt: 1, updatedAt: 1_700_000_100_000 });
    expect(merged).toMatchObject({ title: local.title, updatedAt: local.updatedAt, registeredOnRelay: true });
    expect(merged?.pendingChanges).toBe(2);
  });

  it('takes the relay title when another device edited the note later', () => {
    const merged = mergeRelayNote(local, { docId, title: 'Refunds', createdAt: 1, updatedAt: 1_700_000_900_000 });
    expect(merged).toMatchObject({ title: 'Refunds', updatedAt: 1_700_000_900_000 });
  });

  it('lets the relay fill in a note first opened from a link, including its real creation time', () => {
    const opened = { ...local, createdAt: 1_700_000_900_000, updatedAt: 0, title: 'Untitled', pendingChanges: 0 };
    const relay = { docId, title: 'Shared agenda', createdAt: 1_700_000_000_000, updatedAt: 1_700_000_100_000 };
    expect(mergeRelayNote(opened, relay)).toMatchObject({ ...relay, registeredOnRelay: true });
  });

  it('returns nothing when the record would not change, so no write happens', () => {
    const registered = { ...local, registeredOnRelay: true };
    expect(mergeRelayNote(registered, { docId, title: 'x', createdAt: local.createdAt, updatedAt: 1 })).toBeUndefined();
  });

  it('starts a new note untitled, unregistered and with nothing pending', () => {
    expect(makeNewLocalNote(docId, 5)).toEqual({
      docId,
      title: 'Untitled',
      createdAt: 5,
      updatedAt: 5,
      registeredOnRelay: false,
      pendingChanges: 0,
    });
  });

  it('skips relay entries that are not notes', () => {
    expect(toRelayNote({ docId: 'short', title: 'x', createdAt: 1, updatedAt: 1 })).toBeUndefined();
    expect(toRelayNote({ docId, title: 'x', createdAt: '1', updatedAt: 1 })).toBeUndefined();
    expect(toRelayNote(null)).toBeUndefined();
    expect(toRelayNote({ docId, title: '', createdAt: 1, updatedAt: 2 })?.title).toBe('Untitled');
  });
});
