// The edit latency benches: an edit until another client has it, and until the relay's search finds it.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatNoteDocumentName } from '@baalda/core';
import { API } from '@baalda/core/api';
import { appendParagraph, connectPeer } from 'baalda-relay/testing';
import type * as Y from 'yjs';
import { type AuthedRelay, answerOf, asOwner, mintOwnerToken } from './benchAccount';
import { defineBench, wholeNumber } from './harness/benchDefinition';
import { percentile } from './stats';

const root = join(import.meta.dirname, '..');

/**
 * Milliseconds from alice's local edit to bob's doc applying it, one edit at a time. The relay runs in
 * its own process (as `npm start` runs it), so each edit really crosses two WebSockets and a process.
 */
export async function measureEditLatency(edits: number): Promise<number[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'baalda-bench-'));
  const relay = await startRelayProcess(dataDir);
  const name = formatNoteDocumentName('benchLatencyNote_0001');
  const alice = await connectPeer(relay, name);
  const bob = await connectPeer(relay, name);
  const aliceText = alice.doc.getText('bench');
  const samples: number[] = [];
  try {
    for (let index = 0; index < edits; index += 1) samples.push(await timeOneEdit(aliceText, bob.doc));
  } finally {
    alice.destroy();
    bob.destroy();
    await stopProcess(relay.child);
    await rm(dataDir, { recursive: true, force: true });
  }
  return samples;
}

/**
 * Milliseconds from an edit in alice's doc until the relay's search returns the note for the word it
 * added (IDX2: bounded by the store debounce), polling every 20 ms. The relay runs as `npm start` runs it.
 */
export async function measureEditToSearchable(samples: number): Promise<number[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'baalda-bench-search-'));
  const relay = await startRelayProcess(dataDir);
  const docId = 'benchSearchableNote_1';
  const op = {
    opId: 'benchSearchableOp_01',
    kind: 'createNote',
    docId,
    path: 'Bench.md',
    createdAt: Date.now(),
  } as const;
  answerOf(
    await asOwner(relay).call(API.applyOps, { params: { vaultId: 'default' }, body: { ops: [op] } }),
    'bench note',
  );
  const alice = await connectPeer(relay, formatNoteDocumentName(docId));
  const delays: number[] = [];
  try {
    for (let sample = 0; sample < samples; sample += 1) {
      const word = `fresh${sample}word`;
      const started = performance.now();
      appendParagraph(alice.doc, word);
      while (!(await isFound(relay, word, docId))) await new Promise((resolve) => setTimeout(resolve, 20));
      delays.push(performance.now() - started);
    }
  } finally {
    alice.destroy();
    await stopProcess(relay.child);
    await rm(dataDir, { recursive: true, force: true });
  }
  return delays;
}

async function isFound(relay: AuthedRelay, word: string, docId: string): Promise<boolean> {
  const found = await asOwner(relay).call(API.search, { params: { vaultId: 'default' }, query: { q: word, limit: 1 } });
  return answerOf(found, 'bench search').results[0]?.docId === docId;
}

// The relay as `npm start` runs it, on a fresh data folder; its first account is signed up here.
async function startRelayProcess(dataDir: string): Promise<AuthedRelay & { child: ChildProcess }> {
  const child = spawn(process.execPath, [join(root, 'apps', 'relay', 'dist', 'main.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: '0', BAALDA_DATA_DIR: dataDir, BAALDA_ADMIN_KEY_FILE: '', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const httpUrl = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`relay exited with ${code}`)));
  });
  try {
    return { child, httpUrl, syncUrl: `${httpUrl.replace('http', 'ws')}/sync`, token: await mintOwnerToken(httpUrl) };
  } catch (error) {
    await stopProcess(child);
    throw error;
  }
}

function stopProcess(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGINT');
  });
}

function timeOneEdit(text: Y.Text, receiver: Y.Doc): Promise<number> {
  return new Promise((resolve) => {
    const started = performance.now();
    receiver.once('update', () => resolve(performance.now() - started));
    text.insert(text.length, 'x');
  });
}

/** `edit-latency`: edit-to-visible, one edit at a time. */
export const editLatencyBench = defineBench({
  name: 'edit-latency',
  description: 'edit-to-visible: alice → relay → bob, one edit at a time, real WebSockets, PGlite',
  flags: { edits: { type: 'string', description: 'edits timed', default: '1000' } },
  inDefaultRun: true,
  check: ({ edits }) => void wholeNumber(edits, 'edits'),
  run: async ({ edits }) => {
    const count = wholeNumber(edits, 'edits');
    const samples = (await measureEditLatency(count)).sort((a, b) => a - b);
    const name = `edit-to-visible, alice → bob (${count} edits)`;
    return [
      { name: `${name} p50`, unit: 'ms', value: percentile(samples, 50) },
      { name: `${name} p95`, unit: 'ms', value: percentile(samples, 95) },
    ];
  },
});

/** `edit-to-searchable`: an edit until the relay's search finds it. */
export const editToSearchableBench = defineBench({
  name: 'edit-to-searchable',
  description: "edit-to-searchable through the relay (20 edits, polled every 20 ms; IDX2's debounce bounds it)",
  flags: {},
  inDefaultRun: true,
  run: async () => {
    const samples = (await measureEditToSearchable(20)).sort((a, b) => a - b);
    return [
      { name: 'edit-to-searchable through the relay (20 edits) p50', unit: 'ms', value: percentile(samples, 50) },
      { name: 'edit-to-searchable through the relay (20 edits) p95', unit: 'ms', value: percentile(samples, 95) },
    ];
  },
});
