import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadAttachment } from '../attachmentUploads';
import { pgliteBackend } from '../backends';
import { callTool, connectMcp } from '../mcpClients';
import { addPerson, type Person } from '../people';
import { authedFetch, startTestRelay, type TestRelay } from '../relays';
import { setStoredPath } from '../storedRows';
import { randomId } from '../testVaults';

type Outcome = { ok: boolean; code?: string; message?: string; path?: string };

describe('attack: an editor names entries to deceive (PATH13–PATH15)', () => {
  let relay: TestRelay;
  let dispose: () => Promise<void>;
  let editor: Person;
  let mcp: Client;

  beforeAll(async () => {
    const database = await pgliteBackend.create();
    dispose = database.dispose;
    relay = await startTestRelay(database.target);
    editor = await addPerson(relay, 'bob', 'editor');
    mcp = await connectMcp(relay.httpUrl, editor.token);
  });

  afterAll(async () => {
    await mcp.close();
    await relay.close();
    await dispose();
  });

  async function postOps(ops: readonly Record<string, unknown>[]): Promise<Response> {
    return editor.fetch('/api/vaults/default/ops', { method: 'POST', body: JSON.stringify({ ops }) });
  }

  async function sendOps(ops: readonly Record<string, unknown>[]): Promise<Outcome[]> {
    const response = await postOps(ops);
    expect(response.status, await response.clone().text()).toBe(200);
    return ((await response.json()) as { results: Outcome[] }).results;
  }

  const createNote = (path: string) => ({
    opId: randomId(),
    kind: 'createNote',
    docId: randomId(),
    path,
    createdAt: Date.now(),
  });

  it('[PATH13] a lone surrogate in a path is a 400 PATH_INVALID, never a 500', async () => {
    // JSON.stringify writes a lone surrogate as the escape "\ud800", which JSON.parse reads back as one.
    for (const path of ['Bad\ud800.md', 'Folder\udc00/x.md']) {
      const outcomes = await sendOps([createNote(path)]);
      expect(outcomes[0], JSON.stringify(path)).toMatchObject({ ok: false, code: 'PATH_INVALID' });
      expect(outcomes[0]?.message).toMatch(/^PATH13: /);
    }
    const folder = await sendOps([{ opId: randomId(), kind: 'createFolder', path: 'Lone\ud83d' }]);
    expect(folder[0]).toMatchObject({ ok: false, code: 'PATH_INVALID' });
    const viaMcp = await callTool(mcp, 'create_note', { path: 'Half \ud83d emoji.md', text: 'x' });
    expect(viaMcp.isError).toBe(true);
    expect(viaMcp.text).toMatch(/PATH13/);
  });

  it('[PATH14] bidi controls and zero-width characters in names are refused', async () => {
    const upload = await uploadAttachment(relay, { token: editor.token }, { path: 'invoice\u202Efdp.exe', body: 'MZ' });
    expect(upload.status).toBe(400);
    const answer = (await upload.json()) as { error: { code: string; message: string } };
    expect(answer.error).toMatchObject({ code: 'PATH_INVALID' });
    expect(answer.error.message).toMatch(/^PATH14: /);
    await sendOps([{ opId: randomId(), kind: 'createFolder', path: 'HR' }]);
    const spoofs = [
      'H\u200bR/Layoffs.md',
      'H\u200cR/Layoffs.md',
      'H\u200dR/Layoffs.md',
      'HR\u2060/Plan.md',
      '\ufeffHR/Plan.md',
      'Pay\u00adroll.md',
      'report\u2066cod.exe\u2069.md',
      'a\u200eb.md',
      'a\u061cb.md',
      'H\ufe0fR/Plan.md',
    ];
    const outcomes = await sendOps(spoofs.map(createNote));
    outcomes.forEach((outcome, index) => {
      expect(outcome, JSON.stringify(spoofs[index])).toMatchObject({ ok: false, code: 'PATH_INVALID' });
      expect(outcome.message).toMatch(/^PATH14: /);
    });
    const viaMcp = await callTool(mcp, 'create_note', { path: 'H\u200bR/Layoffs.md', text: 'x' });
    expect(viaMcp.isError).toBe(true);
    expect(viaMcp.text).toMatch(/PATH14/);
  });

  it('[PATH15] a name mixing Latin with Cyrillic or Greek letters in one word (a homoglyph of "HR") is refused', async () => {
    const spoofs = ['\u041dR/Layoffs.md', 'Pay\u0440al.md', '\u0391pple.md', 'Invoice/p\u0430id.pdf.md'];
    const outcomes = await sendOps(spoofs.map(createNote));
    outcomes.forEach((outcome, index) => {
      expect(outcome, spoofs[index]).toMatchObject({ ok: false, code: 'PATH_INVALID' });
      expect(outcome.message).toMatch(/^PATH15: /);
    });
    const folder = await sendOps([{ opId: randomId(), kind: 'createFolder', path: '\u041dR' }]);
    expect(folder[0]).toMatchObject({ ok: false, code: 'PATH_INVALID' });
  });

  it('[PATH13–PATH15] names in one script, CJK with Latin, emoji sequences and Persian joiners are still accepted', async () => {
    const fine = [
      'Отчёты/Квартал 3.md',
      'Ελληνικά/Σημειώσεις.md',
      'メモ/会議 2026年 Q3.md',
      '한국어 Notes.md',
      '👩‍💻 Dev/❤️ Favourites.md',
      '👩🏽‍💻 Team.md',
      'کتاب‌ها.md',
      'Straße, Café & Co.md',
      'Δ report.md',
    ];
    const outcomes = await sendOps(fine.map(createNote));
    outcomes.forEach((outcome, index) => {
      expect(outcome, fine[index]).toMatchObject({ ok: true, path: fine[index] });
    });
  });
});

describe('names stored before PATH12–PATH15 still read (old data)', () => {
  it('[PATH12, PATH14, PATH15] such notes still list, read, and are found by search and listing within their folder', async () => {
    const database = await pgliteBackend.create();
    let relay = await startTestRelay(database.target);
    try {
      let mcp = await connectMcp(relay.httpUrl, relay.token);
      const stored = {
        'Zero/Quiet note.md': 'H\u200bR/Quiet note.md',
        'Mixed/Plan.md': '\u041dR/Plan.md',
        'Dot/Old.md': '.obsidian/Old.md',
      };
      const docIds = new Map<string, string>();
      for (const [path, legacy] of Object.entries(stored)) {
        const created = await callTool(mcp, 'create_note', { path, text: 'walrus quarterly figures' });
        docIds.set(String(created.structured?.docId), legacy);
      }
      await mcp.close();
      await relay.close();
      for (const [docId, path] of docIds) await setStoredPath(database.target, docId, path);
      relay = await startTestRelay(database.target);
      mcp = await connectMcp(relay.httpUrl, relay.token);
      const tree = (await (await authedFetch(relay, '/api/vaults/default/tree')).json()) as {
        notes: { path: string }[];
      };
      expect(tree.notes.map((note) => note.path).sort()).toEqual([...docIds.values()].sort());
      for (const [docId, path] of docIds) {
        const read = await callTool(mcp, 'read_note', { docId });
        expect(read.structured).toMatchObject({ path, text: 'walrus quarterly figures\n' });
        const folder = path.split('/')[0] ?? '';
        const listed = await callTool(mcp, 'list_notes', { folder });
        expect(listed.isError, listed.text).toBe(false);
        expect(listed.text).toContain(docId);
        const query = new URLSearchParams({ q: 'walrus', folder });
        const search = await authedFetch(relay, `/api/vaults/default/search?${query}`);
        expect(search.status, await search.clone().text()).toBe(200);
      }
      await mcp.close();
    } finally {
      await relay.close();
      await database.dispose();
    }
  });
});
