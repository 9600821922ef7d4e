import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { linkedDocIdsOf } from '@baalda/markdown';
import { adminFetch, type TestRelay } from 'baalda-relay/testing';
import { describe, expect } from 'vitest';
import { createRemoteNote, docIdAt, openNote, type TestVault } from '../mirrorFixtures';
import { mirrorTest as test } from '../mirrorHarness';
import { writeTree } from '../transferHarness';

/** The docIds the relay's document of `docId` links to, sorted. */
async function relayLinksOf(relay: TestRelay, vault: TestVault, docId: string): Promise<string[]> {
  const peer = await openNote(relay, vault, docId);
  const links = linkedDocIdsOf(peer.doc).sort();
  peer.destroy();
  return links;
}

// The owner's mirror reads `[[names]]` from files with the owner's eyes: it sees HR. A name written into a
// note everyone reads must not become HR's docId there, where every reader's provider receives it.
describe('attack: the owner’s mirror turns [[names]] into private docIds (LNK8)', { timeout: 60_000 }, () => {
  test('[LNK8] a [[link]] to an HR note written in a file everyone reads keeps only its name; inside HR it links', async ({
    relay,
    vault,
    folder,
    inProcess,
  }) => {
    const { docId: secret } = await createRemoteNote(relay, vault, 'HR/Layoffs 2027 list.md');
    const { docId: ideas } = await createRemoteNote(relay, vault, 'Ideas.md');
    const restricted = await adminFetch(relay, `/api/admin/vaults/${vault.vaultId}/restrictions`, {
      method: 'PUT',
      body: JSON.stringify({ path: 'HR', memberEmails: ['owner@baalda.test'] }),
    });
    expect(restricted.status).toBe(200);
    const dir = join(folder, 'mirror');
    await writeTree(dir, {
      'Team/Plan.md': 'See [[Layoffs 2027 list]] and [[Ideas]].\n',
      'HR/Notes.md': 'See [[Layoffs 2027 list]] and [[Ideas]].\n',
    });
    const { mirror } = await inProcess.start(dir, relay.httpUrl);
    await mirror.idle();
    const plan = (await docIdAt(vault, 'Team/Plan.md')) ?? 'no plan';
    const notes = (await docIdAt(vault, 'HR/Notes.md')) ?? 'no HR notes';
    expect(await relayLinksOf(relay, vault, plan)).toEqual([ideas]);
    expect(await relayLinksOf(relay, vault, notes)).toEqual([ideas, secret].sort());
    // An edit of the paragraph later doesn't bind the name either.
    await writeFile(join(dir, 'Team/Plan.md'), 'See [[Layoffs 2027 list]] and [[Ideas]] today.\n');
    await mirror.idle();
    expect(await relayLinksOf(relay, vault, plan)).toEqual([ideas]);
  });
});
