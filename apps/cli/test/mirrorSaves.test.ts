import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { formatNoteDocumentName } from '@baalda/core';
import { EDITOR_FRAGMENT } from '@baalda/markdown';
import { appendParagraph, connectPeer, eventually, seededRandom, type TestRelay } from 'baalda-relay/testing';
import { describe, expect } from 'vitest';
import * as Y from 'yjs';
import type { Mirror } from '../src/mirror/startMirror';
import { createRemoteNote, readText, relayMarkdown, type TestVault, untilAcknowledged } from './mirrorFixtures';
import { mirrorTest } from './mirrorHarness';
import { idleBreaches } from './mirrorIdle';
import { paragraphsOf } from './mirrorWorkload';
import { startSaveProbe } from './saveProbe';

// How long the person and alice write at once. BAALDA_MIR4_PROBE_MS=N runs longer (or shorter, to try
// something); BAALDA_MIRROR_SEED=N another seed.
const DURATION_MS = Number(process.env.BAALDA_MIR4_PROBE_MS ?? 60_000);
const SEED = Number(process.env.BAALDA_MIRROR_SEED ?? 1);
// A guard against a hang once both stopped, never a measure of speed.
const HANG_MS = 120_000;
// Saves agreed with while alice writes (MIR14).
const ROUNDS = 100;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** alice's change: a paragraph at the end, or anywhere in the note (a rewrite of its middle). */
function aliceWrites(doc: Y.Doc, random: () => number, written: string[]): void {
  const paragraph = `Alice ${written.length + 1}`;
  written.push(paragraph);
  const fragment = doc.getXmlFragment(EDITOR_FRAGMENT);
  const element = new Y.XmlElement('paragraph');
  element.insert(0, [new Y.XmlText(paragraph)]);
  const at = random() < 0.6 ? fragment.length : Math.floor(random() * (fragment.length + 1));
  fragment.insert(at, [element]);
}

/** Idles (each checked, MIR14) until the file and the relay say the same; returns what they say. */
async function untilInStep(
  mirror: Mirror,
  place: { folder: string; relay: TestRelay; vault: TestVault; docId: string; path?: string },
) {
  const deadline = Date.now() + HANG_MS;
  for (;;) {
    await mirror.idle();
    const breaches = idleBreaches(place.folder);
    if (breaches.length > 0) throw new Error(breaches.join('\n'));
    const file = (await readText(place.folder, place.path ?? 'Probe.md')) ?? '';
    const held = await relayMarkdown(place.relay, place.vault, place.docId);
    if (file === held) return file;
    if (Date.now() > deadline)
      throw new Error(`the file holds ${JSON.stringify(file)}, the relay ${JSON.stringify(held)}`);
  }
}

describe('mirror: a person saving while the relay rewrites the same note', () => {
  mirrorTest(
    '[MIR4] a save made from the text before a rewrite (an editor that saved before it reloaded) keeps what the rewrite brought',
    async ({ relay, vault, folder, inProcess }) => {
      const { docId } = await createRemoteNote(relay, vault, 'Probe.md', (peer) => appendParagraph(peer.doc, 'Alpha'));
      const { mirror, lines } = await inProcess.start(folder, relay.httpUrl);
      await mirror.idle();
      const buffer = (await readText(folder, 'Probe.md')) ?? '';
      expect(buffer).toBe('Alpha\n');
      const alice = await connectPeer({ syncUrl: relay.syncUrl, token: vault.token }, formatNoteDocumentName(docId));
      appendParagraph(alice.doc, 'Beta from alice');
      await untilAcknowledged(alice);
      alice.destroy();
      await eventually(
        async () => (await readText(folder, 'Probe.md')) === 'Alpha\n\nBeta from alice\n',
        () => lines.join('\n'),
      );
      await writeFile(join(folder, 'Probe.md'), `${buffer}\nGamma from the old buffer\n`);
      const file = await untilInStep(mirror, { folder, relay, vault, docId });
      expect(paragraphsOf(file).sort()).toEqual(['Alpha', 'Beta from alice', 'Gamma from the old buffer']);
    },
  );

  mirrorTest(
    '[MIR14] relay edits heard while the mirror agrees with a save of the same text keep their mark: every idle finds the file holding them',
    async ({ relay, vault, folder, inProcess }) => {
      const { docId } = await createRemoteNote(relay, vault, 'Race.md', (peer) => appendParagraph(peer.doc, 'Alpha'));
      const { mirror } = await inProcess.start(folder, relay.httpUrl);
      await mirror.idle();
      const alice = await connectPeer({ syncUrl: relay.syncUrl, token: vault.token }, formatNoteDocumentName(docId));
      const random = seededRandom(SEED);
      for (let round = 1; round <= ROUNDS; round += 1) {
        // The note as it is, in other Markdown (a blank line more): the mirror agrees with it, and saves its base.
        await writeFile(join(folder, 'Race.md'), `${await readText(folder, 'Race.md')}\n`);
        await sleep(random() * 40);
        appendParagraph(alice.doc, `Alice ${round}`);
        await mirror.idle();
        expect(idleBreaches(folder), `round ${round}`).toEqual([]);
      }
      await untilAcknowledged(alice);
      alice.destroy();
      const file = await untilInStep(mirror, { folder, relay, vault, docId, path: 'Race.md' });
      expect(paragraphsOf(file)).toHaveLength(ROUNDS + 1);
    },
  );

  mirrorTest(
    '[MIR4] a start keeps a save set aside by a rewrite before the last stop in .baalda/removed/, and drops one its note holds',
    async ({ relay, vault, folder, inProcess }) => {
      const { docId } = await createRemoteNote(relay, vault, 'Kept.md', (peer) => appendParagraph(peer.doc, 'Alpha'));
      const first = await inProcess.start(folder, relay.httpUrl);
      await first.mirror.idle();
      await first.mirror.stop();
      // What a stop (or a kill) can leave: one file the note already holds, one with a paragraph it doesn't.
      const tmp = join(folder, '.baalda', 'tmp');
      await writeFile(join(tmp, `${docId}.aside-held`), 'Alpha\n');
      await writeFile(join(tmp, `${docId}.aside-saved`), 'Alpha\n\nTyped as the mirror stopped\n');
      const second = await inProcess.start(folder, relay.httpUrl);
      await second.mirror.idle();
      expect(await readText(folder, '.baalda/removed/Kept.md')).toBe('Alpha\n\nTyped as the mirror stopped\n');
      expect(await readdir(tmp)).toEqual([]);
      expect(second.lines).toContain(
        'mirror: Kept.md: a save set aside when the mirror last stopped is kept in .baalda/removed/Kept.md',
      );
    },
  );

  mirrorTest(
    `[MIR4] a save every 5–30 ms, in place and by rename, while alice rewrites the note on the relay (seed ${SEED}): no paragraph of either is lost, in the file or on the relay`,
    { timeout: DURATION_MS + 3 * HANG_MS },
    async ({ relay, vault, folder, inProcess }) => {
      const { docId } = await createRemoteNote(relay, vault, 'Probe.md', (peer) => appendParagraph(peer.doc, 'Start'));
      const { mirror, lines } = await inProcess.start(folder, relay.httpUrl);
      await mirror.idle();
      expect(await readText(folder, 'Probe.md')).toBe('Start\n');
      const alice = await connectPeer({ syncUrl: relay.syncUrl, token: vault.token }, formatNoteDocumentName(docId));
      const probe = startSaveProbe({ file: join(folder, 'Probe.md'), scratch: join(folder, '.saving'), seed: SEED });
      const random = seededRandom(SEED + 1);
      const aliceWrote: string[] = [];
      for (const until = Date.now() + DURATION_MS; Date.now() < until; ) {
        await sleep(20 + random() * 60);
        aliceWrites(alice.doc, random, aliceWrote);
      }
      const report = await probe.stop();
      await untilAcknowledged(alice);
      alice.destroy();
      const file = await untilInStep(mirror, { folder, relay, vault, docId });
      const held = new Set(paragraphsOf(file));
      const lost = {
        probe: report.written.filter((paragraph) => !held.has(paragraph)),
        alice: aliceWrote.filter((paragraph) => !held.has(paragraph)),
      };
      const rewrites = lines.filter((line) => line.includes('← relay (edited')).length;
      const context = `${report.written.length} saves (${report.inPlace} in place, ${report.renamed} by rename), ${aliceWrote.length} paragraphs of alice's, ${rewrites} rewrites`;
      expect(
        lost,
        `lost ${lost.probe.length} of the probe's and ${lost.alice.length} of alice's paragraphs; ${context}`,
      ).toEqual({ probe: [], alice: [] });
      expect(Math.min(report.inPlace, report.renamed, rewrites), context).toBeGreaterThan(0);
      expect(paragraphsOf(file).length, context).toBe(1 + report.written.length + aliceWrote.length);
    },
  );
});
