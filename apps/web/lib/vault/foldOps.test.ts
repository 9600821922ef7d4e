import type { VaultOp } from '@baalda/core';
import { describe, expect, it } from 'vitest';
import { foldMoveIntoCreate } from './foldOps';
import { EMPTY_SNAPSHOT } from './vaultSnapshot';
import type { OutboxEntry } from './vaultStorage';

const docId = 'alice_note_00000000001';
const at = Date.UTC(2026, 10, 30);

function queue(...ops: VaultOp[]): OutboxEntry[] {
  return ops.map((op, index) => ({ seq: index + 1, op, at, ackedVersion: null }));
}

const create: VaultOp = { kind: 'createNote', opId: 'op_create_0000000001', docId, path: 'Untitled.md', createdAt: at };
const rename = { kind: 'moveNote', opId: 'op_rename_0000000002', docId, path: 'Ideas.md' } as const;

describe('[CN7] folding a rename into a queued create (CN1 for notes named offline)', () => {
  it('rewrites the create when it has not been sent', async () => {
    const folded = await foldMoveIntoCreate(EMPTY_SNAPSHOT, queue(create), rename, at, new Set());
    expect(folded).toEqual({ seq: 1, op: { ...create, path: 'Ideas.md' }, at, ackedVersion: null });
  });

  it('leaves a create alone while it is on its way to the relay', async () => {
    expect(await foldMoveIntoCreate(EMPTY_SNAPSHOT, queue(create), rename, at, new Set([create.opId]))).toBeNull();
  });

  it('does not fold when an op queued in between would end differently', async () => {
    const entries = queue(
      { kind: 'createFolder', opId: 'op_folder_0000000001', path: 'A' },
      { ...create, path: 'A/Untitled.md' },
      { kind: 'moveFolder', opId: 'op_movefd_0000000003', path: 'A', newPath: 'B' },
    );
    const move = { ...rename, path: 'B/Ideas.md' };
    expect(await foldMoveIntoCreate(EMPTY_SNAPSHOT, entries, move, at, new Set())).toBeNull();
  });
});
