import { describe, expect, it } from 'vitest';
import { isInsideFolder, pathKey, titleFromPath } from '../paths/notePath';
import { fail } from '../result';
import { callMcpTool } from './callTool';
import type { McpNotePointer, McpStore, McpStoredNote } from './mcpStore';
import { MCP_LIMITS, MCP_TOOLS } from './mcpTools';
import { applyTextEdits } from './textEdits';

interface FakeNote {
  docId: string;
  path: string;
  markdown: string;
  kind?: 'note' | 'attachment';
  /** An attachment's extraction state (ATT5); done when absent. */
  textStatus?: 'done' | 'pending' | 'failed' | 'none';
  /** false: the caller may not read it (a private folder of others). */
  readable?: boolean;
  /** false: the caller may read but not change it. */
  writable?: boolean;
  trashed?: boolean;
}

const REFUNDS = 'RefundsNoteId_00001';
const SECRET = 'SecretNoteId_000001';
const SCAN = 'ScanAttachmentId_01';
const MISSING = 'MissingNoteId_00001';
const BODY = 'Refunds are paid within 14 days; the bank code is ZEBRA-42.';

// A fake revision: any change of the text changes it (the relay's is a hash).
function revisionOf(markdown: string): string {
  return `rev-${markdown.length}-${[...markdown].reduce((sum, char) => (sum * 31 + (char.codePointAt(0) ?? 0)) % 1e9, 7)}`;
}

/** An in-memory store scoped to alice: what the relay's store must behave like (MCP6, MCP7). */
function makeStore(seed: FakeNote[] = defaultNotes()) {
  const notes = seed.map((note) => ({ kind: 'note' as const, readable: true, writable: true, ...note }));
  const calls: string[] = [];
  const live = () => notes.filter((note) => !note.trashed);
  const visible = (docId: string) => live().find((note) => note.docId === docId && note.readable);
  const pointer = (note: (typeof notes)[number]): McpNotePointer => ({
    docId: note.docId,
    title: titleFromPath(note.path),
    path: note.path,
    kind: note.kind,
  });
  const taken = (path: string, except?: string) =>
    live().some((note) => note.docId !== except && pathKey(note.path) === pathKey(path));
  const change = (docId: string, apply: (note: (typeof notes)[number]) => ReturnType<typeof fail> | undefined) => {
    const note = visible(docId);
    if (!note) return fail('NOTE_NOT_FOUND', `store words: ${docId} is missing or private`);
    if (!note.writable) return fail('FORBIDDEN', 'You may only read this note.');
    const refused = apply(note);
    return refused ?? { ok: true as const, docId: note.docId, path: note.path };
  };
  // MCP13: a text write checks the revision first, and answers the one it leaves.
  const revise = (
    { docId, ifRevision }: { docId: string; ifRevision?: string },
    apply: (note: (typeof notes)[number]) => ReturnType<typeof fail> | undefined,
  ) => {
    const stale = visible(docId);
    if (stale && ifRevision !== undefined && revisionOf(stale.markdown) !== ifRevision) {
      return fail('REVISION_CHANGED', `now ${revisionOf(stale.markdown)}`);
    }
    const result = change(docId, apply);
    return result.ok ? { ...result, revision: revisionOf(visible(docId)?.markdown ?? '') } : result;
  };
  const store: McpStore = {
    async search(request) {
      calls.push(`search ${JSON.stringify(request)}`);
      const words = request.query.toLowerCase();
      const hits = live()
        .filter((note) => note.readable && (request.kind === undefined || note.kind === request.kind))
        .filter((note) => request.folder === undefined || isInsideFolder(note.path, request.folder))
        .filter((note) => `${note.path} ${note.markdown}`.toLowerCase().includes(words))
        // A row carrying its body, as a careless store might return it: core must not pass it on.
        .map((note, index) => ({ ...pointer(note), score: 2.4567891 / (index + 1), markdown: note.markdown }));
      return { ok: true, hits };
    },
    async readNote(docId) {
      calls.push(`read ${docId}`);
      const note = visible(docId);
      if (!note) return null;
      const fields = {
        ...pointer(note),
        markdown: note.markdown,
        revision: revisionOf(note.markdown),
        updatedAt: '2026-03-01T12:00:00.000Z',
      };
      const attachment = {
        ...fields,
        mimeType: 'application/pdf',
        textStatus: note.textStatus ?? 'done',
        textProblem: note.textStatus === 'failed' ? 'The PDF is damaged.' : undefined,
      };
      return (note.kind === 'note' ? fields : attachment) as McpStoredNote;
    },
    async listNotes(request) {
      calls.push(`list ${JSON.stringify(request)}`);
      const start = request.cursor === undefined ? 0 : Number(request.cursor);
      if (!Number.isInteger(start)) return fail('INVALID_INPUT', 'cursor is not one this store made.');
      const inFolder = live()
        .filter((note) => note.readable && (request.folder === undefined || isInsideFolder(note.path, request.folder)))
        .sort((a, b) => a.path.localeCompare(b.path));
      const end = start + request.limit;
      return {
        ok: true,
        notes: inFolder.slice(start, end).map(pointer),
        nextCursor: end < inFolder.length ? `${end}` : null,
      };
    },
    async createNote({ path, markdown }) {
      calls.push(`create ${path}`);
      if (taken(path)) return fail('PATH_EXISTS', `${path} is taken.`);
      const docId = `CreatedNoteId_${notes.length}`.padEnd(21, '0');
      notes.push({ docId, path, markdown, kind: 'note', readable: true, writable: true });
      return { ok: true, docId, path };
    },
    async updateNote({ markdown, ...write }) {
      calls.push(`update ${write.docId}`);
      return revise(write, (note) => {
        note.markdown = markdown;
      });
    },
    async appendNote({ markdown, ...write }) {
      calls.push(`append ${write.docId}`);
      return revise(write, (note) => {
        const appended = `${note.markdown}\n\n${markdown}`;
        if (appended.length > MCP_LIMITS.maxTextChars) return fail('TOO_LARGE', 'The note would be too large.');
        note.markdown = appended;
      });
    },
    async editNote({ edits, ...write }) {
      calls.push(`edit ${write.docId}`);
      return revise(write, (note) => {
        const edited = applyTextEdits(note.markdown, edits);
        if (!edited.ok) return edited;
        note.markdown = edited.markdown;
      });
    },
    async saveDraft() {
      return fail('INTERNAL', 'drafts are the relay store’s (mcpDrafts)');
    },
    async listDrafts() {
      return { ok: true, drafts: [], nextCursor: null };
    },
    async moveNote({ docId, path }) {
      calls.push(`move ${docId}`);
      return change(docId, (note) => {
        if (taken(path, docId)) return fail('PATH_EXISTS', `${path} is taken.`);
        note.path = path;
      });
    },
    async deleteNote({ docId }) {
      calls.push(`delete ${docId}`);
      return change(docId, (note) => {
        note.trashed = true;
      });
    },
  };
  return { store, notes, calls };
}

function defaultNotes(): FakeNote[] {
  return [
    { docId: REFUNDS, path: 'Policies/Refunds.md', markdown: BODY },
    { docId: SECRET, path: 'HR/Layoffs refunds.md', markdown: 'refunds for the secret plan', readable: false },
    { docId: SCAN, path: 'Scans/Refunds form.pdf', markdown: 'Refunds form, scanned', kind: 'attachment' },
    { docId: 'ReadOnlyNoteId_0001', path: 'Archive/Old refunds.md', markdown: 'old', writable: false },
  ];
}

const rw = { readOnly: false };
const ro = { readOnly: true };

describe('callMcpTool: routing and input', () => {
  it('[MCP1] an unknown tool is UNKNOWN_TOOL, even one named like an inherited key', async () => {
    const { store } = makeStore();
    for (const name of ['nope', '__proto__', 'constructor']) {
      expect(await callMcpTool(name, {}, store, rw)).toMatchObject({ ok: false, code: 'UNKNOWN_TOOL' });
    }
  });

  it.each([
    ['create_note', { path: 'New.md', text: 'x' }],
    ['update_note', { docId: REFUNDS, text: 'x' }],
    ['append_note', { docId: REFUNDS, text: 'x' }],
    ['move_note', { docId: REFUNDS, path: 'Moved.md' }],
    ['delete_note', { docId: REFUNDS }],
  ])('[MCP1] %s by a read-only caller is READ_ONLY and never reaches the store', async (name, args) => {
    const { store, calls } = makeStore();
    expect(await callMcpTool(name, args, store, ro)).toMatchObject({ ok: false, code: 'READ_ONLY' });
    expect(await callMcpTool(name, { bogus: true }, store, ro)).toMatchObject({ code: 'READ_ONLY' });
    expect(calls).toEqual([]);
  });

  it.each(MCP_TOOLS.map((tool) => tool.name))('[MCP2] %s refuses a property its schema does not name', async (name) => {
    const { store, calls } = makeStore();
    const answer = await callMcpTool(name, { docId: REFUNDS, query: 'x', path: 'a.md', text: 'x', body: 1 }, store, rw);
    expect(answer).toMatchObject({ ok: false, code: 'INVALID_INPUT' });
    expect(calls).toEqual([]);
  });

  it.each([
    ['search_notes', { query: '' }, 'query'],
    ['search_notes', { query: '   ' }, 'query'],
    ['search_notes', { query: 'q'.repeat(501) }, 'query'],
    ['search_notes', { query: 'q', limit: 0 }, 'limit'],
    ['search_notes', { query: 'q', limit: 51 }, 'limit'],
    ['search_notes', { query: 'q', kind: 'folder' }, 'kind'],
    ['search_notes', {}, 'query'],
    ['read_note', { docId: 'short' }, 'docId'],
    ['read_note', { docId: `${REFUNDS}/..` }, 'docId'],
    ['read_note', { docId: REFUNDS, offset: -1 }, 'offset'],
    ['read_note', { docId: REFUNDS, offset: 1.5 }, 'offset'],
    ['read_note', { docId: REFUNDS, maxChars: 0 }, 'maxChars'],
    ['read_note', { docId: REFUNDS, maxChars: 100_001 }, 'maxChars'],
    ['read_note', { docId: REFUNDS, maxChars: '10' }, 'maxChars'],
    ['list_notes', { limit: 101 }, 'limit'],
    ['list_notes', { cursor: '' }, 'cursor'],
    ['create_note', { path: 'a.md' }, 'text'],
    ['create_note', { path: 'a.md', text: 42 }, 'text'],
  ])('[MCP2] %s %j is INVALID_INPUT naming %s', async (name, args, property) => {
    const answer = await callMcpTool(name, args, makeStore().store, rw);
    expect(answer).toMatchObject({ ok: false, code: 'INVALID_INPUT' });
    expect(answer.ok || answer.message).toContain(property);
  });

  it('[MCP2] arguments that are not an object are INVALID_INPUT; absent ones are {}', async () => {
    const { store } = makeStore();
    for (const args of [null, [], 'x', 3]) {
      expect(await callMcpTool('list_notes', args, store, ro)).toMatchObject({ code: 'INVALID_INPUT' });
    }
    expect(await callMcpTool('list_notes', undefined, store, ro)).toMatchObject({ ok: true });
  });

  it('[MCP2] defaults from the schema reach the store: search limit 10, list limit 50', async () => {
    const { store, calls } = makeStore();
    await callMcpTool('search_notes', { query: 'refunds' }, store, ro);
    await callMcpTool('list_notes', {}, store, ro);
    expect(calls).toEqual(['search {"query":"refunds","limit":10}', 'list {"limit":50}']);
  });

  it('[MCP2] text over the limit is TOO_LARGE; at the limit (in code points) it is accepted', async () => {
    const { store } = makeStore();
    const over = 'x'.repeat(MCP_LIMITS.maxTextChars + 1);
    expect(await callMcpTool('create_note', { path: 'Big.md', text: over }, store, rw)).toMatchObject({
      code: 'TOO_LARGE',
    });
    const emoji = '😀'.repeat(MCP_LIMITS.maxTextChars);
    expect(await callMcpTool('update_note', { docId: REFUNDS, text: emoji }, store, rw)).toMatchObject({ ok: true });
  });

  it('[MCP2] a path breaking a path rule is INVALID_PATH naming the rule; a valid one reaches the store in NFC', async () => {
    const { store, calls } = makeStore();
    expect(await callMcpTool('create_note', { path: 'Notes/Plan.txt', text: '' }, store, rw)).toMatchObject({
      code: 'INVALID_PATH',
      message: expect.stringContaining('PATH8'),
    });
    expect(await callMcpTool('move_note', { docId: REFUNDS, path: '../x.md' }, store, rw)).toMatchObject({
      code: 'INVALID_PATH',
    });
    expect(await callMcpTool('search_notes', { query: 'x', folder: 'a//b' }, store, ro)).toMatchObject({
      code: 'INVALID_PATH',
    });
    expect(calls).toEqual([]);
    await callMcpTool('create_note', { path: 'Cafe\u0301.md', text: '' }, store, rw);
    expect(calls).toEqual(['create Café.md']);
  });
});

describe('callMcpTool: reading', () => {
  it('[MCP3] search answers pointers with rounded scores, and no body text anywhere in the answer', async () => {
    const answer = await callMcpTool('search_notes', { query: 'refunds' }, makeStore().store, ro);
    expect(answer).toMatchObject({ ok: true });
    if (!answer.ok) return;
    expect(answer.structuredContent).toEqual({
      hits: [
        { docId: REFUNDS, title: 'Refunds', path: 'Policies/Refunds.md', kind: 'note', score: 2.457 },
        { docId: SCAN, title: 'Refunds form.pdf', path: 'Scans/Refunds form.pdf', kind: 'attachment', score: 1.228 },
        {
          docId: 'ReadOnlyNoteId_0001',
          title: 'Old refunds',
          path: 'Archive/Old refunds.md',
          kind: 'note',
          score: 0.819,
        },
      ],
    });
    expect(answer.text.split('\n')[0]).toBe(`1. Refunds — Policies/Refunds.md (${REFUNDS}, score 2.457)`);
    const serialized = JSON.stringify(answer);
    for (const secret of ['ZEBRA', '14 days', 'scanned', 'secret plan', 'Layoffs'])
      expect(serialized).not.toContain(secret);
  });

  it('[MCP3] search passes folder and kind to the store and cuts hits to the limit', async () => {
    const { store, calls } = makeStore();
    const answer = await callMcpTool(
      'search_notes',
      { query: 'refunds', limit: 1, kind: 'note', folder: 'Policies' },
      store,
      ro,
    );
    expect(answer.ok && answer.structuredContent).toEqual({ hits: [expect.objectContaining({ docId: REFUNDS })] });
    expect(calls).toEqual(['search {"query":"refunds","limit":1,"folder":"Policies","kind":"note"}']);
  });

  it('[MCP4] read_note pages a 100k-character note: 5 default pages that join to the note', async () => {
    const long = Array.from({ length: 100_000 / 4 }, (_, index) => (index % 7 === 0 ? '😀🎉' : 'abcd')).join('');
    const { store } = makeStore([{ docId: REFUNDS, path: 'Long.md', markdown: long }]);
    const texts: string[] = [];
    for (let offset = 0, truncated = true; truncated; ) {
      const answer = await callMcpTool('read_note', { docId: REFUNDS, offset }, store, ro);
      if (!answer.ok) throw new Error(answer.message);
      const page = answer.structuredContent as { text: string; offset: number; truncated: boolean; totalChars: number };
      expect(page.totalChars).toBe(long.length);
      texts.push(page.text);
      offset = page.offset + page.text.length;
      truncated = page.truncated;
      if (truncated) expect(answer.text.endsWith(`Call read_note with offset ${offset} for the rest.]`)).toBe(true);
      else expect(answer.text).toBe(page.text);
    }
    expect(texts).toHaveLength(5);
    expect(texts.join('')).toBe(long);
  });

  it('[MCP4] read_note answers where the note is and when it changed; an offset past the end is INVALID_INPUT', async () => {
    const { store } = makeStore();
    expect(await callMcpTool('read_note', { docId: REFUNDS, maxChars: 7 }, store, ro)).toEqual({
      ok: true,
      structuredContent: {
        docId: REFUNDS,
        title: 'Refunds',
        path: 'Policies/Refunds.md',
        text: 'Refunds',
        offset: 0,
        totalChars: BODY.length,
        truncated: true,
        revision: revisionOf(BODY),
        updatedAt: '2026-03-01T12:00:00.000Z',
      },
      text: `Refunds\n\n[Truncated: characters 0–7 of ${BODY.length}. Call read_note with offset 7 for the rest.]`,
    });
    expect(await callMcpTool('read_note', { docId: REFUNDS, offset: BODY.length + 1 }, store, ro)).toMatchObject({
      code: 'INVALID_INPUT',
    });
  });

  it('[MCP5] read_attachment_text reads attachments with their type; notes and attachments refuse the other tool', async () => {
    const { store } = makeStore();
    expect(await callMcpTool('read_attachment_text', { docId: SCAN }, store, ro)).toMatchObject({
      ok: true,
      structuredContent: { docId: SCAN, mimeType: 'application/pdf', text: 'Refunds form, scanned', truncated: false },
    });
    expect(await callMcpTool('read_attachment_text', { docId: REFUNDS }, store, ro)).toMatchObject({
      code: 'NOT_AN_ATTACHMENT',
    });
    expect(await callMcpTool('read_note', { docId: SCAN }, store, ro)).toMatchObject({ code: 'NOT_A_NOTE' });
  });

  it('[MCP5, ATT5] an attachment whose text is still being read, or could not be, says so instead of reading empty', async () => {
    const scan = (textStatus: 'pending' | 'failed' | 'none') =>
      makeStore([{ docId: SCAN, path: 'Scans/Form.pdf', markdown: '', kind: 'attachment', textStatus }]).store;
    const read = (textStatus: 'pending' | 'failed' | 'none') =>
      callMcpTool('read_attachment_text', { docId: SCAN }, scan(textStatus), ro);
    expect(await read('pending')).toMatchObject({ ok: false, code: 'TEXT_NOT_READY' });
    expect(await read('failed')).toMatchObject({
      ok: false,
      code: 'NO_TEXT',
      message: expect.stringContaining('damaged'),
    });
    expect(await read('none')).toMatchObject({
      ok: false,
      code: 'NO_TEXT',
      message: expect.stringContaining('application/pdf'),
    });
  });

  it('[MCP6] a note the caller may not read answers exactly like a missing one, for every tool', async () => {
    const { store } = makeStore();
    for (const tool of MCP_TOOLS.filter((each) => each.inputSchema.required?.includes('docId'))) {
      const properties = tool.inputSchema.properties ?? {};
      const args = {
        ...('text' in properties ? { text: 'x' } : {}),
        ...('path' in properties ? { path: 'X.md' } : {}),
        ...('edits' in properties ? { edits: [{ oldText: 'x', newText: 'y' }] } : {}),
      };
      const hidden = await callMcpTool(tool.name, { ...args, docId: SECRET }, store, rw);
      expect(hidden, tool.name).toEqual(await callMcpTool(tool.name, { ...args, docId: MISSING }, store, rw));
      expect(hidden, tool.name).toEqual({ ok: false, code: 'NOTE_NOT_FOUND', message: expect.any(String) });
      expect(JSON.stringify(hidden)).not.toContain('private');
    }
  });

  it("[MCP1] list_notes pages pointers with the store's cursor, and tells how to get more", async () => {
    const { store } = makeStore();
    const first = await callMcpTool('list_notes', { limit: 2 }, store, ro);
    expect(first).toMatchObject({ ok: true, structuredContent: { nextCursor: '2' } });
    expect(first.ok && first.text).toBe(
      `1. Old refunds — Archive/Old refunds.md (ReadOnlyNoteId_0001)\n2. Refunds — Policies/Refunds.md (${REFUNDS})\nMore: call list_notes with cursor "2".`,
    );
    const last = await callMcpTool('list_notes', { limit: 2, cursor: '2' }, store, ro);
    expect(last).toMatchObject({ ok: true, structuredContent: { nextCursor: null, notes: [{ docId: SCAN }] } });
    expect(await callMcpTool('list_notes', { cursor: 'x' }, store, ro)).toMatchObject({ code: 'INVALID_INPUT' });
  });
});
