import { describe, expect, it } from 'vitest';
import { createMemoryVault } from './memoryVault';
import type { VaultOp } from './vaultOps';

const t0 = Date.UTC(2026, 10, 30, 9);
let sequence = 0;
const opId = () => {
  sequence += 1;
  return `planOp${String(sequence).padStart(12, '0')}`;
};
const create = (docId: string, path: string, createdAt = t0): VaultOp => ({
  opId: opId(),
  kind: 'createNote',
  docId,
  path,
  createdAt,
});
const move = (docId: string, path: string): VaultOp => ({ opId: opId(), kind: 'moveNote', docId, path });
const trash = (docId: string): VaultOp => ({ opId: opId(), kind: 'trashNote', docId });
const restore = (docId: string): VaultOp => ({ opId: opId(), kind: 'restoreNote', docId });

async function vaultWith(...ops: VaultOp[]) {
  const vault = createMemoryVault();
  for (const op of ops) await vault.apply(op, t0);
  return vault;
}

const attach = (docId: string, path: string, createdAt = t0): VaultOp => ({
  opId: opId(),
  kind: 'createAttachment',
  docId,
  path,
  createdAt,
});

describe('planning attachment entries', () => {
  it('[PATH11, CN1, CN2] an attachment at a taken path is kept under a conflict name with its own extension', async () => {
    const vault = await vaultWith(attach('alicesScanFile_0001', 'Scans/Receipt.pdf'));
    const outcome = await vault.apply(attach('bobsScanFile_000001', 'Scans/receipt.PDF'), t0);
    expect(outcome).toMatchObject({ ok: true, path: 'Scans/receipt (conflict 2026-11-30).PDF' });
    expect(vault.note('bobsScanFile_000001')?.conflictOf).toBe('alicesScanFile_0001');
  });

  it('[PATH11] an attachment path must not end in .md, and a note path must', async () => {
    const vault = await vaultWith();
    expect(await vault.apply(attach('someFileId_0000001', 'Notes.md'), t0)).toMatchObject({
      ok: false,
      code: 'PATH_INVALID',
      rule: 'PATH11',
    });
    expect(await vault.apply(create('someNoteId_0000001', 'Notes.pdf'), t0)).toMatchObject({
      ok: false,
      rule: 'PATH8',
    });
  });

  it('[PATH11, CN4] a rename keeps the kind: a note stays .md, an attachment never becomes .md', async () => {
    const vault = await vaultWith(create('someNoteId_0000001', 'Plan.md'), attach('someFileId_0000001', 'Plan.pdf'));
    expect(await vault.apply(move('someNoteId_0000001', 'Plan.txt'), t0)).toMatchObject({ ok: false, rule: 'PATH8' });
    expect(await vault.apply(move('someFileId_0000001', 'Plan 2.md'), t0)).toMatchObject({
      ok: false,
      rule: 'PATH11',
    });
    expect(await vault.apply(move('someFileId_0000001', 'Archive/Plan v1.PDF'), t0)).toMatchObject({
      ok: true,
      path: 'Archive/Plan v1.PDF',
    });
  });

  it('[FD2, PATH11] moving a folder carries its attachments along with its notes', async () => {
    const vault = await vaultWith(
      create('someNoteId_0000001', 'A/Plan.md'),
      attach('someFileId_0000001', 'A/Plan.pdf'),
    );
    await vault.apply({ opId: opId(), kind: 'moveFolder', path: 'A', newPath: 'B' }, t0);
    expect(vault.tree().notes.map((note) => note.path)).toEqual(['B/Plan.md', 'B/Plan.pdf']);
  });
});

describe('planning tree ops', () => {
  it('[CN1] a create at a taken path keeps both notes and renames the later one, marking what it collided with', async () => {
    const vault = await vaultWith(create('alicesIdeasNote_0001', 'Ideas.md'));
    const outcome = await vault.apply(create('bobsIdeasNote_00001', 'IDEAS.md'), t0);
    expect(outcome).toMatchObject({ ok: true, path: 'IDEAS (conflict 2026-11-30).md', renamedFrom: 'IDEAS.md' });
    expect(vault.note('bobsIdeasNote_00001')?.conflictOf).toBe('alicesIdeasNote_0001');
    expect(vault.tree().notes.map((note) => note.path)).toEqual(['IDEAS (conflict 2026-11-30).md', 'Ideas.md']);
  });

  it('[CN1, OP3] replaying a create answers with the note’s current path and changes nothing', async () => {
    const first = create('alicesIdeasNote_0001', 'Ideas.md');
    const vault = await vaultWith(first, move('alicesIdeasNote_0001', 'Better ideas.md'));
    expect(await vault.apply(first, t0)).toMatchObject({ path: 'Ideas.md' });
    const again = { ...first, opId: opId() };
    expect(await vault.apply(again, t0)).toMatchObject({ ok: true, path: 'Better ideas.md' });
    expect(vault.tree().notes).toHaveLength(1);
  });

  it('[CN4] renaming or moving onto a taken path is refused and nothing changes', async () => {
    const vault = await vaultWith(
      create('alicesIdeasNote_0001', 'Ideas.md'),
      create('bobsPlansNote_00001', 'Plans.md'),
    );
    const outcome = await vault.apply(move('bobsPlansNote_00001', 'ideas.MD'), t0);
    expect(outcome).toMatchObject({ ok: false, code: 'PATH_TAKEN', rule: 'CN4' });
    expect(vault.note('bobsPlansNote_00001')?.path).toBe('Plans.md');
  });

  it('[CN4] changing only the case of a note’s own name is a rename, not a collision', async () => {
    const vault = await vaultWith(create('alicesIdeasNote_0001', 'ideas.md'));
    expect(await vault.apply(move('alicesIdeasNote_0001', 'Ideas.md'), t0)).toMatchObject({
      ok: true,
      path: 'Ideas.md',
    });
  });

  it('[PATH10] a note goes into an existing folder’s spelling, whatever case it was asked with', async () => {
    const vault = await vaultWith(create('alicesPolicyNote_001', 'Policies/Refunds.md'));
    const outcome = await vault.apply(create('bobsPolicyNote_0001', 'policies/Returns.md'), t0);
    expect(outcome).toMatchObject({ path: 'Policies/Returns.md' });
    expect(vault.tree().folders).toEqual(['Policies']);
  });

  it('[TR1, TR2] trash hides a note from the tree; restore brings it back to its path with the same id', async () => {
    const vault = await vaultWith(create('alicesIdeasNote_0001', 'Ideas.md'), trash('alicesIdeasNote_0001'));
    expect(vault.tree().notes).toEqual([]);
    expect(vault.trash().map((note) => note.docId)).toEqual(['alicesIdeasNote_0001']);
    expect(await vault.apply(move('alicesIdeasNote_0001', 'x.md'), t0)).toMatchObject({ code: 'NOTE_IN_TRASH' });
    expect(await vault.apply(restore('alicesIdeasNote_0001'), t0)).toMatchObject({ ok: true, path: 'Ideas.md' });
    expect(vault.tree().notes.map((note) => note.docId)).toEqual(['alicesIdeasNote_0001']);
  });

  it('[TR2, CN5] a restored note whose path was taken meanwhile gets a conflict name', async () => {
    const vault = await vaultWith(
      create('alicesIdeasNote_0001', 'Ideas.md', Date.UTC(2026, 9, 1)),
      trash('alicesIdeasNote_0001'),
      create('bobsIdeasNote_00001', 'Ideas.md'),
    );
    expect(await vault.apply(restore('alicesIdeasNote_0001'), t0)).toMatchObject({
      path: 'Ideas (conflict 2026-10-01).md',
    });
  });

  it('[TR3, DOC2, DOC5] purging needs the trash first, retires the id, and the id can never be created again', async () => {
    const vault = await vaultWith(create('alicesIdeasNote_0001', 'Ideas.md'));
    const purge: VaultOp = { opId: opId(), kind: 'purgeNote', docId: 'alicesIdeasNote_0001' };
    expect(await vault.apply(purge, t0)).toMatchObject({ code: 'NOTE_NOT_IN_TRASH' });
    await vault.apply(trash('alicesIdeasNote_0001'), t0);
    expect(await vault.apply({ ...purge, opId: opId() }, t0)).toMatchObject({ ok: true, count: 1 });
    expect(vault.trash()).toEqual([]);
    expect(await vault.apply(create('alicesIdeasNote_0001', 'Again.md'), t0)).toMatchObject({
      code: 'DOC_ID_UNAVAILABLE',
    });
  });

  it('[FD1, FD4] folders are created once per key and may not end in .md', async () => {
    const vault = await vaultWith({ opId: opId(), kind: 'createFolder', path: 'Projects' });
    expect(await vault.apply({ opId: opId(), kind: 'createFolder', path: 'PROJECTS' }, t0)).toMatchObject({
      ok: true,
      path: 'Projects',
    });
    expect(await vault.apply({ opId: opId(), kind: 'createFolder', path: 'Odd.md' }, t0)).toMatchObject({
      code: 'PATH_INVALID',
      rule: 'FD4',
    });
    expect(vault.tree().folders).toEqual(['Projects']);
  });

  it('[FD2] moving a folder moves everything in it; onto an existing folder or into itself is refused', async () => {
    const vault = await vaultWith(
      create('alicesPlanNote_00001', 'Plans/Q1.md'),
      create('alicesPlanNote_00002', 'Plans/Old/Q4.md'),
      { opId: opId(), kind: 'createFolder', path: 'Archive' },
    );
    expect(
      await vault.apply({ opId: opId(), kind: 'moveFolder', path: 'plans', newPath: 'Archive' }, t0),
    ).toMatchObject({ code: 'PATH_TAKEN' });
    expect(
      await vault.apply({ opId: opId(), kind: 'moveFolder', path: 'Plans', newPath: 'Plans/Old/Plans' }, t0),
    ).toMatchObject({
      code: 'FOLDER_INTO_ITSELF',
    });
    expect(
      await vault.apply({ opId: opId(), kind: 'moveFolder', path: 'Plans', newPath: 'Archive/2026' }, t0),
    ).toMatchObject({ ok: true, count: 2 });
    expect(vault.tree().notes.map((note) => note.path)).toEqual(['Archive/2026/Old/Q4.md', 'Archive/2026/Q1.md']);
  });

  it('[FD3] trashing a folder trashes its notes; restoring one brings its folder back', async () => {
    const vault = await vaultWith(create('alicesPlanNote_00001', 'Plans/Q1.md'), {
      opId: opId(),
      kind: 'trashFolder',
      path: 'Plans',
    });
    expect(vault.tree()).toEqual({ notes: [], folders: [] });
    await vault.apply(restore('alicesPlanNote_00001'), t0);
    expect(vault.tree().folders).toEqual(['Plans']);
  });

  it('[PATH*] every op with a bad path is refused naming the rule and writes nothing', async () => {
    const vault = await vaultWith(create('alicesIdeasNote_0001', 'Ideas.md'));
    const before = vault.tree();
    expect(await vault.apply(create('bobsBadPathNote_0001', 'x/../y.md'), t0)).toMatchObject({
      code: 'PATH_INVALID',
      rule: 'PATH2',
    });
    expect(await vault.apply(move('alicesIdeasNote_0001', 'a:b.md'), t0)).toMatchObject({
      code: 'PATH_INVALID',
      rule: 'PATH5',
    });
    expect(vault.tree()).toEqual(before);
  });
});

describe('conflict markers', () => {
  it('[CN6] renaming a conflict-renamed note clears its marker', async () => {
    const vault = await vaultWith(
      create('alicesIdeasNote_0001', 'Ideas.md'),
      create('bobsIdeasNote_00001', 'Ideas.md'),
    );
    expect(vault.note('bobsIdeasNote_00001')?.conflictOf).toBe('alicesIdeasNote_0001');
    await vault.apply(move('bobsIdeasNote_00001', 'Bob’s ideas.md'), t0);
    expect(vault.note('bobsIdeasNote_00001')?.conflictOf).toBeNull();
  });
});

describe('the in-memory vault', () => {
  it('[CN1] overlapping applies are queued, so two creates at one path never both win it', async () => {
    const vault = createMemoryVault();
    const [first, second] = await Promise.all([
      vault.apply(create('alicesIdeasNote_0001', 'Ideas.md'), t0),
      vault.apply(create('bobsIdeasNote_00001', 'Ideas.md'), t0),
    ]);
    expect([first, second].map((outcome) => (outcome.ok ? outcome.path : outcome.code))).toEqual([
      'Ideas.md',
      'Ideas (conflict 2026-11-30).md',
    ]);
  });

  it('[FD1] explicit folders are told apart from folders that exist because of a note', async () => {
    const vault = await vaultWith(
      { opId: opId(), kind: 'createFolder', path: 'Empty' },
      create('alicesPlanNote_00001', 'Plans/Q1.md'),
    );
    expect(vault.tree().folders).toEqual(['Empty', 'Plans']);
    expect(vault.explicitFolders()).toEqual(['Empty']);
  });
});
