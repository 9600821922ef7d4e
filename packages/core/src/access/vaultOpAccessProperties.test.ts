import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pathKey } from '../paths/notePath';
import { createMemoryVault, type MemoryVault } from '../vault/memoryVault';
import { planVaultOp } from '../vault/planVaultOp';
import type { VaultOp } from '../vault/vaultOps';
import type { OpOutcome, VaultNote } from '../vault/vaultTypes';
import { canReadPath, canWritePath } from './accessDecision';
import type { FolderRestriction, Principal } from './accessTypes';
import { callerVaultView, mayApplyChange, pathsAnOpWrites } from './vaultOpAccess';

const NOW = Date.UTC(2026, 11, 1, 9);
const USERS = ['alice', 'bob', 'carol'] as const;
// Folders that nest and collide by key (PATH9), so moves cross restriction borders both ways.
const FOLDERS = ['Team', 'team', 'Team/Plans', 'HR', 'hr/Pay', 'Private', 'Private/Drafts', 'Archive'];
const DOC_IDS = [
  'aliceNote_00000001',
  'aliceNote_00000002',
  'bobNote_0000000001',
  'bobNote_0000000002',
  'carolNote_00000001',
];

type Step = { readonly by: 'caller' | 'other'; readonly op: Omit<VaultOp, 'opId'> };

const folder = fc.oneof(
  fc.constantFrom(...FOLDERS),
  fc.constantFrom(...FOLDERS).map((f) => `Archive/${f}`),
);
const notePath = fc
  .tuple(fc.option(folder, { nil: undefined }), fc.constantFrom('Plan.md', 'plan.md', 'Notes.md'))
  .map(([f, name]) => (f === undefined ? name : `${f}/${name}`));
const docId = fc.constantFrom(...DOC_IDS);
const op: fc.Arbitrary<Omit<VaultOp, 'opId'>> = fc.oneof(
  {
    arbitrary: fc.record({ kind: fc.constant('createNote'), docId, path: notePath, createdAt: fc.constant(NOW) }),
    weight: 4,
  },
  { arbitrary: fc.record({ kind: fc.constant('moveNote'), docId, path: notePath }), weight: 3 },
  fc.record({ kind: fc.constantFrom('trashNote', 'restoreNote', 'purgeNote'), docId }),
  fc.record({ kind: fc.constant('emptyTrash') }),
  fc.record({ kind: fc.constantFrom('createFolder', 'trashFolder'), path: folder }),
  { arbitrary: fc.record({ kind: fc.constant('moveFolder'), path: folder, newPath: folder }), weight: 2 },
) as fc.Arbitrary<Omit<VaultOp, 'opId'>>;
const steps = fc.array(fc.record({ by: fc.constantFrom('caller', 'caller', 'other'), op }), {
  maxLength: 40,
}) as fc.Arbitrary<Step[]>;
const restrictions = fc.array(
  fc
    .tuple(fc.constantFrom(...FOLDERS), fc.subarray([...USERS]))
    .map(([f, members]): FolderRestriction => ({ folderKey: pathKey(f), members: new Set(members) })),
  { maxLength: 3 },
);
const principal = fc
  .record({
    userId: fc.constantFrom(...USERS),
    role: fc.constantFrom('owner', 'editor', 'editor', 'viewer', null),
    token: fc.option(
      fc.record({
        vaultId: fc.constant('v1'),
        readOnly: fc.boolean(),
        expiresAt: fc.constant(null),
        revoked: fc.constant(false),
      }),
      {
        nil: undefined,
        freq: 4,
      },
    ),
  })
  .map(({ token, ...rest }): Principal => ({ ...rest, vaultId: 'v1', ...(token ? { token } : {}) }));

let sequence = 0;
const withOpId = (raw: Omit<VaultOp, 'opId'>): VaultOp =>
  ({ ...raw, opId: `propOp${String(++sequence).padStart(12, '0')}` }) as VaultOp;

/** The relay's order (ACL7): named paths first, then planning in the caller's view, then the change. */
async function applyAs(
  vault: MemoryVault,
  who: Principal,
  rules: readonly FolderRestriction[],
  op: VaultOp,
): Promise<OpOutcome> {
  const canRead = (path: string) => canReadPath(who, path, rules, NOW);
  const canWrite = (path: string) => canWritePath(who, path, rules, NOW);
  const forbidden: OpOutcome = { opId: op.opId, ok: false, kind: op.kind, code: 'FORBIDDEN', message: 'No.' };
  if (!pathsAnOpWrites(op).every(canWrite)) return forbidden;
  const change = await planVaultOp(op, callerVaultView(vault.view, canRead), NOW);
  if (change.outcome.ok && !mayApplyChange(change, (id) => vault.note(id)?.path, canWrite)) return forbidden;
  vault.applyChange(change);
  return change.outcome;
}

interface Snapshot {
  readonly notes: Map<string, VaultNote>;
  readonly folders: Set<string>;
}

function snapshotOf(vault: MemoryVault): Snapshot {
  const notes = [...vault.tree().notes, ...vault.trash()];
  return { notes: new Map(notes.map((n) => [n.docId, n])), folders: new Set(vault.explicitFolders()) };
}

/** Every path a step changed: where each changed note was and is, and each explicit folder made or removed. */
function changedPaths(before: Snapshot, after: Snapshot): string[] {
  const paths: string[] = [];
  for (const id of new Set([...before.notes.keys(), ...after.notes.keys()])) {
    const [was, is] = [before.notes.get(id), after.notes.get(id)];
    if (JSON.stringify(was) === JSON.stringify(is)) continue;
    if (was) paths.push(was.path);
    if (is) paths.push(is.path);
  }
  for (const f of before.folders) if (!after.folders.has(f)) paths.push(f);
  for (const f of after.folders) if (!before.folders.has(f)) paths.push(f);
  return paths;
}

describe('tree ops as a random caller over random private folders (ACL7 with the real planner)', () => {
  it('[ACL7] no applied op changes anything the caller can’t write, refused ops change nothing, answers name nothing hidden', async () => {
    await fc.assert(
      fc.asyncProperty(steps, steps, restrictions, principal, async (setup, run, rules, who) => {
        const vault = createMemoryVault();
        for (const { op: raw } of setup) await vault.apply(withOpId(raw), NOW);
        const canRead = (path: string) => canReadPath(who, path, rules, NOW);
        const canWrite = (path: string) => canWritePath(who, path, rules, NOW);
        for (const { by, op: raw } of run) {
          const op = withOpId(raw);
          if (by === 'other') {
            await vault.apply(op, NOW);
            continue;
          }
          const before = snapshotOf(vault);
          const outcome = await applyAs(vault, who, rules, op);
          const after = snapshotOf(vault);
          const changed = changedPaths(before, after);
          if (!outcome.ok) expect(changed).toEqual([]);
          for (const path of changed) expect({ path, writable: canWrite(path) }).toEqual({ path, writable: true });
          if (outcome.ok && outcome.path !== undefined) expect(canRead(outcome.path)).toBe(true);
          if (!outcome.ok) {
            const hidden = [...before.notes.values()].filter((n) => !canRead(n.path)).map((n) => n.path);
            for (const path of hidden) expect(outcome.message).not.toContain(`"${path}"`);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('[ACL7] a caller who may write everywhere gets exactly what planning without checks gives', async () => {
    const everyone = new Set(USERS);
    const openRules = fc.array(
      fc.constantFrom(...FOLDERS).map((f): FolderRestriction => ({ folderKey: pathKey(f), members: everyone })),
      { maxLength: 3 },
    );
    await fc.assert(
      fc.asyncProperty(
        steps,
        openRules,
        fc.constantFrom<Principal['role']>('owner', 'editor'),
        async (run, rules, role) => {
          const who: Principal = { userId: 'alice', vaultId: 'v1', role };
          const [checked, plain] = [createMemoryVault(), createMemoryVault()];
          for (const { by, op: raw } of run) {
            const op = withOpId(raw);
            const expected = await plain.apply(op, NOW);
            const outcome = by === 'caller' ? await applyAs(checked, who, rules, op) : await checked.apply(op, NOW);
            expect(outcome).toEqual(expected);
          }
          expect(snapshotOf(checked)).toEqual(snapshotOf(plain));
        },
      ),
      { numRuns: 200 },
    );
  });
});
