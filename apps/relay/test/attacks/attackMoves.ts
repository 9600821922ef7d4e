import { formatNoteDocumentName } from '@baalda/core';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import fc from 'fast-check';
import { callTool, connectMcp } from '../mcpClients';
import type { TestRelay } from '../relays';
import { openAs } from '../syncAs';
import { randomId } from '../testVaults';
import { ATTACKERS, type Attacker, type Cast, mayRead, type World, type WorldNote } from './attackWorlds';

/** Where an attack is sent from: the vault the note is in, or the attacker's own vault (another vault). */
type From = 'world' | 'home';

/** One attack on a note (or a private folder) its attacker may not read, by one channel. */
export type Attack = { readonly world: number; readonly attacker: Attacker; readonly victim: number } & (
  | {
      readonly channel: 'op';
      readonly kind: 'createNote' | 'moveNote' | 'trashNote' | 'restoreNote' | 'purgeNote';
      readonly from: From;
    }
  | { readonly channel: 'folderOp'; readonly kind: 'trashFolder' | 'moveFolder' }
  | { readonly channel: 'upload'; readonly from: From }
  | {
      readonly channel: 'mcp';
      readonly tool:
        | 'read_note'
        | 'outline_note'
        | 'update_note'
        | 'append_note'
        | 'edit_note'
        | 'move_note'
        | 'delete_note';
      readonly from: From;
    }
  | { readonly channel: 'search'; readonly via: 'http' | 'mcp'; readonly from: From }
  | {
      readonly channel: 'read';
      readonly route: 'versions' | 'backlinks' | 'meta' | 'bytes' | 'text';
      readonly from: From;
    }
  | { readonly channel: 'sync'; readonly from: From }
  | { readonly channel: 'link'; readonly form: 'path' | 'name' }
  | { readonly channel: 'opIdReuse'; readonly from: From }
);

const from = fc.constantFrom<From>('world', 'world', 'home');

/** Attacks over every channel that names a note or folder: tree ops, uploads, MCP, search, reads, sync. */
export function attackArbitrary(worlds: number): fc.Arbitrary<Attack> {
  const target = fc.record({
    world: fc.nat({ max: worlds - 1 }),
    attacker: fc.constantFrom(...ATTACKERS),
    victim: fc.nat({ max: 50 }),
  });
  const channel = fc.oneof(
    {
      weight: 4,
      arbitrary: fc.record({
        channel: fc.constant('op' as const),
        kind: fc.constantFrom('createNote', 'moveNote', 'trashNote', 'restoreNote', 'purgeNote') as fc.Arbitrary<
          'createNote' | 'moveNote' | 'trashNote' | 'restoreNote' | 'purgeNote'
        >,
        from,
      }),
    },
    fc.record({
      channel: fc.constant('folderOp' as const),
      kind: fc.constantFrom('trashFolder', 'moveFolder') as fc.Arbitrary<'trashFolder' | 'moveFolder'>,
    }),
    fc.record({ channel: fc.constant('upload' as const), from }),
    {
      weight: 3,
      arbitrary: fc.record({
        channel: fc.constant('mcp' as const),
        tool: fc.constantFrom(
          'read_note',
          'outline_note',
          'update_note',
          'append_note',
          'edit_note',
          'move_note',
          'delete_note',
        ) as fc.Arbitrary<'read_note'>,
        from,
      }),
    },
    fc.record({
      channel: fc.constant('search' as const),
      via: fc.constantFrom('http', 'mcp') as fc.Arbitrary<'http'>,
      from,
    }),
    {
      weight: 2,
      arbitrary: fc.record({
        channel: fc.constant('read' as const),
        route: fc.constantFrom('versions', 'backlinks', 'meta', 'bytes', 'text') as fc.Arbitrary<'versions'>,
        from,
      }),
    },
    fc.record({ channel: fc.constant('sync' as const), from }),
    fc.record({ channel: fc.constant('opIdReuse' as const), from }),
    {
      weight: 2,
      arbitrary: fc.record({
        channel: fc.constant('link' as const),
        form: fc.constantFrom('path', 'name') as fc.Arbitrary<'path'>,
      }),
    },
  );
  return fc.tuple(target, channel).map(([t, c]) => ({ ...t, ...c }) as Attack);
}

/** The attack's answer about the hidden target, and the same request's answer about an absent one. */
export interface AttackAnswers {
  readonly description: string;
  /** What the relay answered about the hidden note or folder, its id and name replaced by a placeholder. */
  readonly hidden: unknown;
  /** What it answered about one that doesn't exist (or, for a create, an id purged long ago). */
  readonly absent: unknown;
}

/** Who attacks from where, and which note: one the attacker may not read, in the chosen vault. */
interface Aim {
  readonly token: string;
  readonly vaultId: string;
  readonly note: WorldNote | undefined;
}

/** Runs attacks against a relay; MCP clients are kept per token. */
export class AttackRunner {
  private readonly clients = new Map<string, Client>();

  constructor(
    private readonly relay: TestRelay,
    private readonly cast: Cast,
    private readonly worlds: readonly World[],
  ) {}

  async close(): Promise<void> {
    for (const client of this.clients.values()) await client.close();
  }

  /** Runs one attack and its absent twin; null when the attacker can read every note of that world. */
  async run(attack: Attack): Promise<AttackAnswers | null> {
    const world = this.worlds[attack.world] as World;
    const aim = this.aim(world, attack);
    if (attack.channel === 'folderOp') return this.folderOp(world, attack);
    if (attack.channel === 'link') return this.link(world, attack, aim);
    if (!aim.note) return null;
    const hiddenId = aim.note.docId;
    const absentId = attack.channel === 'op' && attack.kind === 'createNote' ? world.purgedId : randomId();
    const usedAbsentId = attack.channel === 'upload' ? world.purgedId : absentId;
    const description = `${attack.attacker} ${JSON.stringify(attack)} on ${aim.note.path}`;
    const hidden = await this.once(attack, aim, hiddenId, aim.note.secret);
    // An unknown id opens on the sync socket as a note its creator is about to make (ACL4), so the twin of a
    // sync attack is the refusal every unreadable note gets, with nothing of the note sent.
    const absent =
      attack.channel === 'sync'
        ? SYNC_REFUSAL
        : await this.once(
            attack,
            aim,
            usedAbsentId,
            `zqnobody${randomId()
              .replace(/[^a-z]/g, '')
              .slice(0, 6)}`,
          );
    return {
      description,
      hidden: scrub(hidden, [hiddenId, aim.note.secret]),
      absent: scrub(absent, [usedAbsentId, /zqnobody[a-z]*/g]),
    };
  }

  private aim(world: World, attack: Attack): Aim {
    const fromWorld = !('from' in attack) || attack.from === 'world';
    const worldToken = world.tokens[attack.attacker];
    if (fromWorld && worldToken) {
      const hidden = world.notes.filter((note) => !mayRead(world, attack.attacker, note.path));
      return {
        token: worldToken,
        vaultId: world.vault.vaultId,
        note: hidden[attack.victim % Math.max(1, hidden.length)],
      };
    }
    // From their own vault every note of the world is another vault's, readable there or not (DOC5).
    return {
      token: this.cast.homeTokens[attack.attacker],
      vaultId: this.cast.homeVaults[attack.attacker],
      note: world.notes[attack.victim % world.notes.length],
    };
  }

  private async once(attack: Attack, aim: Aim, docId: string, word: string): Promise<unknown> {
    switch (attack.channel) {
      case 'op':
        return this.op(aim, attack.kind, docId);
      case 'upload':
        return answerOf(
          await this.fetchAs(aim, `/attachments/${docId}?path=${encodeURIComponent('Inbox/upload.pdf')}`, {
            method: 'PUT',
            headers: { 'content-type': 'application/octet-stream' },
            body: '%PDF-1.4 probe',
          }),
        );
      case 'mcp':
        return this.mcp(aim, attack.tool, docId);
      case 'search':
        return attack.via === 'http'
          ? answerOf(await this.fetchAs(aim, `/search?q=${encodeURIComponent(word)}`))
          : (await callTool(await this.client(aim.token), 'search_notes', { query: word })).structured;
      case 'read':
        return answerOf(await this.fetchAs(aim, readRoute(attack.route, docId)));
      case 'sync':
        return this.sync(aim, docId);
      case 'opIdReuse':
        return this.reuseOpId(aim, docId === aim.note?.docId ? aim.note.createdBy : randomId());
      default:
        throw new Error(`no such channel: ${JSON.stringify(attack)}`);
    }
  }

  private async op(aim: Aim, kind: string, docId: string): Promise<unknown> {
    const op = { opId: randomId(), kind, docId, path: 'Inbox/Taken.md', createdAt: Date.UTC(2026, 11, 1) };
    const answer = await this.fetchAs(aim, '/ops', { method: 'POST', body: JSON.stringify({ ops: [op] }) });
    const body = (await answerOf(answer)) as { status: number; body: { results?: Array<Record<string, unknown>> } };
    for (const result of body.body.results ?? []) delete result.opId;
    return body;
  }

  // OP3, ACL9: an op sent under the id of the op that created the hidden note is an op of the sender's own,
  // answered as one under a fresh id; the stored outcome, which names the note's path, never comes back.
  private async reuseOpId(aim: Aim, opId: string): Promise<unknown> {
    const op = { opId, kind: 'trashNote', docId: 'nobodysNote00000001' };
    const answer = await answerOf(
      await this.fetchAs(aim, '/ops', { method: 'POST', body: JSON.stringify({ ops: [op] }) }),
    );
    for (const result of (answer.body as { results?: Array<Record<string, unknown>> }).results ?? [])
      delete result.opId;
    return answer;
  }

  private async folderOp(world: World, attack: Attack & { channel: 'folderOp' }): Promise<AttackAnswers | null> {
    const token = world.tokens[attack.attacker];
    const hidden = world.restrictions.filter(({ members }) => !members.has(attack.attacker));
    const folder = hidden[attack.victim % Math.max(1, hidden.length)]?.folder;
    if (!token || folder === undefined) return null;
    const aim = { token, vaultId: world.vault.vaultId, note: undefined };
    const absentFolder = `Absent${randomId()
      .replace(/[^A-Za-z]/g, '')
      .slice(0, 5)}`;
    const send = async (path: string) => {
      const op = {
        opId: randomId(),
        kind: attack.kind,
        path,
        ...(attack.kind === 'moveFolder' ? { newPath: 'Moved' } : {}),
      };
      const answer = await answerOf(
        await this.fetchAs(aim, '/ops', { method: 'POST', body: JSON.stringify({ ops: [op] }) }),
      );
      for (const result of (answer.body as { results?: Array<Record<string, unknown>> }).results ?? [])
        delete result.opId;
      return answer;
    };
    return {
      description: `${attack.attacker} ${attack.kind} on the private folder ${folder}`,
      hidden: scrub(await send(folder), [folder]),
      absent: scrub(await send(absentFolder), [absentFolder]),
    };
  }

  // LNK: a link to a note the writer can't read is stored and read back as a link to nothing, and the note it
  // lands in (read by everyone who reads the scratch note) never holds the hidden note's id.
  private async link(world: World, attack: Attack & { channel: 'link' }, aim: Aim): Promise<AttackAnswers | null> {
    const scratch = world.scratch[attack.attacker];
    if (!scratch || !aim.note || aim.vaultId !== world.vault.vaultId) return null;
    const target = aim.note.path.replace(/\.md$/, '');
    const absent = `Nowhere${randomId()
      .replace(/[^A-Za-z]/g, '')
      .slice(0, 5)}/${target.split('/').pop()}x`;
    const named = (path: string) => (attack.form === 'path' ? path : (path.split('/').pop() as string));
    const writeAndRead = async (path: string) => {
      const client = await this.client(aim.token);
      const written = await callTool(client, 'update_note', { docId: scratch, text: `See [[${named(path)}]].` });
      const read = await callTool(client, 'read_note', { docId: scratch });
      const session = await openAs(this.relay.syncUrl, aim.token, formatNoteDocumentName(scratch));
      const stored = JSON.stringify(session.doc.getXmlFragment('default').toJSON());
      session.destroy();
      return { written: written.isError, read: read.text, holdsId: stored.includes(aim.note?.docId ?? '-') };
    };
    return {
      description: `${attack.attacker} links [[${named(target)}]] from ${world.vault.vaultId}`,
      hidden: scrub(await writeAndRead(target), [named(target)]),
      absent: scrub(await writeAndRead(absent), [named(absent)]),
    };
  }

  private async mcp(aim: Aim, tool: string, docId: string): Promise<unknown> {
    const args: Record<string, unknown> = { docId };
    if (tool === 'update_note' || tool === 'append_note') args.text = 'planted';
    if (tool === 'edit_note') args.edits = [{ find: 'The', replace: 'A' }];
    if (tool === 'move_note') args.path = 'Inbox/Moved.md';
    const answer = await callTool(await this.client(aim.token), tool, args);
    return { isError: answer.isError, text: answer.text, structured: answer.structured };
  }

  private async sync(aim: Aim, docId: string): Promise<unknown> {
    const session = await openAs(this.relay.syncUrl, aim.token, formatNoteDocumentName(docId));
    try {
      return { synced: session.synced(), text: session.text(), refused: session.denials.length > 0 };
    } finally {
      session.destroy();
    }
  }

  private fetchAs(aim: Aim, route: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('authorization', `Bearer ${aim.token}`);
    if (init.body !== undefined && !headers.has('content-type')) headers.set('content-type', 'application/json');
    return fetch(`${this.relay.httpUrl}/api/vaults/${aim.vaultId}${route}`, { ...init, headers });
  }

  private async client(token: string): Promise<Client> {
    let client = this.clients.get(token);
    if (!client) {
      client = await connectMcp(this.relay.httpUrl, token);
      this.clients.set(token, client);
    }
    return client;
  }
}

const SYNC_REFUSAL = { synced: false, text: '', refused: true };

function readRoute(route: string, docId: string): string {
  if (route === 'versions' || route === 'backlinks') return `/notes/${docId}/${route}`;
  return `/attachments/${docId}${route === 'bytes' ? '' : `/${route}`}`;
}

async function answerOf(response: Response): Promise<{ status: number; body: unknown }> {
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) };
  } catch {
    return { status: response.status, body: text };
  }
}

// The answer with what names the target (its id, its secret word, its folder) replaced, so that the answers
// about a hidden target and an absent one can be compared as wholes.
function scrub(answer: unknown, names: ReadonlyArray<string | RegExp>): unknown {
  let text = JSON.stringify(answer) ?? 'undefined';
  for (const name of names)
    text = typeof name === 'string' ? text.split(name).join('<target>') : text.replace(name, '<target>');
  return JSON.parse(text);
}
