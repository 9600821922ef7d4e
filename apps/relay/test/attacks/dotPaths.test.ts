import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadAttachment } from '../attachmentUploads';
import { pgliteBackend } from '../backends';
import { callTool, connectMcp } from '../mcpClients';
import { addPerson, type Person } from '../people';
import { authedFetch, startTestRelay, type TestRelay } from '../relays';
import { randomId } from '../testVaults';

// A name starting with "." is something tools act on when the vault lands on a disk: `git status` runs
// `.git/config`'s fsmonitor, Obsidian loads `.obsidian/plugins`, the mirror reads `.baalda/state.json`.
const DOT_PATHS = [
  '.git/config',
  'Sub/.git/config',
  '.gitattributes',
  '.obsidian/plugins/x/main.js',
  '.baalda/state.json',
];

describe('attack: an editor plants dot paths in the vault (PATH12)', () => {
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

  async function sendOps(ops: readonly Record<string, unknown>[]) {
    const response = await editor.fetch('/api/vaults/default/ops', {
      method: 'POST',
      body: JSON.stringify({ ops }),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    return ((await response.json()) as { results: Array<{ ok: boolean; code?: string; message?: string }> }).results;
  }

  async function treePaths(): Promise<string[]> {
    const tree = (await (await authedFetch(relay, '/api/vaults/default/tree')).json()) as {
      notes: Array<{ path: string }>;
      folders: string[];
    };
    return [...tree.notes.map((note) => note.path), ...tree.folders];
  }

  it('[PATH12] an editor uploading `.git/config` with an fsmonitor command is refused with PATH_INVALID', async () => {
    for (const path of DOT_PATHS) {
      const response = await uploadAttachment(
        relay,
        { token: editor.token },
        {
          path,
          body: '[core]\n\tfsmonitor = "touch /tmp/baalda-pwned"\n',
        },
      );
      expect(response.status, path).toBe(400);
      const answer = (await response.json()) as { error: { code: string; message: string } };
      expect(answer.error.code, path).toBe('PATH_INVALID');
      expect(answer.error.message, path).toMatch(/^PATH12: /);
    }
    expect((await treePaths()).filter((path) => path.split('/').some((name) => name.startsWith('.')))).toEqual([]);
  });

  it('[PATH12] tree ops naming a dot path (create, move, folders) are refused with PATH_INVALID', async () => {
    const docId = randomId();
    const [created] = await sendOps([
      { opId: randomId(), kind: 'createNote', docId, path: 'Plugins/main.md', createdAt: Date.now() },
    ]);
    expect(created?.ok).toBe(true);
    const refused = await sendOps([
      {
        opId: randomId(),
        kind: 'createNote',
        docId: randomId(),
        path: '.obsidian/plugins/x.md',
        createdAt: Date.now(),
      },
      { opId: randomId(), kind: 'createNote', docId: randomId(), path: 'Sub/.hidden.md', createdAt: Date.now() },
      { opId: randomId(), kind: 'moveNote', docId, path: '.obsidian/main.md' },
      { opId: randomId(), kind: 'createFolder', path: '.git' },
      { opId: randomId(), kind: 'createFolder', path: 'Sub/.git/hooks' },
      { opId: randomId(), kind: 'moveFolder', path: 'Plugins', newPath: '.obsidian' },
    ]);
    for (const outcome of refused) {
      expect(outcome).toMatchObject({ ok: false, code: 'PATH_INVALID' });
      expect(outcome.message).toMatch(/^PATH12: /);
    }
    expect((await treePaths()).filter((path) => path.split('/').some((name) => name.startsWith('.')))).toEqual([]);
  });

  it('[PATH12] MCP create_note and move_note into a dot folder are refused', async () => {
    const created = await callTool(mcp, 'create_note', { path: '.obsidian/snippets/evil.md', text: 'x' });
    expect(created.isError).toBe(true);
    expect(created.text).toMatch(/PATH12/);
    const plain = await callTool(mcp, 'create_note', { path: 'Plain note.md', text: 'x' });
    expect(plain.isError).toBe(false);
    const docId = String(plain.structured?.docId);
    const moved = await callTool(mcp, 'move_note', { docId, path: '.github/workflows/run.md' });
    expect(moved.isError).toBe(true);
    expect(moved.text).toMatch(/PATH12/);
    expect(await treePaths()).toContain('Plain note.md');
  });
});
