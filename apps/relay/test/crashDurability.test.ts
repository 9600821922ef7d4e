import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatNoteDocumentName } from '@baalda/core';
import { EDITOR_FRAGMENT, extractPlainText } from '@baalda/markdown';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { connectPeer, eventually, type Peer } from './clients';
import {
  findFreePort,
  mintOwnerToken,
  type RelayProcess,
  readStoredStates,
  spawnRelay,
  stopRelay,
  waitForHealth,
} from './relayProcess';
import { seededRandom } from './seededRandom';

// The relay runs as `src/main.ts` does in production: main.ts has no debounce setting, so stores wait for
// 1 s of quiet and happen at least every 2 s while people type. The SIGKILL lands inside that window.
const STORE_DEBOUNCE_MS = 1000;
const NOTES = 5;
const CLIENTS = 20;
const SEED = 103;
const TOKEN = /c\d{2}-n\d{4}/g;

/** One client typing into its own line of one note. */
interface Typist {
  readonly name: string;
  readonly docId: string;
  readonly peer: Peer;
  readonly typed: Array<{ token: string; at: number }>;
  /** When the provider last finished a sync handshake with the relay. */
  syncedAt: number;
}

// The waits below are conditions; their bounds only decide when a stuck run is reported, and sit well above
// what 20 clients reconnecting with backoff take on a two-core machine with another suite beside it.
describe('crash durability: the relay SIGKILLed while 20 clients type', { timeout: 180_000 }, () => {
  let root: string;
  let dataDir: string;
  let port: number;
  let relay: RelayProcess;
  let token: string;
  const typists: Typist[] = [];
  let peersOpen = true;
  const closePeers = () => {
    if (peersOpen) for (const typist of typists) typist.peer.destroy();
    peersOpen = false;
  };

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'baalda-crash-'));
    dataDir = join(root, 'data');
    port = await findFreePort();
    relay = spawnRelay(port, dataDir);
    await waitForHealth(relay);
    token = await mintOwnerToken(relay.httpUrl);
  });

  afterAll(async () => {
    closePeers();
    if (relay) await stopRelay(relay, 'SIGKILL');
    if (root) await rm(root, { recursive: true, force: true });
  });

  /** SIGKILLs the relay, keeps a copy of its database as the kill left it, and starts it again. */
  async function killAndRestart(): Promise<{ killedAt: number; healthyAt: number; snapshotDir: string }> {
    const killedAt = Date.now();
    await stopRelay(relay, 'SIGKILL');
    const snapshotDir = join(root, 'at-kill');
    await cp(join(dataDir, 'pglite'), snapshotDir, { recursive: true });
    // DB4: the dead relay's lock is taken over; same port, so the clients' own retries find it.
    relay = spawnRelay(port, dataDir);
    await waitForHealth(relay);
    return { killedAt, healthyAt: Date.now(), snapshotDir };
  }

  it('[SYNC3][DUR1][DB4] a relay killed inside its store debounce loses no edit: clients resend on reconnect', async () => {
    const startedAt = Date.now();
    typists.push(...(await connectTypists(relay.syncUrl, token)));
    const stopTyping = startTyping(typists, seededRandom(SEED));
    // One forced store (maxDebounce, 2 s) has happened; the next one is ~1.5 s away when the kill lands.
    await new Promise((resolve) => setTimeout(resolve, 2 * STORE_DEBOUNCE_MS + 500));
    // The typists go on typing while the relay is down and while they reconnect.
    const { killedAt, healthyAt, snapshotDir } = await killAndRestart();
    await eventually(
      () => typists.every((typist) => typist.peer.provider.isSynced && typist.syncedAt > killedAt),
      () => `${typists.filter((typist) => typist.syncedAt <= killedAt).length} clients not synced again`,
      90_000,
    );
    const syncedAt = Date.now();
    stopTyping();
    await eventually(
      () => typists.every((typist) => !typist.peer.provider.hasUnsyncedChanges) && haveConverged(typists),
      () => `unsynced: ${typists.filter((typist) => typist.peer.provider.hasUnsyncedChanges).map((t) => t.name)}`,
      45_000,
    );

    // SYNC2: a graceful stop stores what is still inside the debounce; then the database is read directly.
    closePeers();
    await stopRelay(relay, 'SIGTERM');
    expect(await relay.exited, relay.lines.join('\n')).toEqual({ code: 0, signal: null });
    const stored = await readStoredStates(join(dataDir, 'pglite'));
    // Read last: PGlite's start-up in this process would have held up the typists' timers.
    const unstored = unstoredAtKill(await readStoredStates(snapshotDir), typists, killedAt);
    const edits = typists.flatMap((typist) => typist.typed);
    const offline = edits.filter((edit) => edit.at > killedAt && edit.at < healthyAt).length;
    console.log(
      `[DUR1] ${CLIENTS} clients on ${NOTES} notes typed ${edits.length} edits (${offline} while the relay was down), ` +
        `lost ${lostEdits(stored, typists).length}; at the SIGKILL ${unstored.count} edits were not in the database ` +
        `(the oldest typed ${unstored.oldestMs} ms before; store debounce ${STORE_DEBOUNCE_MS} ms, max ` +
        `${2 * STORE_DEBOUNCE_MS} ms); relay down ${healthyAt - killedAt} ms (kill → healthy); all clients synced ` +
        `${syncedAt - healthyAt} ms after the restart; test ${Date.now() - startedAt} ms`,
    );

    expectEveryEditStored(stored, typists);
    // Without these the test would prove nothing: the kill must have cost the database edits, and some
    // edits must have been made while no relay was there to take them.
    expect(unstored.count).toBeGreaterThan(0);
    expect(offline).toBeGreaterThan(0);
  });
});

/** No edit lost or doubled, in each typist's order, and each client's document equal to the stored one. */
function expectEveryEditStored(stored: Map<string, Uint8Array>, typists: readonly Typist[]): void {
  expect(lostEdits(stored, typists)).toEqual([]);
  for (const typist of typists) {
    const doc = decodeState(stored.get(typist.docId));
    const own = tokensIn(doc).filter((token) => token.startsWith(`${typist.name}-`));
    expect(own, typist.name).toEqual(typist.typed.map((edit) => edit.token));
    expect(Y.encodeStateVector(typist.peer.doc), typist.name).toEqual(Y.encodeStateVector(doc));
    expect(typist.peer.text(), typist.name).toBe(extractPlainText(doc));
  }
}

function noteId(note: number): string {
  return `crashDurabilityNote_${String(note).padStart(3, '0')}`;
}

/** CLIENTS peers, spread round-robin over NOTES notes (opened by id: an editor may open a new note). */
async function connectTypists(syncUrl: string, token: string): Promise<Typist[]> {
  return Promise.all(
    Array.from({ length: CLIENTS }, async (_, index) => {
      const docId = noteId(index % NOTES);
      const peer = await connectPeer({ syncUrl, token }, formatNoteDocumentName(docId));
      const typist: Typist = {
        name: `c${String(index).padStart(2, '0')}`,
        docId,
        peer,
        typed: [],
        syncedAt: Date.now(),
      };
      peer.provider.on('synced', () => {
        typist.syncedAt = Date.now();
      });
      return typist;
    }),
  );
}

/** Each typist appends a distinct token to a paragraph of its own every 20–50 ms until stopped. */
function startTyping(typists: readonly Typist[], random: () => number): () => void {
  const timers = new Map<Typist, NodeJS.Timeout>();
  let stopped = false;
  for (const typist of typists) {
    const line = ownParagraph(typist.peer.doc);
    const tick = () => {
      if (stopped) return;
      const token = `${typist.name}-n${String(typist.typed.length).padStart(4, '0')}`;
      line.insert(line.length, ` ${token}`);
      typist.typed.push({ token, at: Date.now() });
      timers.set(typist, setTimeout(tick, 20 + random() * 30));
    };
    timers.set(typist, setTimeout(tick, random() * 30));
  }
  return () => {
    stopped = true;
    for (const timer of timers.values()) clearTimeout(timer);
  };
}

function ownParagraph(doc: Y.Doc): Y.XmlText {
  const paragraph = new Y.XmlElement('paragraph');
  const text = new Y.XmlText();
  paragraph.insert(0, [text]);
  const fragment = doc.getXmlFragment(EDITOR_FRAGMENT);
  fragment.insert(fragment.length, [paragraph]);
  return text;
}

/** Whether every note's clients hold the same state (so the relay passed every edit on). */
function haveConverged(typists: readonly Typist[]): boolean {
  const vectors = new Map<string, string>();
  for (const typist of typists) {
    const vector = Y.encodeStateVector(typist.peer.doc).join(',');
    if ((vectors.get(typist.docId) ?? vector) !== vector) return false;
    vectors.set(typist.docId, vector);
  }
  return true;
}

/** Every typed token missing from its note's stored state. */
function lostEdits(stored: Map<string, Uint8Array>, typists: readonly Typist[]): string[] {
  const present = new Map<string, Set<string>>();
  for (const [docId, state] of stored) present.set(docId, new Set(tokensIn(decodeState(state))));
  return typists.flatMap((typist) =>
    typist.typed.map((edit) => edit.token).filter((token) => !present.get(typist.docId)?.has(token)),
  );
}

function decodeState(state: Uint8Array | undefined): Y.Doc {
  const doc = new Y.Doc();
  if (state) Y.applyUpdate(doc, state);
  return doc;
}

function tokensIn(doc: Y.Doc): string[] {
  return extractPlainText(doc).match(TOKEN) ?? [];
}

/** Edits typed before the kill that the killed relay's database did not hold, and the oldest one's age. */
function unstoredAtKill(
  stored: Map<string, Uint8Array>,
  typists: readonly Typist[],
  killedAt: number,
): { count: number; oldestMs: number } {
  let count = 0;
  let oldest = killedAt;
  for (const typist of typists) {
    const present = new Set(tokensIn(decodeState(stored.get(typist.docId))));
    for (const edit of typist.typed) {
      if (edit.at > killedAt || present.has(edit.token)) continue;
      count += 1;
      oldest = Math.min(oldest, edit.at);
    }
  }
  return { count, oldestMs: killedAt - oldest };
}
