import { createHash, randomBytes } from 'node:crypto';
import {
  applyTextEdits,
  DOC_ID_LENGTH,
  docIdFromRandomBytes,
  entryKindOf,
  MCP_LIMITS,
  type McpNoteRevised,
  type McpNoteWritten,
  type McpStore,
  type McpStoredNote,
  type McpStoreResult,
  type McpTextWrite,
  titleFromPath,
  type VaultOp,
  validateNotePath,
} from '@baalda/core';
import {
  appendMarkdown,
  applyMarkdownEdit,
  MARKDOWN_EDIT_ORIGIN,
  markdownOfDocument,
  type NoteLinkResolver,
} from '@baalda/markdown';
import type { Hocuspocus } from '@hocuspocus/server';
import type * as Y from 'yjs';
import type { VaultGuard } from '../access/vaultGuard';
import type { AttachmentService } from '../attachments/attachmentService';
import type { SearchAnswer, SearchRequest } from '../search/searchService';
import type { NoteStore } from '../store/noteStore';
import type { DraftRecords } from '../vault/draftRecords';
import type { ReadableNote, VaultReader } from '../vault/vaultReader';
import type { VaultService } from '../vault/vaultService';
import type { Capture } from '../versions/versionStore';
import { type DraftContext, listDrafts, saveDraft } from './mcpDrafts';
import { readNoteDocument, withNoteDocument } from './noteDocuments';
import { outcomeAsResult } from './opOutcomes';
import { vaultLinkResolver } from './vaultLinks';

/** What the MCP store uses of the relay. */
export interface McpStoreDependencies {
  /** The caller's reads of the vault (ACL5 in every one). */
  readonly reader: VaultReader;
  readonly draftRecords: DraftRecords;
  /** VC5: keeps a version of a note's text, within VC3's cap. */
  readonly keepVersion: (capture: Capture) => Promise<void>;
  readonly hocuspocus: Hocuspocus;
  /** Stored note states, for reading a note nobody has open. */
  readonly notes: NoteStore;
  readonly vaults: VaultService;
  /** ATT7: attachments' extracted text for read_attachment_text. */
  readonly attachments: AttachmentService;
  readonly search: (request: SearchRequest) => Promise<SearchAnswer>;
  readonly clock: () => Date;
  /** MCP16: where save_draft puts drafts. */
  readonly draftsFolder: string;
}

/**
 * MCP5: core's McpStore for one caller in one vault. Every answer goes through the caller's guard: a
 * note it may not read is `null` / NOTE_NOT_FOUND, exactly like one that does not exist (trashed notes
 * too); writes go through the same tree ops (ACL7) and the same live documents as people's edits.
 */
export function createRelayMcpStore(
  deps: McpStoreDependencies,
  caller: { readonly vaultId: string; readonly userId: string },
  guard: VaultGuard,
): McpStore {
  const { vaultId } = caller;
  const readable = (docId: string) => deps.reader.readableNote(vaultId, docId, guard);
  const writable = async (docId: string) => {
    const note = await readable(docId);
    if (!note) return notFound();
    if (entryKindOf(note.path) === 'attachment') return notANote();
    return guard.canWrite(note.path) ? { ok: true as const, note } : forbidden();
  };
  // LNK8: a write names the note it writes, so its links resolve only to notes that note's readers may read.
  const linksNow = (notePath?: string) => vaultLinkResolver(deps.reader, vaultId, guard, notePath);
  const drafts: DraftContext = {
    records: deps.draftRecords,
    vaultId,
    userId: caller.userId,
    folder: deps.draftsFolder,
    clock: deps.clock,
    keepVersion: deps.keepVersion,
    hidden: guard.hidden,
    readablePath: async (docId) => (await readable(docId))?.path ?? null,
    isTaken: (path) => deps.reader.isPathTaken(vaultId, path),
    create: (path, markdown) => createAt(path, markdown),
    revise: async (docId, markdown, before) => {
      const found = await writable(docId);
      if (!found.ok) return found;
      const links = await linksNow(found.note.path);
      const revision = await withNoteDocument(deps.hocuspocus, docId, async ({ document, transact }) => {
        await before(document);
        await transact((doc) => applyMarkdownEdit(doc, markdown, MARKDOWN_EDIT_ORIGIN, links));
        return noteRevision(markdownOfDocument(document, links));
      });
      return { ok: true, docId, path: found.note.path, revision };
    },
    revisionOf: async (docId) => {
      const links = await linksNow();
      return readNoteDocument(deps.hocuspocus, deps.notes, docId, (doc) =>
        noteRevision(markdownOfDocument(doc, links)),
      );
    },
  };
  const runOp = async (op: VaultOp) => {
    const { results } = await deps.vaults.applyOps(vaultId, [op], deps.clock(), guard);
    return results[0];
  };
  return {
    search: async (request) => {
      const answer = await deps.search({ ...request, vaultId, hidden: guard.hidden });
      if (!answer.ok) return { ok: false, code: 'INVALID_INPUT', message: answer.message };
      return { ok: true, hits: answer.results.map((hit) => ({ ...hit, kind: entryKindOf(hit.path) })) };
    },
    readNote: async (docId) => {
      const note = await readable(docId);
      if (!note) return null;
      if (entryKindOf(note.path) === 'attachment') return readAttachment(deps.attachments, docId, note);
      const links = await linksNow();
      const markdown = await readNoteDocument(deps.hocuspocus, deps.notes, docId, (doc) =>
        markdownOfDocument(doc, links),
      );
      return {
        kind: 'note',
        docId,
        title: titleFromPath(note.path),
        path: note.path,
        markdown,
        revision: noteRevision(markdown),
        updatedAt: note.updatedAt,
      };
    },
    listNotes: (request) => deps.reader.listNotes({ ...request, vaultId, hidden: guard.hidden }),
    createNote: ({ path, markdown }) => createAt(path, markdown),
    updateNote: async ({ markdown, ...write }) =>
      reviseNote(write, (doc, links) => written(applyMarkdownEdit(doc, markdown, MARKDOWN_EDIT_ORIGIN, links))),
    appendNote: async ({ markdown, ...write }) =>
      reviseNote(write, (doc, links) => written(appendMarkdown(doc, markdown, MARKDOWN_EDIT_ORIGIN, links))),
    editNote: async ({ edits, ...write }) =>
      reviseNote(write, (doc, links, current) => {
        const edited = applyTextEdits(current(), edits);
        if (!edited.ok) return edited;
        if (edited.markdown.length > MCP_LIMITS.maxTextChars) return tooLarge();
        applyMarkdownEdit(doc, edited.markdown, MARKDOWN_EDIT_ORIGIN, links);
        return { ok: true };
      }),
    saveDraft: (request) => saveDraft(drafts, request),
    listDrafts: (request) => listDrafts(drafts, request),
    moveNote: async ({ docId, path }) => {
      const note = await readable(docId);
      if (!note) return notFound();
      const checked = validateNotePath(path);
      if (!checked.ok) return { ok: false, code: 'INVALID_PATH', message: `${checked.rule}: ${checked.message}` };
      const outcome = await runOp({ opId: opIdFor(docId, 'm'), kind: 'moveNote', docId, path: checked.path });
      return outcomeAsResult(outcome, { docId, path: checked.path });
    },
    deleteNote: async ({ docId }) => {
      const note = await readable(docId);
      if (!note) return notFound();
      const outcome = await runOp({ opId: opIdFor(docId, 'd'), kind: 'trashNote', docId });
      return outcomeAsResult(outcome, { docId, path: note.path });
    },
  };

  async function createAt(path: string, markdown: string): Promise<McpStoreResult<McpNoteWritten>> {
    const checked = validateNotePath(path);
    if (!checked.ok) return { ok: false, code: 'INVALID_PATH', message: `${checked.rule}: ${checked.message}` };
    if (!guard.canWrite(checked.path)) return forbiddenPath();
    if (await deps.reader.isPathTaken(vaultId, checked.path)) return pathExists(checked.path);
    const docId = docIdFromRandomBytes(randomBytes(DOC_ID_LENGTH));
    // The text first: the note appears in the tree already holding it.
    const links = await linksNow(checked.path);
    await withNoteDocument(deps.hocuspocus, docId, ({ transact }) =>
      transact((doc) => applyMarkdownEdit(doc, markdown, MARKDOWN_EDIT_ORIGIN, links)),
    );
    const createdAt = deps.clock().getTime();
    const outcome = await runOp({
      opId: opIdFor(docId, 'c'),
      kind: 'createNote',
      docId,
      path: checked.path,
      createdAt,
    });
    if (outcome?.ok && outcome.renamedFrom !== undefined) {
      // Someone took the path between the check and the op (CN1 kept both): not a silent copy (MCP6).
      await runOp({ opId: opIdFor(docId, 't'), kind: 'trashNote', docId });
      return pathExists(checked.path);
    }
    return outcomeAsResult(outcome, { docId, path: checked.path });
  }

  // MCP13: the revision is checked, the change made and the new revision taken in one transaction on the
  // live document, so nobody's edit can fall between the check and the write.
  async function reviseNote(
    { docId, ifRevision }: McpTextWrite,
    change: (doc: Y.Doc, links: NoteLinkResolver, current: () => string) => McpStoreResult<unknown>,
  ): Promise<McpStoreResult<McpNoteRevised>> {
    const found = await writable(docId);
    if (!found.ok) return found;
    const links = await linksNow(found.note.path);
    // Set inside the transaction; a holder, because TypeScript can't see a callback assign a local.
    const result: { outcome: McpStoreResult<{ revision: string }> } = { outcome: revisionChanged('') };
    await withNoteDocument(deps.hocuspocus, docId, ({ transact }) =>
      transact((doc) => {
        // Rendering a long note is the costly part: done only when a revision or an edit needs the text.
        let rendered: string | undefined;
        const current = () => {
          rendered ??= markdownOfDocument(doc, links);
          return rendered;
        };
        if (ifRevision !== undefined && noteRevision(current()) !== ifRevision) {
          result.outcome = revisionChanged(noteRevision(current()));
          return;
        }
        const changed = change(doc, links, current);
        result.outcome = changed.ok ? { ok: true, revision: noteRevision(markdownOfDocument(doc, links)) } : changed;
      }),
    );
    const { outcome } = result;
    return outcome.ok ? { ok: true, docId, path: found.note.path, revision: outcome.revision } : outcome;
  }
}

// ATT7: an attachment reads as its extracted text, with where reading it stands (ATT5).
async function readAttachment(
  attachments: AttachmentService,
  docId: string,
  note: ReadableNote,
): Promise<McpStoredNote | null> {
  const record = await attachments.records.find(docId);
  if (!record) return null;
  const done = record.extractionStatus === 'done';
  return {
    kind: 'attachment',
    docId,
    title: titleFromPath(note.path),
    path: note.path,
    markdown: done ? await attachments.records.text(docId) : '',
    mimeType: record.mimeType,
    textStatus: record.extractionStatus,
    ...(record.extractionReason ? { textProblem: record.extractionReason } : {}),
    updatedAt: note.updatedAt,
  };
}

// Op ids must be unique per op (OP3); a fresh random suffix keeps retried tool calls from replaying.
function opIdFor(docId: string, kind: string): string {
  return `mcp${kind}${docId.slice(0, 16)}${randomBytes(9).toString('base64url')}`;
}

/**
 * MCP13: a note's revision names its Markdown as read_note gives it: equal texts, equal revisions, on every
 * relay. SHA-256 cut to 132 bits, so two different texts practically never share one.
 */
export function noteRevision(markdown: string): string {
  return createHash('sha256').update(markdown).digest('base64url').slice(0, 22);
}

function written(_: unknown): { ok: true } {
  return { ok: true };
}

function revisionChanged(current: string): { ok: false; code: 'REVISION_CHANGED'; message: string } {
  return {
    ok: false,
    code: 'REVISION_CHANGED',
    message: `The note changed since that revision; it is now ${current}. Read it again, then write.`,
  };
}

function tooLarge(): { ok: false; code: 'TOO_LARGE'; message: string } {
  return {
    ok: false,
    code: 'TOO_LARGE',
    message: `The edited note would be over ${MCP_LIMITS.maxTextChars} characters.`,
  };
}

function notFound(): { ok: false; code: 'NOTE_NOT_FOUND'; message: string } {
  return { ok: false, code: 'NOTE_NOT_FOUND', message: 'No note has that id.' };
}

function notANote(): { ok: false; code: 'NOT_A_NOTE'; message: string } {
  return { ok: false, code: 'NOT_A_NOTE', message: 'That is an attachment; its text can be read, not changed.' };
}

function forbidden(): { ok: false; code: 'FORBIDDEN'; message: string } {
  return { ok: false, code: 'FORBIDDEN', message: 'You may read this note but not change it.' };
}

// ACL9: the op's own words for a path the caller can't write, which may lie in a folder they can't see: it
// must not say "you may read" about something that, for them, does not exist.
function forbiddenPath(): { ok: false; code: 'FORBIDDEN'; message: string } {
  return { ok: false, code: 'FORBIDDEN', message: "You can't change anything there." };
}

function pathExists(path: string): { ok: false; code: 'PATH_EXISTS'; message: string } {
  return { ok: false, code: 'PATH_EXISTS', message: `A note already exists at ${path}.` };
}
