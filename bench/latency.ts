import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatNoteDocumentName } from '@baalda/core';
import type * as Y from 'yjs';
import { appendParagraph, connectPeer } from '../apps/relay/test/clients';
import { type AuthedRelay, fetchAsOwner, mintOwnerToken } from './benchAccount';

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
  const created = await fetchAsOwner(relay, '/api/vaults/default/ops', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      ops: [{ opId: 'benchSearchableOp_01', kind: 'createNote', docId, path: 'Bench.md', createdAt: Date.now() }],
    }),
  });
  if (!created.ok) throw new Error(`bench note: ${created.status} ${await created.text()}`);
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
  const response = await fetchAsOwner(relay, `/api/vaults/default/search?q=${word}&limit=1`);
  const body = (await response.json()) as { results?: Array<{ docId: string }> };
  return body.results?.[0]?.docId === docId;
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
