import { formatNoteDocumentName } from '@baalda/core';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { pgliteBackend } from './backends';
import { appendParagraph, connectPeer, eventually } from './clients';
import { callTool, connectMcp, createAndReadRefunds, postMcp, type ToolAnswer } from './mcpClients';
import { addPerson } from './people';
import { adminFetch, startTestRelay, type TestRelay } from './relays';

/** How many hits a search answer holds (0 for a refusal). */
function hitCount(answer: ToolAnswer): number {
  return ((answer.structured?.hits as unknown[] | undefined) ?? []).length;
}

const READ_TOOLS = ['list_drafts', 'list_notes', 'outline_note', 'read_attachment_text', 'read_note', 'search_notes'];

describe('the MCP route (MCP1–MCP12) through the official SDK client', () => {
  let relay: TestRelay;
  let dispose: () => Promise<void>;
  let owner: Client;
  let readOnly: Client;
  let readOnlyToken: string;
  const closing: Array<{ close(): Promise<void> | void }> = [];

  beforeAll(async () => {
    const database = await pgliteBackend.create();
    dispose = database.dispose;
    relay = await startTestRelay(database.target);
    owner = await connectMcp(relay.httpUrl, relay.token);
    const minted = await adminFetch(relay, '/api/admin/tokens', {
      method: 'POST',
      body: JSON.stringify({ email: 'owner@baalda.test', vaultId: 'default', readOnly: true, name: 'reader' }),
    });
    readOnlyToken = ((await minted.json()) as { secret: string }).secret;
    readOnly = await connectMcp(relay.httpUrl, readOnlyToken);
    closing.push(owner, readOnly);
  });

  afterAll(async () => {
    for (const item of closing) await item.close();
    await relay.close();
    await dispose();
  });

  // A note made over MCP, open in a person's editor (a real provider) once its last words reached them.
  async function createWithPersonIn(path: string, text: string) {
    const created = await callTool(owner, 'create_note', { path, text });
    const docId = String(created.structured?.docId);
    const person = await connectPeer(relay, formatNoteDocumentName(docId));
    closing.push({ close: () => person.destroy() });
    const lastWords = text.slice(-12);
    await eventually(
      () => person.text().includes(lastWords),
      () => person.text(),
    );
    return { docId, person };
  }

  it('[MCP1] a read-write token lists every tool; a read-only token only the read tools', async () => {
    const all = (await owner.listTools()).tools.map((tool) => tool.name).sort();
    expect(all).toEqual(
      [
        ...READ_TOOLS,
        'append_note',
        'create_note',
        'delete_note',
        'edit_note',
        'move_note',
        'save_draft',
        'update_note',
      ].sort(),
    );
    expect((await readOnly.listTools()).tools.map((tool) => tool.name).sort()).toEqual(READ_TOOLS);
    const refused = await callTool(readOnly, 'create_note', { path: 'Nope.md', text: 'no' });
    expect(refused.isError).toBe(true);
    expect(refused.text).toMatch(/^READ_ONLY/);
  });

  it('[MCP3, MCP4, MCP7, MCP12] create, read, search, list, update, append, move, delete — and their error codes', async () => {
    const docId = await createAndReadRefunds(owner);
    expect((await callTool(owner, 'create_note', { path: 'policies/refunds.md', text: 'x' })).text).toMatch(
      /^PATH_EXISTS/,
    );
    expect((await callTool(owner, 'create_note', { path: 'Bad/../x.md', text: 'x' })).text).toMatch(/^INVALID_PATH/);
    await eventually(
      async () => hitCount(await callTool(owner, 'search_notes', { query: 'refund days' })) > 0,
      () => 'the new note is searchable',
    );
    const listed = await callTool(owner, 'list_notes', { folder: 'Policies' });
    expect(listed.structured?.notes).toEqual([{ docId, title: 'Refunds', path: 'Policies/Refunds.md', kind: 'note' }]);
    expect(
      (await callTool(owner, 'update_note', { docId, text: '# Refunds\n\nWe refund within 60 days.' })).isError,
    ).toBe(false);
    expect((await callTool(owner, 'append_note', { docId, text: 'Ask finance first.' })).isError).toBe(false);
    const after = String((await callTool(owner, 'read_note', { docId })).structured?.text);
    expect(after).toContain('60 days');
    expect(after).toContain('Ask finance first.');
    expect(after).not.toContain('30 days');
    const moved = await callTool(owner, 'move_note', { docId, path: 'Archive/Refunds.md' });
    expect(moved.structured).toEqual({ docId, path: 'Archive/Refunds.md' });
    expect((await callTool(owner, 'read_attachment_text', { docId })).text).toMatch(/^NOT_AN_ATTACHMENT/);
    expect((await callTool(owner, 'delete_note', { docId })).isError).toBe(false);
    expect((await callTool(owner, 'read_note', { docId })).text).toMatch(/^NOTE_NOT_FOUND/);
    expect((await callTool(owner, 'read_note', { docId: 'noSuchNote000000001' })).text).toMatch(/^NOTE_NOT_FOUND/);
    expect((await callTool(owner, 'search_notes', { query: '' })).text).toMatch(/^INVALID_INPUT/);
    expect((await callTool(owner, 'create_note', { path: 'Big.md', text: 'x'.repeat(1_000_001) })).text).toMatch(
      /^TOO_LARGE/,
    );
  });

  it('[MCP4] read_note pages a 100,000-character note: 20,000 by default, truncated, and the pages reassemble it', async () => {
    // Exactly 100,000 characters of words (the Markdown adds a final newline).
    const words = Array.from({ length: 20_000 }, (_, index) => `w${index % 997}x`).join(' ');
    const body = `${words.slice(0, 99_999)}z`;
    expect(body).toHaveLength(100_000);
    const created = await callTool(owner, 'create_note', { path: 'Long.md', text: body });
    const docId = String(created.structured?.docId);
    const first = await callTool(owner, 'read_note', { docId });
    expect(first.structured).toMatchObject({ offset: 0, truncated: true });
    expect(String(first.structured?.text)).toHaveLength(20_000);
    const total = Number(first.structured?.totalChars);
    let text = '';
    for (let offset = 0; offset < total; ) {
      const page = (await callTool(owner, 'read_note', { docId, offset, maxChars: 30_000 })).structured ?? {};
      text += String(page.text);
      offset += String(page.text).length;
      expect(page.truncated).toBe(offset < total);
    }
    expect(text).toHaveLength(total);
    expect(text.replace(/\s+/g, ' ').trim()).toBe(body);
  });

  it('[MCP3] search_notes answers pointers only: no note text anywhere in the serialized response', async () => {
    const secretSentence = 'the zeppelin hangar opens at dawn for inspection';
    await callTool(owner, 'create_note', { path: 'Hangar.md', text: secretSentence });
    await eventually(
      async () => hitCount(await callTool(owner, 'search_notes', { query: 'zeppelin hangar' })) > 0,
      () => 'indexed',
    );
    const answer = await callTool(owner, 'search_notes', { query: 'zeppelin hangar dawn inspection' });
    const serialized = JSON.stringify(answer.raw);
    for (const word of ['opens', 'dawn', 'inspection'])
      expect(serialized).not.toContain(word === 'dawn' ? 'at dawn' : word);
    expect(serialized).toContain('Hangar.md');
  });

  it('[MCP12, SYNC4] update_note while a person edits the same note: both edits survive', async () => {
    const { docId, person } = await createWithPersonIn('Shared.md', 'first paragraph\n\nsecond paragraph');
    // The person types while the assistant's update is on its way: their keystroke is made on the state
    // they had (a copy not yet synced) and reaches the relay after the update, as a concurrent edit does.
    const typing = new Y.Doc();
    Y.applyUpdate(typing, Y.encodeStateAsUpdate(person.doc));
    appendParagraph(typing, 'typed by a person');
    const updated = await callTool(owner, 'update_note', {
      docId,
      text: 'first paragraph, edited by the assistant\n\nsecond paragraph',
    });
    expect(updated.isError).toBe(false);
    Y.applyUpdate(person.doc, Y.encodeStateAsUpdate(typing));
    let lastRead = '';
    await eventually(
      async () => {
        const text = String((await callTool(owner, 'read_note', { docId })).structured?.text);
        lastRead = text;
        return text.includes('edited by the assistant') && text.includes('typed by a person');
      },
      () => `relay: ${JSON.stringify(lastRead)}, person: ${JSON.stringify(person.text())}`,
    );
    await eventually(
      () => person.text().includes('edited by the assistant'),
      () => person.text(),
    );
    expect(person.text()).toContain('typed by a person');
  });

  it('[MCP13, MCP14, SYNC4] edit_note while a person types in the same note: both survive; stale, missing and ambiguous edits write nothing', async () => {
    const { docId, person } = await createWithPersonIn(
      'Edited.md',
      '# Edited\n\nThe deadline is Friday.\n\nRepeat me. Repeat me.',
    );
    const read = await callTool(owner, 'read_note', { docId });
    const revision = String(read.structured?.revision);
    expect(revision).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // The person's keystroke is made on the state they had and arrives after the assistant's edit.
    const typing = new Y.Doc();
    Y.applyUpdate(typing, Y.encodeStateAsUpdate(person.doc));
    appendParagraph(typing, 'typed by a person');
    const edited = await callTool(owner, 'edit_note', {
      docId,
      edits: [{ oldText: 'Friday', newText: 'Monday' }],
      ifRevision: revision,
    });
    expect(edited.isError, edited.text).toBe(false);
    expect(edited.structured?.revision).not.toBe(revision);
    Y.applyUpdate(person.doc, Y.encodeStateAsUpdate(typing));
    await eventually(
      async () => {
        const text = String((await callTool(owner, 'read_note', { docId })).structured?.text);
        return text.includes('The deadline is Monday.') && text.includes('typed by a person');
      },
      () => person.text(),
    );
    await eventually(
      () => person.text().includes('Monday'),
      () => person.text(),
    );
    const before = String((await callTool(owner, 'read_note', { docId })).structured?.text);
    const refusals: Array<[Record<string, unknown>, RegExp]> = [
      [{ edits: [{ oldText: 'Monday', newText: 'Sunday' }], ifRevision: revision }, /^REVISION_CHANGED/],
      [
        {
          edits: [
            { oldText: 'Monday', newText: 'Sunday' },
            { oldText: 'Tuesday', newText: 'x' },
          ],
        },
        /^TEXT_NOT_FOUND: edit 2/,
      ],
      [
        {
          edits: [
            { oldText: 'Monday', newText: 'Sunday' },
            { oldText: 'Repeat me.', newText: 'x' },
          ],
        },
        /^TEXT_AMBIGUOUS: edit 2/,
      ],
    ];
    for (const [args, code] of refusals) {
      const refused = await callTool(owner, 'edit_note', { docId, ...args });
      expect(refused.isError).toBe(true);
      expect(refused.text).toMatch(code);
    }
    const stale = await callTool(owner, 'update_note', { docId, text: 'gone', ifRevision: revision });
    expect(stale.text).toMatch(/^REVISION_CHANGED/);
    expect(String((await callTool(owner, 'read_note', { docId })).structured?.text)).toBe(before);
    expect(person.text()).toContain('Monday');
  });

  it('[MCP15] outline_note and read_note by section on a 200,000-character note answer within the read bound', async () => {
    const parts = Array.from({ length: 800 }, (_, index) => `## Part ${index}\n\n${'word '.repeat(48)}`);
    const created = await callTool(owner, 'create_note', { path: 'Big.md', text: `# Big\n\n${parts.join('\n\n')}` });
    const docId = String(created.structured?.docId);
    const outline = await callTool(owner, 'outline_note', { docId });
    expect(outline.isError, outline.text).toBe(false);
    expect(Number(outline.structured?.totalChars)).toBeGreaterThan(200_000);
    expect(outline.structured).toMatchObject({ truncated: true });
    expect(JSON.stringify(outline.raw).length).toBeLessThan(100_000);
    const section = await callTool(owner, 'read_note', { docId, section: 'Part 799' });
    expect(section.structured).toMatchObject({ section: 'Part 799', offset: 0, truncated: false });
    expect(String(section.structured?.text)).toMatch(/^## Part 799\n\nword word/);
    expect(JSON.stringify(section.raw).length).toBeLessThan(2_000);
  });

  it('[MCP16, VC5] save_draft five times with one draftId: one note, its last text, four versions, old words unsearchable; drafts are their user’s', async () => {
    const revisions = [1, 2, 3, 4, 5].map(
      (round) =>
        `# Letter to ACME\n\nDear ACME,\n\n${round === 1 ? 'We regret the quagmire.' : `Revision ${round} of the reply.`}`,
    );
    const first = await callTool(owner, 'save_draft', { title: 'Letter to: ACME', text: revisions[0] });
    expect(first.isError, first.text).toBe(false);
    expect(first.structured).toMatchObject({ path: 'Drafts/Letter to- ACME.md', created: true });
    const draftId = String(first.structured?.draftId);
    for (const text of revisions.slice(1)) {
      const saved = await callTool(owner, 'save_draft', { title: 'Letter to: ACME', text, draftId });
      expect(saved.structured, saved.text).toMatchObject({ draftId, docId: draftId, created: false });
    }
    const drafts = await callTool(owner, 'list_notes', { folder: 'Drafts' });
    expect(drafts.structured?.notes).toHaveLength(1);
    expect(String((await callTool(owner, 'read_note', { docId: draftId })).structured?.text)).toBe(`${revisions[4]}\n`);
    const versions = (await (
      await fetch(`${relay.httpUrl}/api/vaults/default/notes/${draftId}/versions`, {
        headers: { authorization: `Bearer ${relay.token}` },
      })
    ).json()) as { versions: Array<{ reason: string }> };
    expect(versions.versions.map((version) => version.reason)).toEqual(Array(4).fill('draft-revision'));
    await eventually(
      async () => (await callTool(owner, 'search_notes', { query: 'Revision 5 reply' })).text.includes(draftId),
      () => 'the last revision is searchable',
    );
    expect((await callTool(owner, 'search_notes', { query: 'quagmire' })).text).not.toContain(draftId);
    const listed = await callTool(owner, 'list_drafts', {});
    expect(listed.structured?.drafts).toEqual([
      expect.objectContaining({ docId: draftId, path: 'Drafts/Letter to- ACME.md' }),
    ]);

    const dana = await addPerson(relay, 'dana', 'editor');
    const danaClient = await connectMcp(relay.httpUrl, dana.token);
    closing.push(danaClient);
    expect((await callTool(danaClient, 'list_drafts', {})).structured?.drafts).toEqual([]);
    const hers = await callTool(danaClient, 'save_draft', { title: 'Letter to: ACME', text: 'Dana’s own.' });
    expect(hers.structured?.path).toBe('Drafts/Letter to- ACME 2.md');
    expect((await callTool(danaClient, 'save_draft', { title: 'x', text: 'mine now', draftId })).text).toMatch(
      /^DRAFT_NOT_FOUND/,
    );
    expect((await callTool(owner, 'list_drafts', {})).structured?.drafts).toHaveLength(1);

    await callTool(owner, 'move_note', { docId: draftId, path: 'Letters/ACME.md' });
    expect((await callTool(owner, 'list_drafts', {})).structured?.drafts).toEqual([]);
    const moved = await callTool(owner, 'save_draft', { title: 'Letter', text: 'again', draftId });
    expect(moved.text).toMatch(/^DRAFT_NOT_FOUND: It was moved to Letters\/ACME\.md/);
  });

  it('[MCP11, ACL3] no token, a bad one or a revoked one is 401 with WWW-Authenticate; a foreign Origin is 403', async () => {
    const list = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
    const attempts: Array<Record<string, string>> = [
      {},
      { authorization: 'Bearer nope' },
      { authorization: `Bearer baalda_pat_${'A'.repeat(43)}` },
    ];
    for (const headers of attempts) {
      const response = await postMcp(relay.httpUrl, list, headers);
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer /);
    }
    const foreign = await postMcp(relay.httpUrl, list, {
      authorization: `Bearer ${relay.token}`,
      origin: 'https://evil.example',
    });
    expect(foreign.status).toBe(403);
    const listed = (await (await adminFetch(relay, '/api/admin/tokens')).json()) as {
      tokens: Array<{ id: string; name: string }>;
    };
    const reader = listed.tokens.find((token) => token.name === 'reader');
    await adminFetch(relay, `/api/admin/tokens/${reader?.id}`, { method: 'DELETE' });
    expect((await postMcp(relay.httpUrl, list, { authorization: `Bearer ${readOnlyToken}` })).status).toBe(401);
  });

  it('[MCP11] two clients sending the same JSON-RPC id at once each get their own answer', async () => {
    const bobby = await addPerson(relay, 'bobby', 'editor');
    const call = (token: string, query: string) =>
      postMcp(
        relay.httpUrl,
        { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'search_notes', arguments: { query } } },
        { authorization: `Bearer ${token}` },
      ).then(
        (response) =>
          response.json() as Promise<{ id: number; result: { structuredContent: { hits: Array<{ path: string }> } } }>,
      );
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        index % 2 ? call(bobby.token, 'zeppelin') : call(relay.token, 'refund'),
      ),
    );
    for (const [index, answer] of answers.entries()) {
      expect(answer.id).toBe(7);
      const paths = answer.result.structuredContent.hits.map((hit) => hit.path);
      if (index % 2) expect(paths).toEqual(['Hangar.md']);
      else expect(paths.every((path) => !path.includes('Hangar'))).toBe(true);
    }
  });

  it('[MCP11, LIM10] past its burst a token gets 429 with Retry-After', async () => {
    const limited = await startTestRelay((await pgliteBackend.create()).target, {
      mcpRateLimit: { perSecond: 1, burst: 3 },
    });
    try {
      const list = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
      const statuses: number[] = [];
      for (let call = 0; call < 5; call += 1) {
        statuses.push((await postMcp(limited.httpUrl, list, { authorization: `Bearer ${limited.token}` })).status);
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      const last = await postMcp(limited.httpUrl, list, { authorization: `Bearer ${limited.token}` });
      expect(Number(last.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    } finally {
      await limited.close();
    }
  });

  it('[MCP6, ACL2] another user’s private notes are never returned and read as NOTE_NOT_FOUND', async () => {
    const created = await callTool(owner, 'create_note', {
      path: 'Vault/Salaries.md',
      text: 'salary bands for the whole team',
    });
    const docId = String(created.structured?.docId);
    await adminFetch(relay, '/api/admin/vaults/default/restrictions', {
      method: 'PUT',
      body: JSON.stringify({ path: 'Vault', memberEmails: ['owner@baalda.test'] }),
    });
    const carl = await addPerson(relay, 'carl', 'editor');
    const client = await connectMcp(relay.httpUrl, carl.token);
    closing.push(client);
    await eventually(
      async () => hitCount(await callTool(owner, 'search_notes', { query: 'salary bands' })) > 0,
      () => 'indexed for the owner',
    );
    expect((await callTool(client, 'search_notes', { query: 'salary bands' })).structured?.hits).toEqual([]);
    expect((await callTool(client, 'read_note', { docId })).text).toMatch(/^NOTE_NOT_FOUND/);
    expect((await callTool(client, 'update_note', { docId, text: 'x' })).text).toMatch(/^NOTE_NOT_FOUND/);
    const listed = JSON.stringify((await callTool(client, 'list_notes', {})).structured);
    expect(listed).not.toContain('Salaries');
    expect((await callTool(client, 'create_note', { path: 'Vault/Mine.md', text: 'x' })).text).toMatch(/^FORBIDDEN/);
    // MCP17: resources show carl the same vault with the same rights.
    const resources = await client.listResources();
    expect(JSON.stringify(resources)).not.toContain('Salaries');
    await expect(client.readResource({ uri: `baalda://notes/${docId}` })).rejects.toMatchObject({ code: -32002 });
  });

  it('[MCP17] notes are resources: listed as pointers, read one bounded page at a time, a bad URI refused', async () => {
    const text = `# Long\n\n${'resource text '.repeat(4_000)}`;
    const created = await callTool(owner, 'create_note', { path: 'Resources/Long.md', text });
    const docId = String(created.structured?.docId);
    const uri = `baalda://notes/${docId}`;
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await owner.listResources(cursor === undefined ? {} : { cursor });
      expect(page.resources.length).toBeLessThanOrEqual(100);
      for (const resource of page.resources) expect(Object.keys(resource).sort()).not.toContain('text');
      seen.push(...page.resources.map((resource) => resource.uri));
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    expect(seen).toContain(uri);
    const templates = await owner.listResourceTemplates();
    expect(templates.resourceTemplates.map((template) => template.uriTemplate)).toEqual(['baalda://notes/{docId}']);
    const first = await owner.readResource({ uri });
    const firstText = String((first.contents[0] as { text: string }).text);
    expect(firstText.length).toBe(20_000);
    expect(first._meta).toMatchObject({ 'baalda/truncated': true, 'baalda/nextUri': `${uri}?offset=20000` });
    let whole = firstText;
    for (let next = first._meta?.['baalda/nextUri']; typeof next === 'string'; ) {
      const page = await owner.readResource({ uri: next });
      whole += String((page.contents[0] as { text: string }).text);
      next = page._meta?.['baalda/nextUri'];
    }
    expect(whole).toBe(String((await callTool(owner, 'read_note', { docId, maxChars: 100_000 })).structured?.text));
    await expect(owner.readResource({ uri: 'file:///etc/passwd' })).rejects.toMatchObject({ code: -32602 });
    await expect(owner.readResource({ uri: `baalda://notes/${'x'.repeat(21)}` })).rejects.toMatchObject({
      code: -32002,
    });
  });
});
