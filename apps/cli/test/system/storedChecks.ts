import { sourceVersionOf } from '@baalda/core';
import { extractPlainText, markdownOfDocument } from '@baalda/markdown';
import type { RelayCluster, StoredNote } from 'baalda-relay/testing';
import * as Y from 'yjs';
import { snapshotOf } from './relayView';
import type { SettledRun } from './systemChecks';
import { presenceProblems } from './writeExcuses';

/**
 * SYS1–SYS4 against the database, once the relay stored everything (a PGlite relay is stopped cleanly to
 * be read, and started again): each live note's stored document is the state every copy agreed on, its one
 * index row holds its text, version, path and liveness, each tree row (live or trashed) is where the relay
 * said; and over every note of the vault, live and trashed, every write that must be there is (SYS2) and
 * no refused one left a word (SYS3).
 */
export async function storedFailures(
  cluster: RelayCluster,
  runs: readonly SettledRun[],
): Promise<Array<{ seed: number; error: Error }>> {
  if (runs.length === 0) return [];
  const docIds = runs.flatMap((run) => [...run.tree.live.keys(), ...run.tree.trashed.keys()]);
  const stored = await cluster.readStored(docIds);
  return runs
    .map((run) => ({ run, problems: storedProblems(run, stored) }))
    .filter(({ problems }) => problems.length > 0)
    .map(({ run, problems }) => ({
      seed: run.seed,
      error: new Error(`the database disagrees:\n  ${problems.slice(0, 15).join('\n  ')}\n${run.describe}`),
    }));
}

function storedProblems(run: SettledRun, stored: ReadonlyMap<string, StoredNote>): string[] {
  const problems: string[] = [];
  const texts = { live: [] as string[], trashed: [] as string[] };
  for (const [docId, path] of [...run.tree.live, ...run.tree.trashed]) {
    const row = stored.get(docId);
    const doc = new Y.Doc();
    if (row?.state) Y.applyUpdate(doc, row.state);
    const markdown = markdownOfDocument(doc);
    const live = run.tree.live.has(docId);
    (live ? texts.live : texts.trashed).push(markdown);
    const agreed = run.notes.get(docId);
    if (agreed && (agreed.markdown !== markdown || agreed.snapshot !== snapshotOf(doc)))
      problems.push(`${path}: stored ${JSON.stringify(markdown)}, every copy had ${JSON.stringify(agreed.markdown)}`);
    if (row?.note?.path !== path || row.note.trashed === live)
      problems.push(
        `${docId}: tree row ${JSON.stringify(row?.note)}, the relay said ${path} (${live ? 'live' : 'trashed'})`,
      );
    const index = row?.index;
    const version = sourceVersionOf(doc);
    const text = extractPlainText(doc);
    if (
      index?.path !== path ||
      index.live !== live ||
      (version > 0 && (index.content !== text || index.version !== version))
    )
      problems.push(`${path}: index row ${JSON.stringify(index)}, the note ${JSON.stringify(text)} v${version}`);
  }
  problems.push(...presenceProblems(run.ledger, { ...texts, setAside: run.setAside }));
  return problems;
}
