import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatNoteDocumentName } from '@baalda/core';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { makeCorruptPdf, makeDocx, makePdf, makeZipBombDocx } from './attachmentFixtures';
import { newAttachmentId, uploadAttachment, zeroStream } from './attachmentUploads';
import { pgliteBackend } from './backends';
import { eventually } from './clients';
import { callTool, connectMcp } from './mcpClients';
import { addPerson, type Person } from './people';
import { adminFetch, authedFetch, startTestRelay, type TestRelay } from './relays';
import { openAs } from './syncAs';

const MB = 1024 * 1024;

describe('attachments: stored, read, searched and served (ATT1–ATT9)', () => {
  let relay: TestRelay;
  let dispose: () => Promise<void>;
  let attachmentsDir: string;
  let mcp: Client;
  const owner = () => ({ token: relay.token });

  beforeAll(async () => {
    const database = await pgliteBackend.create();
    dispose = database.dispose;
    attachmentsDir = await mkdtemp(join(tmpdir(), 'baalda-attachments-test-'));
    relay = await startTestRelay(database.target, { attachmentsDir });
    mcp = await connectMcp(relay.httpUrl, relay.token);
  });

  afterAll(async () => {
    await mcp.close();
    await relay.close();
    await dispose();
  });

  async function upload(path: string, body: RequestInit['body'], docId = newAttachmentId()) {
    const response = await uploadAttachment(relay, owner(), { docId, path, body });
    return { docId, response, answer: (await response.json()) as Record<string, unknown> };
  }

  async function meta(docId: string) {
    return (await (await authedFetch(relay, `/api/vaults/default/attachments/${docId}/meta`)).json()) as {
      extraction: { status: string; reason: string | null; chars: number; truncated: boolean };
      mimeType: string;
      size: number;
    };
  }

  async function searchAttachments(query: string) {
    const response = await authedFetch(
      relay,
      `/api/vaults/default/search?q=${encodeURIComponent(query)}&kind=attachment`,
    );
    const { results } = (await response.json()) as { results: Array<{ docId: string; kind: string; path: string }> };
    return results;
  }

  async function treePaths(): Promise<string[]> {
    const tree = (await (await authedFetch(relay, '/api/vaults/default/tree')).json()) as {
      notes: Array<{ path: string }>;
    };
    return tree.notes.map((note) => note.path);
  }

  async function storedFiles(): Promise<string[]> {
    const shards = await readdir(join(attachmentsDir, 'sha256'));
    const files = await Promise.all(shards.map((shard) => readdir(join(attachmentsDir, 'sha256', shard))));
    return [...files.flat(), ...(await readdir(join(attachmentsDir, 'incoming')))];
  }

  it('[ATT4, ATT7] text of every supported type is read and found, as kind "attachment"', async () => {
    const files: Array<[string, RequestInit['body'], string]> = [
      ['Files/notes.txt', 'Plain words about the quarterly llama census.', 'llama census'],
      ['Files/readme.markdown', '# Setup\n\nInstall the **walrus** toolkit first.', 'walrus toolkit'],
      ['Files/prices.csv', 'item,price\nobsidian kettle,12\n', 'obsidian kettle'],
      ['Files/config.json', '{"motto": "flamingo diplomacy wins"}', 'flamingo diplomacy'],
      [
        'Files/page.html',
        '<html><head><style>.x{}</style><script>var hidden = "scriptword";</script></head><body><p>Penguin treaty signed.</p></body></html>',
        'penguin treaty',
      ],
      [
        'Files/report.pdf',
        makePdf([['Quarterly report'], ['The narwhal budget grew by ten percent.']]),
        'narwhal budget',
      ],
      ['Files/minutes.docx', makeDocx(['Minutes', 'The axolotl committee met on Tuesday.']), 'axolotl committee'],
    ];
    const uploaded = [];
    for (const [path, body] of files) {
      const { docId, response, answer } = await upload(path, body);
      expect(response.status).toBe(201);
      expect(answer).toMatchObject({ docId, path });
      uploaded.push(docId);
    }
    await relay.attachments.settled();
    for (const [index, [path, , phrase]] of files.entries()) {
      const docId = uploaded[index] ?? '';
      expect((await meta(docId)).extraction, path).toMatchObject({ status: 'done', truncated: false });
      const hits = await searchAttachments(phrase);
      expect(hits[0], `${phrase} finds ${path}`).toMatchObject({ docId, kind: 'attachment', path });
    }
    const notes = await authedFetch(
      relay,
      `/api/vaults/default/search?q=${encodeURIComponent('walrus toolkit')}&kind=note`,
    );
    expect(((await notes.json()) as { results: unknown[] }).results).toEqual([]);
    const html = await authedFetch(relay, `/api/vaults/default/attachments/${uploaded[4]}/text`);
    expect(((await html.json()) as { text: string }).text).not.toContain('scriptword');
  });

  it('[ATT1] a 60 MB file is refused, declared or streamed, and nothing of it stays behind', async () => {
    const before = await storedFiles();
    const declared = await upload('Big/declared.bin', new Uint8Array(60 * MB));
    expect(declared.response.status).toBe(413);
    expect(declared.answer).toMatchObject({ error: { code: 'ATTACHMENT_TOO_LARGE' } });
    const streamed = await upload('Big/streamed.bin', zeroStream(60 * MB));
    expect(streamed.response.status).toBe(413);
    expect(streamed.answer).toMatchObject({
      error: { code: 'ATTACHMENT_TOO_LARGE', message: expect.stringMatching(/50 MB/) },
    });
    expect(await storedFiles()).toEqual(before);
    expect((await treePaths()).filter((path) => path.startsWith('Big/'))).toEqual([]);
    expect((await authedFetch(relay, `/api/vaults/default/attachments/${streamed.docId}/meta`)).status).toBe(404);
    expect((await fetch(`${relay.httpUrl}/api/health`)).status).toBe(200);
  });

  it('[ATT5] a corrupt PDF and a zip bomb posing as DOCX are stored, findable by name, their reason kept', async () => {
    const corrupt = await upload('Hostile/Broken scan.pdf', makeCorruptPdf());
    const bomb = await upload('Hostile/Totally normal.docx', makeZipBombDocx(1024 * MB));
    expect([corrupt.response.status, bomb.response.status]).toEqual([201, 201]);
    const rssBefore = process.memoryUsage().rss;
    await relay.attachments.settled();
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(200 * MB);
    expect((await meta(corrupt.docId)).extraction).toMatchObject({ status: 'failed', reason: expect.any(String) });
    expect((await meta(bomb.docId)).extraction).toMatchObject({
      status: 'failed',
      reason: expect.stringMatching(/unpacks to more than 64 MiB/),
    });
    expect((await searchAttachments('broken scan'))[0]).toMatchObject({ docId: corrupt.docId });
    expect((await searchAttachments('totally normal'))[0]).toMatchObject({ docId: bomb.docId });
    const download = await authedFetch(relay, `/api/vaults/default/attachments/${corrupt.docId}`);
    expect(Buffer.from(await download.arrayBuffer()).equals(makeCorruptPdf())).toBe(true);
    const after = await upload('Hostile/fine.txt', 'Still reading files after the bomb.');
    await relay.attachments.settled();
    expect((await searchAttachments('after the bomb'))[0]).toMatchObject({ docId: after.docId });
  });

  it('[MCP5, ATT7] read_attachment_text pages a 100,000-character extraction and the pages join to the exact text', async () => {
    const text = Array.from(
      { length: 100_000 / 50 },
      (_, line) => `${String(line).padStart(6, '0')} ${'é😀'.repeat(10)}${'x'.repeat(12)}\n`,
    ).join('');
    expect(text.length).toBe(100_000);
    const { docId } = await upload('Long/transcript.txt', text);
    await relay.attachments.settled();
    const first = await callTool(mcp, 'read_attachment_text', { docId });
    expect(first.structured).toMatchObject({
      docId,
      mimeType: 'text/plain',
      offset: 0,
      totalChars: 100_000,
      truncated: true,
    });
    expect(String(first.structured?.text ?? '').length).toBeLessThanOrEqual(20_000);
    let joined = '';
    let offset = 0;
    for (;;) {
      const page = (await callTool(mcp, 'read_attachment_text', { docId, offset })).structured as {
        text: string;
        truncated: boolean;
        offset: number;
      };
      expect(page.offset).toBe(offset);
      joined += page.text;
      offset += page.text.length;
      if (!page.truncated) break;
    }
    expect(joined).toBe(text);
    const hits = await callTool(mcp, 'search_notes', { query: 'transcript', kind: 'attachment' });
    expect(hits.structured?.hits).toEqual([expect.objectContaining({ docId, kind: 'attachment' })]);
    expect((await callTool(mcp, 'read_note', { docId })).text).toMatch(/^NOT_A_NOTE/);
    expect((await callTool(mcp, 'update_note', { docId, text: 'overwrite' })).text).toMatch(/^NOT_A_NOTE/);
  });

  it('[ATT2, OP3, CN1] a repeated upload stores nothing new; another file at the same path gets a conflict name', async () => {
    const docId = newAttachmentId();
    const first = await upload('Same/Receipt.pdf', makePdf([['Receipt one']]), docId);
    const files = await storedFiles();
    const again = await upload('Same/Receipt.pdf', makePdf([['Receipt one']]), docId);
    expect([first.response.status, again.response.status]).toEqual([201, 200]);
    expect(again.answer).toMatchObject({ docId, path: 'Same/Receipt.pdf' });
    expect(await storedFiles()).toEqual(files);
    const other = await upload('same/receipt.PDF', makePdf([['Receipt two']]));
    const today = new Date().toISOString().slice(0, 10);
    expect(other.answer).toMatchObject({
      path: `Same/receipt (conflict ${today}).PDF`,
      renamedFrom: 'Same/receipt.PDF',
    });
  });

  it('[ATT6] bytes come back exact, typed by name, never runnable in the app, and as a download when asked', async () => {
    const html = '<script>alert(1)</script><p>Hi</p>';
    const { docId } = await upload('Served/page.html', html);
    const served = await authedFetch(relay, `/api/vaults/default/attachments/${docId}`);
    expect(served.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(served.headers.get('content-disposition')).toMatch(/^attachment; filename="page.html"/);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toMatch(/^sandbox/);
    expect(await served.text()).toBe(html);
    const pdf = await upload('Served/Résumé.pdf', makePdf([['Hello']]));
    const shown = await authedFetch(relay, `/api/vaults/default/attachments/${pdf.docId}`);
    expect(shown.headers.get('content-type')).toBe('application/pdf');
    expect(shown.headers.get('content-disposition')).toBe(
      `inline; filename="R_sum_.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9.pdf`,
    );
    const etag = shown.headers.get('etag') ?? '';
    const unchanged = await authedFetch(relay, `/api/vaults/default/attachments/${pdf.docId}`, {
      headers: { 'if-none-match': etag },
    });
    expect(unchanged.status).toBe(304);
    const asFile = await authedFetch(relay, `/api/vaults/default/attachments/${pdf.docId}?download=1`);
    expect(asFile.headers.get('content-disposition')).toMatch(/^attachment;/);
  });

  it('[PATH11, IDX3, TR1, TR2] an attachment is renamed, moved, trashed and restored like a note, and search follows', async () => {
    const { docId } = await upload('Inbox/scan.txt', 'The heron inventory for the lake.');
    await relay.attachments.settled();
    let sent = 0;
    const apply = async (...ops: Array<Record<string, string>>) => {
      const response = await authedFetch(relay, '/api/vaults/default/ops', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ops: ops.map((op) => ({ opId: `${docId}op${++sent}`, ...op })) }),
      });
      return ((await response.json()) as { results: Array<Record<string, unknown>> }).results;
    };
    expect(await apply({ kind: 'moveNote', docId, path: 'Archive/Heron inventory.txt' })).toMatchObject([{ ok: true }]);
    expect((await searchAttachments('heron inventory'))[0]).toMatchObject({
      docId,
      path: 'Archive/Heron inventory.txt',
    });
    expect(await apply({ kind: 'moveNote', docId, path: 'Archive/Heron inventory.md' })).toMatchObject([
      { ok: false, rule: 'PATH11' },
    ]);
    await apply({ kind: 'trashNote', docId });
    expect(await searchAttachments('heron inventory')).toEqual([]);
    expect((await authedFetch(relay, `/api/vaults/default/attachments/${docId}`)).status).toBe(200);
    await apply({ kind: 'restoreNote', docId });
    expect((await searchAttachments('heron inventory'))[0]).toMatchObject({ docId });
  });

  it('[ATT2] bytes changed on disk are never served as the file', async () => {
    const { docId } = await upload('Damaged/notes.txt', 'original bytes here');
    const record = await relay.attachments.records.find(docId);
    const path = join(attachmentsDir, 'sha256', record?.sha256.slice(0, 2) ?? '', record?.sha256 ?? '');
    await writeFile(path, 'tampered bytes here');
    const readWhole = async () => (await authedFetch(relay, `/api/vaults/default/attachments/${docId}`)).text();
    await expect(readWhole()).rejects.toThrow();
    await writeFile(path, 'short');
    expect((await authedFetch(relay, `/api/vaults/default/attachments/${docId}`)).status).toBe(500);
    expect(await readFile(path, 'utf8')).toBe('short');
  });

  it('[ATT9, TR3] purging an attachment removes its row, search row and — once nothing else has them — its bytes', async () => {
    const body = 'Shared bytes of two attachments.';
    const one = await upload('Purge/one.txt', body);
    const two = await upload('Purge/two.txt', body);
    await relay.attachments.settled();
    const record = await relay.attachments.records.find(one.docId);
    const ops = (opId: string, docId: string) => [
      { opId: `${opId}trash_0000000`, kind: 'trashNote', docId },
      { opId: `${opId}purge_0000000`, kind: 'purgeNote', docId },
    ];
    const purge = (opId: string, docId: string) =>
      authedFetch(relay, '/api/vaults/default/ops', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ops: ops(opId, docId) }),
      });
    await purge('purgeOne', one.docId);
    expect(await relay.attachments.records.find(one.docId)).toBeNull();
    expect(await relay.attachments.sweep(0)).toBe(0);
    expect(await storedFiles()).toContain(record?.sha256);
    await purge('purgeTwo', two.docId);
    expect(await relay.attachments.sweep(0)).toBeGreaterThanOrEqual(1);
    expect(await storedFiles()).not.toContain(record?.sha256);
    expect(await searchAttachments('shared bytes'), JSON.stringify([one.docId, two.docId])).toEqual([]);
  });

  it('[ATT7, PATH11] no sync document opens under an attachment’s id, so nothing can plant text in its row', async () => {
    const { docId } = await upload('Sync/figures.csv', 'quarter,revenue\n');
    const session = await openAs(relay.syncUrl, relay.token, formatNoteDocumentName(docId));
    try {
      expect(session.denials[0]).toMatch(/^NOT_FOUND/);
    } finally {
      session.destroy();
    }
    // The other way round: an id that already has a sync document is not taken for an attachment.
    const planted = newAttachmentId();
    const note = await openAs(relay.syncUrl, relay.token, formatNoteDocumentName(planted));
    note.doc.getXmlFragment('default').insert(0, [new Y.XmlText('planted words')]);
    await eventually(
      () => note.synced(),
      () => 'the planted document reached the relay',
    );
    note.destroy();
    // Hocuspocus unloads a document once its last connection is gone and its state is stored.
    await eventually(
      () => !relay.hocuspocus.documents.has(formatNoteDocumentName(planted)),
      () => 'the planted document is stored and unloaded',
    );
    const refused = await upload('Sync/planted.txt', 'real words', planted);
    expect(refused.response.status).toBe(409);
    expect(refused.answer).toMatchObject({ error: { code: 'DOC_ID_UNAVAILABLE' } });
  });

  describe('with other people', () => {
    let bob: Person;
    let viewer: Person;

    beforeAll(async () => {
      bob = await addPerson(relay, 'bob', 'editor');
      viewer = await addPerson(relay, 'vera', 'viewer');
    });

    it('[ACL4, ACL5, ATT7] a private folder’s attachments are not downloadable, described or found by others', async () => {
      const secret = await upload('Private/salaries.txt', 'Confidential giraffe salaries.');
      const restricted = await adminFetch(relay, '/api/admin/vaults/default/restrictions', {
        method: 'PUT',
        body: JSON.stringify({ path: 'Private', memberEmails: ['owner@baalda.test'] }),
      });
      expect(restricted.status).toBe(200);
      await relay.attachments.settled();
      for (const suffix of ['', '/meta', '/text']) {
        const response = await bob.fetch(`/api/vaults/default/attachments/${secret.docId}${suffix}`);
        expect(response.status).toBe(404);
        expect(await response.json()).toMatchObject({ error: { code: 'NOTE_NOT_FOUND' } });
      }
      const search = await bob.fetch(`/api/vaults/default/search?q=giraffe&kind=attachment`);
      expect(((await search.json()) as { results: unknown[] }).results).toEqual([]);
      const intoPrivate = await uploadAttachment(relay, { token: bob.token }, { path: 'Private/mine.txt', body: 'x' });
      expect(intoPrivate.status).toBe(403);
    });

    it('[ACL1] a viewer can read attachments but not upload them; a foreign Origin can’t upload with a cookie', async () => {
      const { docId } = await upload('Shared/plan.txt', 'Team plan.');
      expect((await viewer.fetch(`/api/vaults/default/attachments/${docId}`)).status).toBe(200);
      const refused = await uploadAttachment(relay, { token: viewer.token }, { path: 'Shared/viewer.txt', body: 'x' });
      expect(refused.status).toBe(403);
      const forged = await fetch(
        `${relay.httpUrl}/api/vaults/default/attachments/${newAttachmentId()}?path=Shared%2Fcsrf.txt`,
        { method: 'PUT', headers: { cookie: bob.cookie, origin: 'https://evil.example' }, body: 'x' },
      );
      expect(forged.status).toBe(403);
      expect(await treePaths()).not.toContain('Shared/csrf.txt');
    });

    it('[PATH11, ATT1] bad paths and ids are refused with their rule, and nothing is stored', async () => {
      const before = await storedFiles();
      const asNote = await uploadAttachment(relay, owner(), { path: 'Notes/Plan.md', body: 'x' });
      expect(asNote.status).toBe(400);
      expect(await asNote.json()).toMatchObject({ error: { code: 'PATH_INVALID', rule: 'PATH11' } });
      const traversal = await uploadAttachment(relay, owner(), { path: '../etc/passwd', body: 'x' });
      expect(await traversal.json()).toMatchObject({ error: { code: 'PATH_INVALID', rule: 'PATH2' } });
      const badId = await uploadAttachment(relay, owner(), { docId: 'short', path: 'x.txt', body: 'x' });
      expect(badId.status).toBe(400);
      expect(await storedFiles()).toEqual(before);
    });
  });
});
