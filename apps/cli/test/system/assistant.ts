import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { connectMcp } from 'baalda-relay/testing';
import { applyChange, blocksOf, newNoteText, pickChange, readMarkers, type TextChange } from './paragraphEdits';
import { noteKeyOf, type WriteLedger } from './writeLedger';

/** How a tool call ended: its answer, its refusal (`CODE: message`), or nothing heard (a cut, a dead relay). */
type Outcome =
  | { readonly kind: 'done'; readonly structured: Record<string, unknown> }
  | { readonly kind: 'refused'; readonly why: string }
  | { readonly kind: 'lost'; readonly why: string };

/** A write being made: the note as read, the marker it adds, and its guard (`ifRevision`) if any. */
interface Draft {
  readonly docId: string;
  readonly text: string;
  readonly note: string | null;
  readonly marker: string;
  readonly ifRevision: { ifRevision?: string };
}

interface AssistantOptions {
  readonly docIds: readonly string[];
  readonly random: () => number;
  readonly log: (line: string) => void;
}

const FOLDERS = ['Notes', 'Notes/Later', 'Plans'];
const NAMES = ['Plan.md', 'Ideas.md', 'Todo.md', 'Week.md', 'Summary.md'];
// A call is answered in milliseconds; one that hangs is a lost answer, not a reason to stall the run.
const CALL_TIMEOUT_MS = 15_000;

/**
 * An assistant on MCP (the official SDK's client, Streamable HTTP, through its own link): it reads notes
 * and writes them with `append_note`, `edit_note` and `update_note`, half the time guarded by `ifRevision`,
 * creates, moves and trashes notes, and lists the vault now and then to learn of notes made elsewhere.
 */
export class Assistant {
  private readonly known: string[];
  private queue: Promise<void> = Promise.resolve();
  private waiting = 0;

  private constructor(
    private readonly client: Client,
    private readonly ledger: WriteLedger,
    private readonly options: AssistantOptions,
  ) {
    this.known = [...options.docIds];
  }

  static async connect(url: string, token: string, ledger: WriteLedger, options: AssistantOptions) {
    return new Assistant(await connectMcp(url, token), ledger, options);
  }

  /**
   * Asks for one more action, done after those asked before, beside the run's other steps (an assistant
   * works at its own pace). Its choices come from its own seeded random, so a seed replays them.
   */
  async ask(): Promise<string> {
    // At most one action waits behind the running one: a slow assistant slows the run, not its share.
    if (this.waiting >= 2) await this.queue;
    this.waiting += 1;
    this.queue = this.queue.then(async () => {
      const did = await this.act(this.options.random);
      this.waiting -= 1;
      this.options.log(`assistant: ${did}`);
    });
    return 'assistant asked';
  }

  /** Resolves once every asked action is done. */
  idle(): Promise<void> {
    return this.queue;
  }

  async close(): Promise<void> {
    await this.client.close().catch(() => {});
  }

  /** One random call (or a read and a write); says what happened. */
  async act(random: () => number): Promise<string> {
    const roll = random();
    if (roll < 0.1) return this.list();
    if (roll < 0.2) return this.create(random);
    const docId = this.known[Math.floor(random() * this.known.length)] as string;
    if (roll < 0.27) return this.move(docId, random);
    if (roll < 0.32) return describe('delete_note', await this.call('delete_note', { docId }));
    return this.write(docId, random);
  }

  private async write(docId: string, random: () => number): Promise<string> {
    const read = await this.call('read_note', { docId });
    if (read.kind === 'refused' && read.why.startsWith('NOTE_NOT_FOUND')) this.forget(docId);
    if (read.kind !== 'done') return describe('read_note', read);
    const text = String(read.structured.text);
    // An assistant thinks between reading and writing: others' writes land meanwhile (REVISION_CHANGED).
    await new Promise((resolve) => setTimeout(resolve, Math.floor(random() * 300)));
    const guarded = random() < 0.5;
    const ifRevision = guarded ? { ifRevision: String(read.structured.revision) } : {};
    const draft: Draft = {
      docId,
      text,
      note: noteKeyOf(text),
      marker: this.ledger.nextMarker('assistant'),
      ifRevision,
    };
    const roll = random();
    if (roll < 0.3) {
      this.ledger.record({
        marker: draft.marker,
        writer: 'assistant',
        note: draft.note,
        root: null,
        status: 'unknown',
      });
      const args = { docId, text: draft.marker, ...ifRevision };
      return this.settle(draft.marker, 'append_note', await this.call('append_note', args));
    }
    const change = pickChange(text, draft.marker, random);
    if (change.kind !== 'remove') {
      const root = change.kind === 'amend' ? change.root : null;
      this.ledger.record({ marker: draft.marker, writer: 'assistant', note: draft.note, root, status: 'unknown' });
    }
    return roll < 0.65 ? this.edit(draft, change) : this.update(draft, change, random);
  }

  private async edit(draft: Draft, change: TextChange): Promise<string> {
    const edits = [editFor(draft.text, change)];
    const outcome = await this.call('edit_note', { docId: draft.docId, edits, ...draft.ifRevision });
    if (outcome.kind !== 'refused' && change.kind === 'remove')
      this.ledger.recordRemoval(change.root, { by: 'assistant', note: draft.note });
    return this.settle(draft.marker, `edit_note${guardOf(draft)} (${change.kind})`, outcome);
  }

  private async update(draft: Draft, change: TextChange, random: () => number): Promise<string> {
    const text = applyChange(draft.text, change, random);
    const outcome = await this.call('update_note', { docId: draft.docId, text, ...draft.ifRevision });
    if (outcome.kind !== 'refused' && change.kind === 'remove')
      this.ledger.recordRemoval(change.root, { by: 'assistant', note: draft.note });
    // Unguarded, the note becomes what was read plus the change: what others wrote since may go (MCP12).
    if (outcome.kind !== 'refused' && !draft.ifRevision.ifRevision) {
      const { note } = draft;
      const what = `the assistant's update_note of ${note}`;
      this.ledger.recordOverwrite({
        note,
        by: 'assistant',
        read: readMarkers(draft.text),
        answeredAt: Date.now(),
        what,
      });
    }
    return this.settle(draft.marker, `update_note${guardOf(draft)} (${change.kind})`, outcome);
  }

  private async create(random: () => number): Promise<string> {
    const path = `${pick(FOLDERS, random)}/${pick(NAMES, random)}`;
    const key = this.ledger.nextNoteKey();
    const marker = this.ledger.nextMarker('assistant');
    this.ledger.record({ marker, writer: 'assistant', note: key, root: null, status: 'unknown', opensNote: true });
    const outcome = await this.call('create_note', { path, text: newNoteText(key, marker) });
    if (outcome.kind === 'done') this.known.push(String(outcome.structured.docId));
    return this.settle(marker, `create_note ${path}`, outcome);
  }

  private async move(docId: string, random: () => number): Promise<string> {
    const path = `${pick(FOLDERS, random)}/${pick(NAMES, random)}`;
    return describe(`move_note to ${path}`, await this.call('move_note', { docId, path }));
  }

  private async list(): Promise<string> {
    const outcome = await this.call('list_notes', { limit: 100 });
    if (outcome.kind === 'done') {
      for (const note of outcome.structured.notes as Array<{ docId: string }>) {
        if (!this.known.includes(note.docId)) this.known.push(note.docId);
      }
    }
    return describe('list_notes', outcome);
  }

  // Trashed (or never made): listing the vault brings it back if it is restored.
  private forget(docId: string): void {
    const at = this.known.indexOf(docId);
    if (at >= 0 && this.known.length > 1) this.known.splice(at, 1);
  }

  private settle(marker: string, what: string, outcome: Outcome): string {
    if (outcome.kind === 'done') this.ledger.settle(marker, 'acknowledged');
    if (outcome.kind === 'refused') this.ledger.settle(marker, 'refused', outcome.why);
    return `${describe(what, outcome)} (${marker})`;
  }

  private async call(name: string, args: Record<string, unknown>): Promise<Outcome> {
    try {
      const result = await this.client.callTool({ name, arguments: args }, undefined, { timeout: CALL_TIMEOUT_MS });
      const content = (result.content ?? []) as Array<{ text?: string }>;
      const text = content.map((block) => block.text ?? '').join('\n');
      if (result.isError) return { kind: 'refused', why: text.slice(0, 200) };
      return { kind: 'done', structured: (result.structuredContent ?? {}) as Record<string, unknown> };
    } catch (error) {
      // LIM10's 429 is a refusal before anything was read; every other failure may have come after the write.
      if ((error as { code?: unknown }).code === 429) return { kind: 'refused', why: 'RATE_LIMITED (429)' };
      return { kind: 'lost', why: (error as Error).message.slice(0, 200) };
    }
  }
}

/** The one edit `edit_note` makes for `change`, anchored on whole lines so no other paragraph matches. */
function editFor(text: string, change: TextChange): { oldText: string; newText: string } {
  if (change.kind === 'insert') {
    const [heading = ''] = blocksOf(text);
    return { oldText: `${heading}\n`, newText: `${heading}\n\n${change.marker}\n` };
  }
  if (change.kind === 'remove') return { oldText: `\n\n${change.paragraph}\n`, newText: '\n' };
  const paragraph = blocksOf(text).find((block) => block.split(' ')[0] === change.root) as string;
  const amended = paragraph.replace(change.root, `${change.root} ${change.marker}`);
  return { oldText: `\n${paragraph}\n`, newText: `\n${amended}\n` };
}

function guardOf(draft: Draft): string {
  return draft.ifRevision.ifRevision ? ' (ifRevision)' : '';
}

function describe(what: string, outcome: Outcome): string {
  return outcome.kind === 'done' ? `${what}: done` : `${what}: ${outcome.kind} (${outcome.why})`;
}

function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)] as T;
}
