import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { linkedDocIdsOf } from '@baalda/markdown';
import * as Y from 'yjs';
import { writeFileAtomically } from '../files/atomicWrite';
import { ChangedNotes } from './changedNotes';
import { FILES_AT_ONCE, forEachConcurrently } from './concurrently';
import { DISK_EDIT_ORIGIN } from './markdownMerge';
import type { MirrorLayout } from './mirrorLayout';
import type { NoteLink, SyncConnection } from './syncConnection';

/** A note's live document (everything known here: the relay's edits and the files'), with its provider. */
export interface NoteDoc {
  readonly docId: string;
  readonly doc: Y.Doc;
  readonly link: NoteLink;
}

/**
 * The notes' Yjs documents, one provider each, persisted in `.baalda/docs/` (MIR8): `<docId>.yjs` is the
 * live state, written atomically after changes, so edits made offline survive a restart; `<docId>.base.yjs`
 * is the state the note's file was last written from or agreed with (MIR3).
 */
export class NoteDocs {
  private readonly notes = new Map<string, NoteDoc>();
  private readonly unsaved = new Set<string>();
  private readonly links = new Map<string, readonly string[]>();
  /** Notes the relay changed since their file was last compared with them (MIR14). */
  readonly relayChanged = new ChangedNotes();

  constructor(
    private readonly layout: MirrorLayout,
    private readonly connection: SyncConnection,
    private readonly onRelayChange: () => void,
  ) {}

  /** The note's document, loaded from disk and linked to the relay on first use. */
  async open(docId: string): Promise<NoteDoc> {
    const known = this.notes.get(docId);
    if (known) return known;
    const saved = await readFile(this.livePath(docId)).catch(() => null);
    if (this.notes.has(docId)) return this.notes.get(docId) as NoteDoc;
    const doc = new Y.Doc();
    if (saved) Y.applyUpdate(doc, saved);
    doc.on('update', (_update: Uint8Array, origin: unknown) => this.heard(docId, origin));
    const note = { docId, doc, link: this.connection.linkNote(docId, doc) };
    this.notes.set(docId, note);
    return note;
  }

  /** LNK4: the docIds the note links to, worked out again only after its document changed. */
  linkedDocIdsOf(docId: string): readonly string[] {
    const note = this.notes.get(docId);
    if (!note) return [];
    const known = this.links.get(docId);
    if (known) return known;
    const linked = linkedDocIdsOf(note.doc);
    this.links.set(docId, linked);
    return linked;
  }

  get(docId: string): NoteDoc | undefined {
    return this.notes.get(docId);
  }

  all(): NoteDoc[] {
    return [...this.notes.values()];
  }

  /** Writes the live state now (before anything on disk may claim to derive from it). */
  async saveLive(docId: string): Promise<void> {
    const note = this.notes.get(docId);
    if (!note) return;
    this.unsaved.delete(docId);
    await writeFileAtomically(this.livePath(docId), Y.encodeStateAsUpdate(note.doc), { tempDir: this.layout.tmp });
  }

  /** Writes every live state changed since it was last written. */
  async saveChanged(): Promise<void> {
    await forEachConcurrently([...this.unsaved], FILES_AT_ONCE, (docId) => this.saveLive(docId));
  }

  async readBase(docId: string): Promise<Uint8Array | null> {
    return readFile(this.basePath(docId)).catch(() => null);
  }

  async saveBase(docId: string, state: Uint8Array): Promise<void> {
    await writeFileAtomically(this.basePath(docId), state, { tempDir: this.layout.tmp });
  }

  /** Stops syncing a note and, with `deleteState`, forgets it here (the relay keeps its own copy). */
  async close(docId: string, deleteState: boolean): Promise<void> {
    const note = this.notes.get(docId);
    this.notes.delete(docId);
    this.links.delete(docId);
    this.relayChanged.delete(docId);
    note?.link.close();
    note?.doc.destroy();
    if (deleteState) {
      this.unsaved.delete(docId);
      await Promise.all([rm(this.livePath(docId), { force: true }), rm(this.basePath(docId), { force: true })]);
    } else if (note && this.unsaved.has(docId)) await this.saveLive(docId);
  }

  async closeAll(): Promise<void> {
    await this.saveChanged();
    for (const docId of [...this.notes.keys()]) await this.close(docId, false);
  }

  private heard(docId: string, origin: unknown): void {
    this.unsaved.add(docId);
    this.links.delete(docId);
    if (origin === DISK_EDIT_ORIGIN) return;
    this.relayChanged.add(docId);
    this.onRelayChange();
  }

  private livePath(docId: string): string {
    return join(this.layout.docs, `${docId}.yjs`);
  }

  private basePath(docId: string): string {
    return join(this.layout.docs, `${docId}.base.yjs`);
  }
}
