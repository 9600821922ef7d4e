import { describe, expect, it } from 'vitest';
import { LIMITS } from '../limits/limits';
import { parseVaultOpBatch } from './vaultOps';

const now = Date.UTC(2026, 11, 7);
const createOp = (index: number) => ({
  opId: `op_batch_${String(index).padStart(11, '0')}`,
  kind: 'createNote',
  docId: `note_batch_${String(index).padStart(10, '0')}`,
  path: `Batch/Note ${index}.md`,
  createdAt: now,
});

describe('op batches', () => {
  it('[OP2, LIM7] a batch of 100 ops is taken; 101 is refused whole, and so is an empty one', () => {
    const full = parseVaultOpBatch({ ops: Array.from({ length: LIMITS.maxOpsPerBatch }, (_, i) => createOp(i)) }, now);
    expect(full.ok && full.ops).toHaveLength(100);
    const over = parseVaultOpBatch({ ops: Array.from({ length: 101 }, (_, i) => createOp(i)) }, now);
    expect(over).toMatchObject({ ok: false, code: 'OP_INVALID', message: 'At most 100 ops per batch.' });
    expect(parseVaultOpBatch({ ops: [] }, now).ok).toBe(false);
  });

  it('[OP2] one malformed op refuses the batch, naming its place', () => {
    const batch = parseVaultOpBatch({ ops: [createOp(0), { ...createOp(1), kind: 'renameEverything' }] }, now);
    expect(batch).toMatchObject({ ok: false, code: 'OP_INVALID' });
    expect(!batch.ok && batch.message).toMatch(/^ops\[1\]: /);
  });
});
