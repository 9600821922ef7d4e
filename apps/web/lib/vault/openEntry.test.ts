import type { VaultNote } from '@baalda/core';
import { describe, expect, it } from 'vitest';
import type { PendingUpload, UploadQueueState } from '../uploads/uploadTypes';
import { resolveOpenEntry } from './openEntry';

const plan = entry('alice_plan_00000000001', 'Plan.md');
const scan = entry('alice_scan_00000000002', 'Work/Scan.pdf');
const old = entry('alice_old_000000000003', 'Old.png', 1);
const queued: PendingUpload = {
  docId: 'alice_photo_0000000004',
  path: 'Photo.jpg',
  createdAt: 0,
  blob: new Blob([]),
  order: 0,
  state: 'queued',
  failure: null,
};
const tree = { ready: true, notes: [plan, scan], trash: [old] };
const uploads: UploadQueueState = { ready: true, uploads: [queued] };

function entry(docId: string, path: string, deletedAt: number | null = null): VaultNote {
  return { docId, path, createdAt: 0, updatedAt: 0, deletedAt, conflictOf: null };
}

describe('what the open id names', () => {
  it('[PATH11] a note or an attachment by its name in the tree, live or trashed', () => {
    expect(resolveOpenEntry(plan.docId, tree, uploads)).toEqual({ kind: 'note' });
    expect(resolveOpenEntry(scan.docId, tree, uploads)).toEqual({ kind: 'attachment', entry: scan, trashed: false });
    expect(resolveOpenEntry(old.docId, tree, uploads)).toEqual({ kind: 'attachment', entry: old, trashed: true });
  });

  it('[ATT8] a file still waiting for upload, until the tree has it', () => {
    expect(resolveOpenEntry(queued.docId, tree, uploads)).toEqual({ kind: 'upload', upload: queued });
    const landed = entry(queued.docId, 'Photo.jpg');
    expect(resolveOpenEntry(queued.docId, { ...tree, notes: [landed] }, uploads)).toMatchObject({
      kind: 'attachment',
    });
  });

  it('[PATH11] never guesses "note" for an unknown id before this device’s tree and queue are read', () => {
    const unknown = 'bob_note_0000000000009';
    expect(resolveOpenEntry(unknown, { ...tree, ready: false }, uploads)).toEqual({ kind: 'waiting' });
    expect(resolveOpenEntry(unknown, tree, { ready: false, uploads: [] })).toEqual({ kind: 'waiting' });
    expect(resolveOpenEntry(unknown, tree, uploads)).toEqual({ kind: 'note' });
    const hinted = entry(unknown, 'Found.pdf');
    expect(resolveOpenEntry(unknown, tree, uploads, new Map([[unknown, hinted]]))).toMatchObject({
      kind: 'attachment',
      entry: hinted,
    });
    expect(resolveOpenEntry(null, tree, uploads)).toEqual({ kind: 'none' });
  });
});
