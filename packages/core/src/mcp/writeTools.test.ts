import { describe, expect, it } from 'vitest';
import { findSchemaViolation } from '../contracts/schemaIssues';
import { fail } from '../result';
import { callMcpTool } from './callTool';
import { MCP_ERRORS, type McpErrorCode } from './mcpErrors';
import { MCP_OUTPUT_SCHEMAS } from './mcpSchemas';
import type { McpStore } from './mcpStore';
import { MCP_TOOLS } from './mcpTools';
import { renderToolError } from './renderAnswers';

const ALICE_NOTE = 'AliceNoteId_0000001';
const PLACE = { docId: ALICE_NOTE, path: 'Ideas/Plan.md' };
const unexpected = () => Promise.reject(new Error('not called in this test'));

/** A store whose every method fails the test unless the test gives it. */
function stubStore(methods: Partial<McpStore>): McpStore {
  return {
    search: unexpected,
    readNote: unexpected,
    listNotes: unexpected,
    createNote: unexpected,
    updateNote: unexpected,
    appendNote: unexpected,
    editNote: unexpected,
    saveDraft: unexpected,
    listDrafts: unexpected,
    moveNote: unexpected,
    deleteNote: unexpected,
    ...methods,
  };
}

const REVISION = 'RevisionAfterWrite0001';
const REVISED = { ...PLACE, revision: REVISION };
const EDITS = [{ oldText: 'v1', newText: 'v2' }];

const WRITES = [
  ['create_note', 'createNote', { path: 'Ideas/Plan.md', text: '# Plan' }, `Created Ideas/Plan.md (${ALICE_NOTE}).`],
  [
    'update_note',
    'updateNote',
    { docId: ALICE_NOTE, text: '# Plan v2', ifRevision: 'RevisionRead000000001' },
    `Updated Ideas/Plan.md (${ALICE_NOTE}). Revision ${REVISION}.`,
  ],
  [
    'append_note',
    'appendNote',
    { docId: ALICE_NOTE, text: '- one more' },
    `Appended to Ideas/Plan.md (${ALICE_NOTE}). Revision ${REVISION}.`,
  ],
  [
    'edit_note',
    'editNote',
    { docId: ALICE_NOTE, edits: EDITS, ifRevision: 'RevisionRead000000001' },
    `Edited Ideas/Plan.md (${ALICE_NOTE}). Revision ${REVISION}.`,
  ],
  ['move_note', 'moveNote', { docId: ALICE_NOTE, path: 'Ideas/Plan.md' }, `Moved to Ideas/Plan.md (${ALICE_NOTE}).`],
  ['delete_note', 'deleteNote', { docId: ALICE_NOTE }, `Moved to the trash: Ideas/Plan.md (${ALICE_NOTE}).`],
] as const;

describe('callMcpTool: writing', () => {
  it.each(WRITES)(
    '[MCP7, MCP13] %s hands the store its request and answers { docId, path } (and the revision it wrote)',
    async (name, method, args, text) => {
      const requests: unknown[] = [];
      const revises = text.includes('Revision');
      const store = stubStore({
        [method]: async (request: unknown) => {
          requests.push(request);
          return { ok: true, ...(revises ? REVISED : PLACE), extra: 'not passed on' };
        },
      });
      expect(await callMcpTool(name, args, store, { readOnly: false })).toEqual({
        ok: true,
        structuredContent: revises ? REVISED : PLACE,
        text,
      });
      const { text: markdown, ...rest } = args as { text?: string };
      expect(requests).toEqual([markdown === undefined ? rest : { ...rest, markdown }]);
    },
  );

  it.each(
    WRITES.flatMap(([name, method, args]) =>
      (['FORBIDDEN', 'PATH_EXISTS', 'TOO_LARGE', 'NOT_A_NOTE', 'RATE_LIMITED', 'INTERNAL'] as const).map(
        (code) => [name, method, args, code] as const,
      ),
    ),
  )("[MCP7] %s passes the store's %s through with its message", async (name, method, args, code) => {
    const store = stubStore({ [method]: async () => fail(code, `the store says ${code}`) });
    expect(await callMcpTool(name, args, store, { readOnly: false })).toEqual({
      ok: false,
      code,
      message: `the store says ${code}`,
    });
  });

  it.each(WRITES)(
    "[MCP6] %s answers NOTE_NOT_FOUND in core's words, whatever the store said",
    async (name, method, args) => {
      const store = stubStore({ [method]: async () => fail('NOTE_NOT_FOUND', "it is in Bob's private folder") });
      const answer = await callMcpTool(name, args, store, { readOnly: false });
      expect(answer).toMatchObject({ ok: false, code: 'NOTE_NOT_FOUND' });
      expect(JSON.stringify(answer)).not.toContain('Bob');
    },
  );

  it('[MCP1] a store that throws is not swallowed: the relay logs it and answers INTERNAL', async () => {
    const store = stubStore({ createNote: () => Promise.reject(new Error('database down')) });
    await expect(callMcpTool('create_note', { path: 'a.md', text: '' }, store, { readOnly: false })).rejects.toThrow(
      'database down',
    );
  });
});

describe('answers and errors', () => {
  it("[MCP10] every tool's success answer matches its own outputSchema", async () => {
    const note = {
      ...PLACE,
      title: 'Plan',
      updatedAt: '2026-03-01T12:00:00.000Z',
      markdown: `# Plan\n\n${'x'.repeat(30)}\n`,
      revision: REVISION,
    };
    const store = stubStore({
      search: async () => ({ ok: true, hits: [{ ...PLACE, title: 'Plan', kind: 'note', score: 1.23456 }] }),
      readNote: async (docId) =>
        docId === ALICE_NOTE ? { ...note, kind: 'note' } : { ...note, kind: 'attachment', mimeType: 'text/csv' },
      listNotes: async () => ({ ok: true, notes: [{ ...PLACE, title: 'Plan', kind: 'note' }], nextCursor: null }),
      saveDraft: async () => ({ ok: true, ...REVISED, draftId: ALICE_NOTE, created: true }),
      listDrafts: async () => ({
        ok: true,
        drafts: [{ ...PLACE, title: 'Plan', updatedAt: '2026-03-01T12:00:00.000Z', extra: 'not passed on' }],
        nextCursor: null,
      }),
      ...Object.fromEntries(WRITES.map(([, method]) => [method, async () => ({ ok: true, ...REVISED })])),
    });
    const calls: Record<string, unknown> = {
      search_notes: { query: 'plan' },
      read_note: { docId: ALICE_NOTE, maxChars: 10, section: 'Plan' },
      outline_note: { docId: ALICE_NOTE },
      read_attachment_text: { docId: 'AliceAttachment_001' },
      list_notes: {},
      list_drafts: {},
      save_draft: { title: 'Plan', text: '# Plan' },
      ...Object.fromEntries(WRITES.map(([name, , args]) => [name, args])),
    };
    for (const tool of MCP_TOOLS) {
      const answer = await callMcpTool(tool.name, calls[tool.name], store, { readOnly: false });
      if (!answer.ok) throw new Error(`${tool.name}: ${answer.message}`);
      // The zod schema is the one outputSchema publishes (publishedTools.test.ts).
      expect(MCP_OUTPUT_SCHEMAS[tool.name].safeParse(answer.structuredContent).error, tool.name).toBeUndefined();
    }
  });

  it('[MCP10] an answer with a property the output schema does not name would be caught', () => {
    const leaky = { hits: [{ ...PLACE, title: 'Plan', kind: 'note', score: 1, text: 'body' }] };
    const parsed = MCP_OUTPUT_SCHEMAS.search_notes.safeParse(leaky);
    expect(parsed.success || findSchemaViolation(parsed.error, leaky)).toMatchObject({
      keyword: 'additionalProperties',
    });
  });

  it('[MCP8] every code has a one-line message, and an error renders as "CODE: message"', () => {
    for (const [code, message] of Object.entries(MCP_ERRORS)) {
      expect(code).toMatch(/^[A-Z_]+$/);
      expect(message).not.toContain('\n');
    }
    const failure = fail<McpErrorCode>('PATH_EXISTS', 'Ideas/Plan.md is taken.');
    expect(renderToolError(failure)).toBe('PATH_EXISTS: Ideas/Plan.md is taken.');
  });
});
