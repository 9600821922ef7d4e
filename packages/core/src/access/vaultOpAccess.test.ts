import { describe, expect, it } from 'vitest';
import { pathKey } from '../paths/notePath';
import { createMemoryVault, type MemoryVault } from '../vault/memoryVault';
import { planVaultOp } from '../vault/planVaultOp';
import type { VaultOp } from '../vault/vaultOps';
import type { OpOutcome, VaultChange, VaultNote } from '../vault/vaultTypes';
import { canReadPath, canWritePath } from './accessDecision';
import type { FolderRestriction, Principal } from './accessTypes';
import { callerVaultView, mayApplyChange, pathsAnOpWrites } from './vaultOpAccess';

const NOW = Date.UTC(2026, 11, 1, 9);
const alice: Principal = { userId: 'alice', vaultId: 'v1', role: 'editor' };
const bob: Principal = { userId: 'bob', vaultId: 'v1', role: 'editor' };
// HR is private to bob: alice may neither see nor touch it.
const RESTRICTIONS: FolderRestriction[] = [{ folderKey: 'team/hr', members: new Set(['bob']) }];

let sequence = 0;
const opId = () => `aclOp${String(++sequence).padStart(12, '0')}`;
const note = (docId: string, path: string, deletedAt: number | null = null): VaultNote => ({
  docId,
  path,
  createdAt: NOW,
  updatedAt: NOW,
  deletedAt,
  conflictOf: null,
});

function teamVault(): MemoryVault {
  return createMemoryVault({
    notes: [
      note('teamPlanNote_000001', 'Team/Plan.md'),
      note('teamHrSalaries_0001', 'Team/HR/Salaries.md'),
      note('oldTeamNote_0000001', 'Team/Old.md', NOW - 1),
      note('oldHrNote_000000001', 'Team/HR/Layoffs.md', NOW - 1),
    ],
    folders: ['Team/HR/Reviews'],
  });
}

/** The relay's order (ACL7): named paths first, then planning in the caller's view, then the change. */
async function applyAs(vault: MemoryVault, who: Principal, op: VaultOp): Promise<OpOutcome> {
  const canRead = (path: string) => canReadPath(who, path, RESTRICTIONS, NOW);
  const canWrite = (path: string) => canWritePath(who, path, RESTRICTIONS, NOW);
  const forbidden: OpOutcome = { opId: op.opId, ok: false, kind: op.kind, code: 'FORBIDDEN', message: 'No.' };
  if (!pathsAnOpWrites(op).every(canWrite)) return forbidden;
  const change = await planVaultOp(op, callerVaultView(vault.view, canRead), NOW);
  // `pathBefore` reads the whole vault, never the caller's view (see the createNote test below).
  if (change.outcome.ok && !mayApplyChange(change, (id) => vault.note(id)?.path, canWrite)) return forbidden;
  vault.applyChange(change);
  return change.outcome;
}

const stateOf = (vault: MemoryVault) => ({
  notes: [...vault.tree().notes, ...vault.trash()],
  folders: vault.explicitFolders(),
});

describe('pathsAnOpWrites', () => {
  it.each<[VaultOp, string[]]>([
    [{ opId: 'o', kind: 'createNote', docId: 'd', path: 'A/n.md', createdAt: NOW }, ['A/n.md']],
    [{ opId: 'o', kind: 'moveNote', docId: 'd', path: 'B/n.md' }, ['B/n.md']],
    [{ opId: 'o', kind: 'createFolder', path: 'A' }, ['A']],
    [{ opId: 'o', kind: 'trashFolder', path: 'A' }, ['A']],
    [{ opId: 'o', kind: 'moveFolder', path: 'A', newPath: 'B/A' }, ['A', 'B/A']],
    [{ opId: 'o', kind: 'trashNote', docId: 'd' }, []],
    [{ opId: 'o', kind: 'restoreNote', docId: 'd' }, []],
    [{ opId: 'o', kind: 'purgeNote', docId: 'd' }, []],
    [{ opId: 'o', kind: 'emptyTrash' }, []],
  ])('[ACL7] %j names %j', (op, paths) => {
    expect(pathsAnOpWrites(op)).toEqual(paths);
  });
});

describe('callerVaultView', () => {
  const canRead = (path: string) => canReadPath(alice, path, RESTRICTIONS, NOW);

  it('[ACL7] a note the caller can’t read is not found by id, live or trashed', async () => {
    const view = callerVaultView(teamVault().view, canRead);
    expect(await view.noteById('teamHrSalaries_0001')).toBeUndefined();
    expect(await view.noteById('oldHrNote_000000001')).toBeUndefined();
    expect(await view.noteById('teamPlanNote_000001')).toMatchObject({ path: 'Team/Plan.md' });
  });

  it('[ACL7] the trash lists only notes the caller can read', async () => {
    const view = callerVaultView(teamVault().view, canRead);
    expect((await view.trashedNotes()).map((n) => n.docId)).toEqual(['oldTeamNote_0000001']);
  });

  it('[ACL7] collision lookups still see every note: a path is taken whoever can see what takes it', async () => {
    const vault = teamVault();
    const view = callerVaultView(vault.view, canRead);
    expect(await view.liveNoteByKey(pathKey('Team/HR/Salaries.md'))).toMatchObject({ docId: 'teamHrSalaries_0001' });
    expect(await view.liveKeysWithPrefix('team/hr/')).toEqual(await vault.view.liveKeysWithPrefix('team/hr/'));
    expect(await view.folderPathByKey('team/hr')).toBe('Team/HR');
    expect(await view.isRetired('teamHrSalaries_0001')).toBe(false);
  });
});

describe('mayApplyChange', () => {
  const canWrite = (path: string) => canWritePath(alice, path, RESTRICTIONS, NOW);
  const before = new Map([
    ['teamPlanNote_000001', 'Team/Plan.md'],
    ['teamHrSalaries_0001', 'Team/HR/Salaries.md'],
  ]);
  const pathBefore = (docId: string) => before.get(docId);
  const change = (parts: Partial<VaultChange>): VaultChange => ({
    putNotes: [],
    purgeDocIds: [],
    putFolders: [],
    removeFolders: [],
    outcome: { opId: 'o', ok: true, kind: 'moveNote' },
    ...parts,
  });

  it.each<[string, Partial<VaultChange>]>([
    ['a note moved into a private folder', { putNotes: [note('teamPlanNote_000001', 'Team/HR/Plan.md')] }],
    ['a note moved out of a private folder', { putNotes: [note('teamHrSalaries_0001', 'Team/Salaries.md')] }],
    ['a new note in a private folder', { putNotes: [note('brandNewNote_000001', 'team/hr/x.md')] }],
    ['a purged note in a private folder', { purgeDocIds: ['teamHrSalaries_0001'] }],
    ['a folder made in a private folder', { putFolders: ['Team/HR/New'] }],
    ['a private folder removed', { removeFolders: ['Team/HR'] }],
  ])('[ACL7] refuses %s', (_, parts) => {
    expect(mayApplyChange(change(parts), pathBefore, canWrite)).toBe(false);
  });

  it('[ACL7] allows a change whose every before and after path is writable, and a change of nothing', () => {
    const allowed = change({
      putNotes: [note('teamPlanNote_000001', 'Archive/Plan.md'), note('brandNewNote_000001', 'x.md')],
      putFolders: ['Archive'],
      removeFolders: ['Team/Old'],
      purgeDocIds: ['unknownNote_0000001'],
    });
    expect(mayApplyChange(allowed, pathBefore, canWrite)).toBe(true);
    expect(mayApplyChange(change({}), pathBefore, () => false)).toBe(true);
  });
});

describe('tree ops as a caller (ACL7 with the real planner)', () => {
  it('[ACL7] a move into a private folder is FORBIDDEN before planning, even onto a taken path', async () => {
    const vault = teamVault();
    const onto = { opId: opId(), kind: 'moveNote', docId: 'teamPlanNote_000001', path: 'Team/HR/Salaries.md' } as const;
    expect(await applyAs(vault, alice, onto)).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    const free = { ...onto, opId: opId(), path: 'Team/HR/Free.md' };
    expect(await applyAs(vault, alice, free)).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(await applyAs(vault, bob, onto)).toMatchObject({ ok: false, code: 'PATH_TAKEN' });
  });

  it('[ACL7] a note the caller can’t read answers NOTE_NOT_FOUND, like an id that does not exist', async () => {
    const vault = teamVault();
    const state = stateOf(vault);
    for (const docId of ['teamHrSalaries_0001', 'noSuchNoteAtAll_001']) {
      for (const kind of ['trashNote', 'moveNote'] as const) {
        const op: VaultOp =
          kind === 'moveNote' ? { opId: opId(), kind, docId, path: 'Mine.md' } : { opId: opId(), kind, docId };
        expect(await applyAs(vault, alice, op)).toMatchObject({ ok: false, code: 'NOTE_NOT_FOUND' });
      }
    }
    expect(stateOf(vault)).toEqual(state);
  });

  it('[ACL7] moving or trashing a folder that holds a private folder is FORBIDDEN and changes nothing', async () => {
    const vault = teamVault();
    const state = stateOf(vault);
    const move: VaultOp = { opId: opId(), kind: 'moveFolder', path: 'Team', newPath: 'Archive/Team' };
    const trash: VaultOp = { opId: opId(), kind: 'trashFolder', path: 'Team' };
    expect(await applyAs(vault, alice, move)).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(await applyAs(vault, alice, trash)).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(stateOf(vault)).toEqual(state);
    expect(await applyAs(vault, bob, move)).toMatchObject({ ok: true, count: 2 });
  });

  it('[ACL7] emptying the trash purges only the notes the caller can read', async () => {
    const vault = teamVault();
    expect(await applyAs(vault, alice, { opId: opId(), kind: 'emptyTrash' })).toMatchObject({ ok: true, count: 1 });
    expect(vault.trash().map((n) => n.docId)).toEqual(['oldHrNote_000000001']);
  });

  it('[ACL7, DOC5] a create reusing the id of a note the caller can’t read is DOC_ID_UNAVAILABLE and leaves that note alone', async () => {
    const vault = teamVault();
    const squat: VaultOp = {
      opId: opId(),
      kind: 'createNote',
      docId: 'teamHrSalaries_0001',
      path: 'Mine.md',
      createdAt: NOW,
    };
    // The answer a purged id gets, so it says nothing about the hidden note (ACL9).
    expect(await applyAs(vault, alice, squat)).toMatchObject({ ok: false, code: 'DOC_ID_UNAVAILABLE' });
    expect(vault.note('teamHrSalaries_0001')?.path).toBe('Team/HR/Salaries.md');
    // The caller's view itself refuses: step 3's whole-vault pathBefore is no longer the only thing between
    // this create and bob's note (and its text) moving to where alice can read it.
    const canRead = (path: string) => canReadPath(alice, path, RESTRICTIONS, NOW);
    const change = await planVaultOp(squat, callerVaultView(vault.view, canRead), NOW);
    expect(change.putNotes).toEqual([]);
  });

  it('[ACL7, ACL1, ACL3] a viewer and a read-only token change nothing', async () => {
    const viewer: Principal = { ...alice, role: 'viewer' };
    const readOnly: Principal = { ...alice, token: { vaultId: 'v1', readOnly: true, expiresAt: null, revoked: false } };
    for (const who of [viewer, readOnly]) {
      const vault = teamVault();
      const state = stateOf(vault);
      const ops: VaultOp[] = [
        { opId: opId(), kind: 'createNote', docId: 'viewersNewNote_0001', path: 'New.md', createdAt: NOW },
        { opId: opId(), kind: 'trashNote', docId: 'teamPlanNote_000001' },
        { opId: opId(), kind: 'restoreNote', docId: 'oldTeamNote_0000001' },
        { opId: opId(), kind: 'purgeNote', docId: 'oldTeamNote_0000001' },
        { opId: opId(), kind: 'emptyTrash' },
        { opId: opId(), kind: 'createFolder', path: 'Team' },
      ];
      for (const op of ops) expect(await applyAs(vault, who, op)).toMatchObject({ ok: false, code: 'FORBIDDEN' });
      expect(stateOf(vault)).toEqual(state);
    }
  });

  it('[ACL7, ACL2] regression: a refused folder move named a private note whose moved path broke PATH7', async () => {
    // A private note inside the moved folder with a 987-character path: renaming the folder to a longer
    // name pushes it past 1024, and the refusal used to quote it ("Team xx…/HR/aaaa…/Secret plans.md").
    const deep = ['a', 'b', 'c', 'd'].map((c) => c.repeat(240)).join('/');
    const vault = createMemoryVault({
      notes: [
        note('teamPlanNote_000001', 'Team/Plan.md'),
        note('deepHrNote_00000001', `Team/HR/${deep}/Secret plans.md`),
      ],
    });
    const op: VaultOp = { opId: opId(), kind: 'moveFolder', path: 'Team', newPath: `Team ${'x'.repeat(40)}` };
    const outcome = await applyAs(vault, alice, op);
    expect(outcome).toMatchObject({ ok: false, code: 'PATH_INVALID', rule: 'PATH7' });
    expect(outcome.ok ? '' : outcome.message).not.toMatch(/HR|Secret/);
  });
});
