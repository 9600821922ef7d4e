import { formatNoteDocumentName } from '@baalda/core';
import { EDITOR_FRAGMENT, linkedDocIdsOf } from '@baalda/markdown';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { nextOpId, postOps } from '../apiBody';
import { pgliteBackend } from '../backends';
import { connectPeer } from '../clients';
import { callTool, connectMcp } from '../mcpClients';
import { addPerson, type Person } from '../people';
import { adminFetch, startTestRelay, type TestRelay } from '../relays';
import { untilAcknowledged } from '../testVaults';

// The probe's attack: resolving `[[name]]` against notes the writer can't read stored the hidden note's
// docId in a note others read — a right guess left a docId, a wrong one none — and a hidden note sharing a
// name made read_note write a longer name. Everything here is done as the attacker would: MCP tools and a
// real provider over the sync socket.
const SECRET = 'hrLayoffsList_00001';
const HR_DEEP = 'hrDeepNote_00000001';
const HR_NOTES = 'hrNotes_00000000001';
const DEEP = 'oracleDeepNote_0001';
const CREATED = Date.UTC(2026, 11, 5);

describe('attack: link resolution as an oracle for private folders (LNK6–LNK8)', () => {
  let relay: TestRelay;
  let dispose: () => Promise<void>;
  let bob: Person;
  let viewer: Person;
  let owner: Client;
  let bobMcp: Client;
  let viewerMcp: Client;
  let notes = 0;

  beforeAll(async () => {
    const database = await pgliteBackend.create();
    dispose = database.dispose;
    relay = await startTestRelay(database.target);
    await postOps(relay, [
      { opId: nextOpId(), kind: 'createNote', docId: SECRET, path: 'HR/Layoffs 2027 list.md', createdAt: CREATED },
      { opId: nextOpId(), kind: 'createNote', docId: HR_DEEP, path: 'HR/Deep.md', createdAt: CREATED },
      { opId: nextOpId(), kind: 'createNote', docId: HR_NOTES, path: 'HR/Notes.md', createdAt: CREATED },
      { opId: nextOpId(), kind: 'createNote', docId: DEEP, path: 'Oracle/Deep.md', createdAt: CREATED },
    ]);
    bob = await addPerson(relay, 'bob', 'editor');
    viewer = await addPerson(relay, 'victor', 'viewer');
    const restricted = await adminFetch(relay, '/api/admin/vaults/default/restrictions', {
      method: 'PUT',
      body: JSON.stringify({ path: 'HR', memberEmails: ['owner@baalda.test'] }),
    });
    expect(restricted.status).toBe(200);
    owner = await connectMcp(relay.httpUrl, relay.token);
    bobMcp = await connectMcp(relay.httpUrl, bob.token);
    viewerMcp = await connectMcp(relay.httpUrl, viewer.token);
  });

  afterAll(async () => {
    for (const client of [owner, bobMcp, viewerMcp]) await client.close();
    await relay.close();
    await dispose();
  });

  /** A new note in a folder everyone reads, created by `client` with `text`. */
  async function createAs(client: Client, text: string, folder = 'Team'): Promise<string> {
    notes += 1;
    const created = await callTool(client, 'create_note', { path: `${folder}/Note ${notes}.md`, text });
    expect(created.isError, created.text).toBe(false);
    return String(created.structured?.docId);
  }

  async function write(client: Client, tool: 'update_note' | 'append_note', docId: string, text: string) {
    const written = await callTool(client, tool, { docId, text });
    expect(written.isError, written.text).toBe(false);
  }

  async function readAs(client: Client, docId: string): Promise<string> {
    const read = await callTool(client, 'read_note', { docId });
    expect(read.isError, read.text).toBe(false);
    return String(read.structured?.text);
  }

  /** The docIds the note's Yjs document links to, as any reader's provider receives them. */
  async function storedLinks(docId: string): Promise<string[]> {
    const peer = await connectPeer({ syncUrl: relay.syncUrl, token: viewer.token }, formatNoteDocumentName(docId));
    const links = linkedDocIdsOf(peer.doc);
    peer.destroy();
    return links.sort();
  }

  it('[LNK6] attack: an editor outside HR writing [[Layoffs 2027 list]] with update_note stores no docId — a right guess reads like a wrong one', async () => {
    const docId = await createAs(bobMcp, 'Plans.');
    const text = 'Cuts: [[Layoffs 2027 list]] and [[Layoffs 2028 list]].\n';
    await write(bobMcp, 'update_note', docId, text);
    expect(await storedLinks(docId)).toEqual([]);
    expect(await readAs(bobMcp, docId)).toBe(text);
    expect(await readAs(viewerMcp, docId)).toBe(text);
  });

  it('[LNK6] attack: append_note, create_note and a whole path [[HR/Layoffs 2027 list]] resolve to nothing hidden either', async () => {
    const created = await createAs(bobMcp, 'See [[HR/Layoffs 2027 list]].');
    expect(await storedLinks(created)).toEqual([]);
    await write(bobMcp, 'append_note', created, 'And [[layoffs 2027 LIST]] and [[HR/Deep]].');
    expect(await storedLinks(created)).toEqual([]);
    const expected = 'See [[HR/Layoffs 2027 list]].\n\nAnd [[layoffs 2027 LIST]] and [[HR/Deep]].\n';
    expect(await readAs(bobMcp, created)).toBe(expected);
    expect(await readAs(viewerMcp, created)).toBe(expected);
  });

  it('[LNK6] attack: read_note shows a link to a visible note as typed, [[deep]], not [[Oracle/Deep]], when the only other Deep is hidden', async () => {
    const docId = await createAs(bobMcp, 'Go deeper: [[deep]].');
    expect(await storedLinks(docId)).toEqual([DEEP]);
    expect(await readAs(bobMcp, docId)).toBe('Go deeper: [[deep]].\n');
    expect(await readAs(viewerMcp, docId)).toBe('Go deeper: [[deep]].\n');
    // The owner sees both Deeps, and `deep` reads as HR's (the shorter path), so the name must say which.
    expect(await readAs(owner, docId)).toBe('Go deeper: [[Oracle/Deep]].\n');
  });

  it('[LNK6] attack: [[Deep]] written by an editor who can’t see HR/Deep points at the Deep they can see', async () => {
    const docId = await createAs(bobMcp, 'Go deeper: [[Deep]].');
    expect(await storedLinks(docId)).toEqual([DEEP]);
  });

  it('[LNK8] attack: a link the owner writes to a private note, in a note everyone reads, keeps only its text', async () => {
    const docId = await createAs(owner, 'Before.');
    await write(owner, 'update_note', docId, 'Owner: see [[Layoffs 2027 list]].');
    expect(await storedLinks(docId)).toEqual([]);
    await write(owner, 'append_note', docId, 'And [[HR/Deep]].');
    expect(await storedLinks(docId)).toEqual([]);
    expect(await readAs(bobMcp, docId)).toBe('Owner: see [[Layoffs 2027 list]].\n\nAnd [[HR/Deep]].\n');
  });

  it('[LNK8] inside HR the owner’s links keep their docIds, to HR notes and to notes everyone reads', async () => {
    await write(owner, 'update_note', HR_NOTES, 'See [[Layoffs 2027 list]] and [[Oracle/Deep]].');
    const peer = await connectPeer(relay, formatNoteDocumentName(HR_NOTES));
    expect(linkedDocIdsOf(peer.doc).sort()).toEqual([DEEP, SECRET].sort());
    peer.destroy();
  });

  it('[LNK6, LNK8] attack: a [[link]] an editor plants over sync is not resolved to the hidden note when the owner edits its paragraph', async () => {
    const docId = await createAs(bobMcp, 'Start.');
    const peer = await connectPeer({ syncUrl: relay.syncUrl, token: bob.token }, formatNoteDocumentName(docId));
    // As the web's editor makes a typed `[[Name]]` its directory can't resolve: a noteLink with no docId.
    peer.doc.transact(() => appendLinkParagraph(peer.doc, { target: 'Layoffs 2027 list' }, 'is due soon'));
    await untilAcknowledged(peer);
    peer.destroy();
    const before = await readAs(owner, docId);
    expect(before).toBe('Start.\n\nBudget: [[Layoffs 2027 list]] is due soon\n');
    await write(owner, 'update_note', docId, before.replace('soon', 'today'));
    expect(await storedLinks(docId)).toEqual([]);
    expect(await readAs(bobMcp, docId)).toBe('Start.\n\nBudget: [[Layoffs 2027 list]] is due today\n');
  });

  it('[LNK7] an edit through MCP keeps a link to a note the editor can’t see, even beside a visible note of that name', async () => {
    const docId = await createAs(bobMcp, 'Start.');
    const peer = await connectPeer(relay, formatNoteDocumentName(docId));
    // The owner's browser linked the hidden HR/Deep here, by its docId, picked as "Deep".
    peer.doc.transact(() => appendLinkParagraph(peer.doc, { target: 'Deep', docId: HR_DEEP }, 'is the plan'));
    await untilAcknowledged(peer);
    peer.destroy();
    const before = await readAs(bobMcp, docId);
    expect(before).toBe('Start.\n\nBudget: [[Deep]] is the plan\n');
    await write(bobMcp, 'update_note', docId, `${before.replace('the plan', 'our plan')}\nMine: [[Deep]]\n`);
    const peerAfter = await connectPeer(relay, formatNoteDocumentName(docId));
    const links = linksOf(peerAfter.doc);
    peerAfter.destroy();
    expect(links).toEqual([HR_DEEP, DEEP]);
    expect(await readAs(bobMcp, docId)).toBe('Start.\n\nBudget: [[Deep]] is our plan\n\nMine: [[Deep]]\n');
  });

  it('[LNK6, BL2] a hidden docId planted over sync reads as its written name to those who can’t read it; its backlinks answer as absent', async () => {
    const docId = await createAs(bobMcp, 'Start.');
    const peer = await connectPeer({ syncUrl: relay.syncUrl, token: bob.token }, formatNoteDocumentName(docId));
    peer.doc.transact(() => appendLinkParagraph(peer.doc, { target: 'Anything', docId: SECRET }, 'here'));
    await untilAcknowledged(peer);
    peer.destroy();
    expect(await readAs(bobMcp, docId)).toBe('Start.\n\nBudget: [[Anything]] here\n');
    expect(await readAs(viewerMcp, docId)).toBe('Start.\n\nBudget: [[Anything]] here\n');
    const hidden = await bob.fetch(`/api/vaults/default/notes/${SECRET}/backlinks`);
    const absent = await bob.fetch('/api/vaults/default/notes/noSuchNoteAtAll0001/backlinks');
    expect(hidden.status).toBe(404);
    expect(await hidden.json()).toEqual({
      error: { code: 'NOTE_NOT_FOUND', message: 'No note "hrLayoffsList_00001" in this vault.' },
    });
    expect(absent.status).toBe(404);
  });

  it('[LNK6] property: whatever names of hidden, absent and visible notes an editor writes, only the visible ones resolve and all read back as written', async () => {
    const docId = await createAs(bobMcp, 'Start.');
    const hidden = ['Layoffs 2027 list', 'HR/Layoffs 2027 list', 'HR/Deep', 'HR/Notes', 'Notes'];
    const absent = ['Layoffs 2026 list', 'HR/Salaries', 'HR/Deeper', 'Nowhere'];
    const visible = new Map([
      ['Deep', DEEP],
      ['Oracle/Deep', DEEP],
    ]);
    const names = fc.constantFrom(...hidden, ...absent, ...visible.keys());
    await fc.assert(
      fc.asyncProperty(fc.array(names, { minLength: 1, maxLength: 6 }), async (chosen) => {
        const text = `${chosen.map((name) => `[[${name}]]`).join(' ')}\n`;
        await write(bobMcp, 'update_note', docId, text);
        const expected = [...new Set(chosen.flatMap((name) => visible.get(name) ?? []))];
        expect(await storedLinks(docId)).toEqual(expected);
        expect(await readAs(bobMcp, docId)).toBe(text);
      }),
      { numRuns: 25, seed: 42 },
    );
  });
});

/** Appends `Budget: <noteLink> <after>` as Tiptap's editor writes it. */
function appendLinkParagraph(doc: Y.Doc, link: { target: string; docId?: string }, after: string): void {
  const paragraph = new Y.XmlElement('paragraph');
  const element = new Y.XmlElement('noteLink');
  element.setAttribute('target', link.target);
  if (link.docId) element.setAttribute('docId', link.docId);
  paragraph.insert(0, [new Y.XmlText('Budget: '), element, new Y.XmlText(` ${after}`)]);
  const fragment = doc.getXmlFragment(EDITOR_FRAGMENT);
  fragment.insert(fragment.length, [paragraph]);
}

/** Every link's docId in document order (a link listed each time it appears). */
function linksOf(doc: Y.Doc): string[] {
  const found: string[] = [];
  const visit = (parent: Y.XmlFragment | Y.XmlElement): void => {
    for (const child of parent.toArray()) {
      if (!(child instanceof Y.XmlElement)) continue;
      const docId = child.nodeName === 'noteLink' ? child.getAttribute('docId') : undefined;
      if (typeof docId === 'string') found.push(docId);
      visit(child);
    }
  };
  visit(doc.getXmlFragment(EDITOR_FRAGMENT));
  return found;
}
