import type { VaultOp } from '@baalda/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/openDatabase';
import { createVaultService, type VaultService } from '../src/vault/vaultService';
import { pgliteBackend } from './backends';

describe('stored op outcomes are parsed when replayed (CT1, OP3)', () => {
  let opened: Awaited<ReturnType<typeof openDatabase>>;
  let vaults: VaultService;
  let dispose: () => Promise<void>;
  const now = new Date(Date.UTC(2026, 10, 30));

  beforeAll(async () => {
    const database = await pgliteBackend.create();
    dispose = database.dispose;
    opened = await openDatabase(database.target);
    vaults = createVaultService(opened.prisma, () => {});
  });

  afterAll(async () => {
    await opened.close();
    await dispose();
  });

  const create = (opId: string, docId: string, path: string): VaultOp => ({
    opId,
    kind: 'createNote',
    docId,
    path,
    createdAt: now.getTime(),
  });

  it('[OP3] a replayed op answers the outcome it first had, read back from its JSON column', async () => {
    const op = create('aliceReplayOp_000001', 'aliceReplayNote_0001', 'Replay.md');
    const first = await vaults.applyOps('default', [op], now);
    expect((await vaults.applyOps('default', [op], now)).results).toEqual(first.results);
  });

  it('[CT1, OP3] a stored outcome that no longer parses fails loudly, naming the op and the field', async () => {
    const op = create('aliceCorruptOp_00001', 'aliceCorruptNote_001', 'Corrupt.md');
    await vaults.applyOps('default', [op], now);
    await opened.prisma.vaultOp.updateMany({
      where: { opId: op.opId },
      data: { outcome: { opId: op.opId, ok: 'maybe' } },
    });
    await expect(vaults.applyOps('default', [op], now)).rejects.toThrow(
      /^vault_op aliceCorruptOp_00001: the stored outcome is not an op outcome \(ok: /,
    );
  });
});
