import { isDeepStrictEqual } from 'node:util';
import { isConflictPath, type OpOutcome, pathKey, type VaultOp } from '@baalda/core';
import type { ChaosClient } from './chaosClient';
import type { StoredNote } from './relayCluster';

/** What the tree must show for a run's notes, from the answers its clients heard. */
export interface TreeExpectation {
  /** Notes that must exist: the run's first notes and every create that was accepted. */
  docIds(): string[];
  readonly initialPaths: ReadonlyMap<string, string>;
  /** Accepted ops per note, with their answers. */
  readonly accepted: ReadonlyMap<string, Array<{ op: VaultOp; outcome: OpOutcome }>>;
}

/**
 * CONV3 (OP3 under a faulty network): every op sent got an answer, and an op delivered or resent several
 * times got the same answer each time. A create lands at its path or, taken, at its conflict name (CN1).
 */
export function checkTreeAnswers(
  sentOps: readonly VaultOp[],
  clients: readonly ChaosClient[],
  initialPaths: ReadonlyMap<string, string>,
): TreeExpectation {
  const accepted = new Map<string, Array<{ op: VaultOp; outcome: OpOutcome }>>();
  for (const op of sentOps) {
    const answers = clients.flatMap((client) => client.answers.get(op.opId) ?? []);
    if (answers.length === 0) throw new Error(`op ${op.opId} (${op.kind}) got no answer`);
    // Replayed answers come from the database (JSON columns), so compare values, not key order.
    if (answers.some((answer) => !isDeepStrictEqual(answer, answers[0]))) {
      throw new Error(`op ${op.opId} got different answers: ${answers.map((answer) => JSON.stringify(answer))}`);
    }
    const outcome = answers[0] as OpOutcome;
    if (!outcome.ok || !('docId' in op)) continue;
    if (op.kind === 'createNote' && outcome.path !== op.path) {
      if (outcome.renamedFrom !== op.path || !isConflictPath(outcome.path ?? '')) {
        throw new Error(
          `create ${op.opId} at ${op.path} landed at ${outcome.path} (renamedFrom ${outcome.renamedFrom})`,
        );
      }
    }
    accepted.set(op.docId, [...(accepted.get(op.docId) ?? []), { op, outcome }]);
  }
  return {
    initialPaths,
    accepted,
    docIds: () => [...new Set([...initialPaths.keys(), ...createdDocIds(accepted)])],
  };
}

function createdDocIds(accepted: TreeExpectation['accepted']): string[] {
  return [...accepted].filter(([, ops]) => ops.some(({ op }) => op.kind === 'createNote')).map(([docId]) => docId);
}

/**
 * CONV3: no note is lost or doubled, live paths are unique, each note is where one of its accepted ops (or
 * its creation) put it, trashed only if a trash was accepted, and its index row follows the tree (IDX3).
 */
export function checkTreeRows(tree: TreeExpectation, stored: ReadonlyMap<string, StoredNote>): string[] {
  const problems: string[] = [];
  const livePaths = new Map<string, string>();
  for (const docId of tree.docIds()) {
    const note = stored.get(docId)?.note;
    if (!note) {
      problems.push(`${docId}: accepted but not in the tree`);
      continue;
    }
    problems.push(...placementProblems(docId, note, tree));
    const index = stored.get(docId)?.index;
    if (index?.path !== note.path || index.live === note.trashed) {
      problems.push(`${docId}: index row ${JSON.stringify(index)} ≠ tree ${JSON.stringify(note)}`);
    }
    if (note.trashed) continue;
    const other = livePaths.get(pathKey(note.path));
    if (other) problems.push(`${docId} and ${other} are both live at ${note.path}`);
    livePaths.set(pathKey(note.path), docId);
  }
  return problems;
}

function placementProblems(docId: string, note: { path: string; trashed: boolean }, tree: TreeExpectation): string[] {
  const ops = tree.accepted.get(docId) ?? [];
  const places = new Set([tree.initialPaths.get(docId), ...ops.map(({ outcome }) => outcome.ok && outcome.path)]);
  const problems: string[] = [];
  if (!places.has(note.path)) problems.push(`${docId} is at ${note.path}, where no accepted op put it`);
  const trashes = ops.filter(({ op }) => op.kind === 'trashNote').length;
  const restores = ops.filter(({ op }) => op.kind === 'restoreNote').length;
  if (note.trashed && trashes === 0) problems.push(`${docId} is in the trash though no trash was accepted`);
  if (!note.trashed && trashes > 0 && restores === 0)
    problems.push(`${docId} is live though trashed and never restored`);
  return problems;
}
