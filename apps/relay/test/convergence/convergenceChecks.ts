import { formatNoteDocumentName, sourceVersionOf, type VaultOp } from '@baalda/core';
import { EDITOR_FRAGMENT, extractPlainText } from '@baalda/markdown';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import * as Y from 'yjs';
import { eventually } from '../clients';
import { QuietWebSocket } from '../quietWebSocket';
import type { ChaosClient } from './chaosClient';
import type { ChaosPlan } from './chaosPlan';
import { TOKEN_PATTERN } from './noteEdits';
import type { RelayCluster } from './relayCluster';
import { checkTreeAnswers, checkTreeRows, type TreeExpectation } from './treeChecks';

/** What a replica of a note is, compared byte for byte: delete set + state vector, the XML, the text. */
export interface Fingerprint {
  readonly snapshot: string;
  readonly xml: string;
  readonly text: string;
  readonly version: number;
}

/** A run whose replicas agreed: what the database must hold for it once stores are done. */
export interface ConvergedRun {
  readonly plan: ChaosPlan;
  readonly notes: Map<string, Fingerprint>;
  readonly tree: TreeExpectation;
}

export function fingerprintOf(doc: Y.Doc): Fingerprint {
  return {
    snapshot: Buffer.from(Y.encodeSnapshot(Y.snapshot(doc))).toString('base64'),
    xml: doc.getXmlFragment(EDITOR_FRAGMENT).toString(),
    text: extractPlainText(doc),
    version: sourceVersionOf(doc),
  };
}

/**
 * After healing: every client holds the same state of every note (CONV1), a fresh client of every relay
 * gets that same state (CONV1), every token a client typed is there unless a delete explains it (CONV2),
 * and every tree op got one answer, the same each time it was asked (CONV3).
 */
export async function checkConverged(input: {
  cluster: RelayCluster;
  clients: ChaosClient[];
  noteIds: string[];
  sentOps: VaultOp[];
  initialPaths: ReadonlyMap<string, string>;
  plan: ChaosPlan;
}): Promise<ConvergedRun> {
  const { cluster, clients, noteIds } = input;
  const notes = new Map<string, Fingerprint>();
  for (const docId of noteIds) {
    await eventually(
      () => new Set(clients.map((client) => JSON.stringify(fingerprintOf(docOf(client, docId))))).size === 1,
      () => describeDisagreement(clients, docId),
      20_000,
    );
    notes.set(docId, fingerprintOf(docOf(clients[0] as ChaosClient, docId)));
  }
  await checkRelaysServe(cluster, notes);
  for (const docId of noteIds) checkTokens(docId, notes.get(docId) as Fingerprint, clients);
  return { plan: input.plan, notes, tree: checkTreeAnswers(input.sentOps, clients, input.initialPaths) };
}

/** CONV4: the database holds each converged state, and the note's one index row says the same. */
export async function checkStored(cluster: RelayCluster, runs: readonly ConvergedRun[]): Promise<void> {
  const docIds = runs.flatMap((run) => [...run.notes.keys(), ...run.tree.docIds()]);
  let problems: string[] = [];
  const agrees = async () => {
    const stored = await cluster.readStored(docIds);
    problems = runs.flatMap((run) => [...storedProblems(run, stored), ...checkTreeRows(run.tree, stored)]);
    return problems.length === 0;
  };
  const describe = () => `stored rows disagree:\n${problems.slice(0, 12).join('\n')}`;
  // A stopped PGlite relay stored everything on its way out; PostgreSQL is read while stores catch up.
  if (cluster.kind === 'pair') await eventually(agrees, describe, 20_000);
  else if (!(await agrees())) throw new Error(describe());
}

function storedProblems(run: ConvergedRun, stored: Awaited<ReturnType<RelayCluster['readStored']>>): string[] {
  const problems: string[] = [];
  for (const [docId, expected] of run.notes) {
    const row = stored.get(docId);
    const doc = new Y.Doc();
    if (row?.state) Y.applyUpdate(doc, row.state);
    const actual = fingerprintOf(doc);
    if (actual.snapshot !== expected.snapshot || actual.xml !== expected.xml) {
      problems.push(
        `${docId}: stored state ${describeFingerprint(actual)} ≠ converged ${describeFingerprint(expected)}`,
      );
    }
    const index = row?.index;
    if (expected.version > 0 && (index?.content !== expected.text || index?.version !== expected.version)) {
      problems.push(
        `${docId}: index row ${JSON.stringify(index)} ≠ text ${JSON.stringify(expected.text)} v${expected.version}`,
      );
    }
  }
  return problems;
}

async function checkRelaysServe(cluster: RelayCluster, notes: Map<string, Fingerprint>): Promise<void> {
  for (const syncUrl of cluster.syncUrls) {
    const observer = await observeNotes(syncUrl, cluster.token, [...notes.keys()]);
    try {
      for (const [docId, expected] of notes) {
        const doc = observer.docs.get(docId) as Y.Doc;
        await eventually(
          () => JSON.stringify(fingerprintOf(doc)) === JSON.stringify(expected),
          () =>
            `${syncUrl} serves ${docId} as ${describeFingerprint(fingerprintOf(doc))}, clients have ${describeFingerprint(expected)}`,
          20_000,
        );
      }
    } finally {
      observer.destroy();
    }
  }
}

/** A client that never took part: what it receives is what the relay holds. One socket for every note. */
async function observeNotes(syncUrl: string, token: string, docIds: string[]) {
  const socket = new HocuspocusProviderWebsocket({ url: syncUrl, WebSocketPolyfill: QuietWebSocket });
  const docs = new Map(docIds.map((docId) => [docId, new Y.Doc()]));
  const providers = docIds.map((docId) => {
    const provider = new HocuspocusProvider({
      websocketProvider: socket,
      name: formatNoteDocumentName(docId),
      document: docs.get(docId) as Y.Doc,
      token,
    });
    provider.attach();
    return provider;
  });
  const destroy = () => {
    for (const provider of providers) provider.destroy();
    socket.destroy();
  };
  try {
    await eventually(
      () => providers.every((provider) => provider.isSynced),
      () => `observer of ${syncUrl} never synced`,
      30_000,
    );
  } catch (error) {
    destroy();
    throw error;
  }
  return { docs, destroy };
}

/** Every token typed is present unless a client deleted it or the block it was typed into. */
function checkTokens(docId: string, converged: Fingerprint, clients: ChaosClient[]): void {
  const present = new Set(converged.text.match(TOKEN_PATTERN) ?? []);
  const journals = clients.map((client) => client.journals.get(docId)).filter((journal) => journal !== undefined);
  const deletedTokens = new Set(journals.flatMap((journal) => [...journal.deletedTokens]));
  const deletedBlocks = new Set(journals.flatMap((journal) => [...journal.deletedParagraphs]));
  const inserted = new Map(journals.flatMap((journal) => [...journal.inserted]));
  const problems: string[] = [];
  for (const token of present) {
    if (!inserted.has(token)) problems.push(`${token} is there but nobody typed it`);
    if (deletedTokens.has(token)) problems.push(`${token} was deleted but is back`);
  }
  for (const [token, block] of inserted) {
    if (!present.has(token) && !deletedTokens.has(token) && !deletedBlocks.has(block)) {
      problems.push(`${token} (typed into block ${block}) is lost`);
    }
  }
  if (problems.length > 0) throw new Error(`${docId}: ${problems.slice(0, 10).join('; ')}`);
}

function docOf(client: ChaosClient, docId: string): Y.Doc {
  return client.docs.get(docId) as Y.Doc;
}

function describeDisagreement(clients: ChaosClient[], docId: string): string {
  const lines = clients.map(
    (client) => `  ${client.name}: ${describeFingerprint(fingerprintOf(docOf(client, docId)))}`,
  );
  return `clients disagree on ${docId}:\n${lines.join('\n')}`;
}

function describeFingerprint(fingerprint: Fingerprint): string {
  return `v${fingerprint.version} ${JSON.stringify(fingerprint.text.slice(0, 120))}`;
}
