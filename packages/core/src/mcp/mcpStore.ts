import type { Result } from '../result';
import type { McpErrorCode } from './mcpErrors';
import type { TextEdit } from './textEdits';

/** What a note is to the tools: a Markdown note, or an attachment whose text was extracted. */
export type McpNoteKind = 'note' | 'attachment';

/** Where a note is, never what it says (SRCH3): what search and listing answer with. */
export interface McpNotePointer {
  readonly docId: string;
  /** TTL1: the file name without `.md`. */
  readonly title: string;
  readonly path: string;
  readonly kind: McpNoteKind;
}

/** A pointer with its search score (higher is better; core rounds it to 3 decimals). */
export interface McpSearchHit extends McpNotePointer {
  readonly score: number;
}

/** A search, already checked against search_notes' input schema; `folder` is a valid folder path in NFC. */
export interface McpSearchRequest {
  readonly query: string;
  readonly limit: number;
  readonly folder?: string;
  readonly kind?: McpNoteKind;
}

/** One page of a folder's notes, already checked against list_notes' input schema. */
export interface McpListRequest {
  readonly folder?: string;
  readonly limit: number;
  /** Opaque: whatever `nextCursor` of an earlier page said; the store decides what it means. */
  readonly cursor?: string;
}

/** A page of pointers; `nextCursor` is null on the last page. */
export interface McpNotePage {
  readonly notes: readonly McpNotePointer[];
  readonly nextCursor: string | null;
}

interface McpStoredFields {
  readonly docId: string;
  readonly title: string;
  readonly path: string;
  /** When the note's text last changed, ISO 8601 (`2026-03-01T12:00:00.000Z`). */
  readonly updatedAt: string;
}

/**
 * A readable note with its whole text: Markdown for a note, the extracted text for an attachment. Core
 * pages it (MCP4), so the store never needs to cut text.
 */
export type McpStoredNote =
  | (McpStoredFields & {
      readonly kind: 'note';
      readonly markdown: string;
      /** MCP13: names this Markdown; any change to the note's text gives another. */
      readonly revision: string;
    })
  | (McpStoredFields & {
      readonly kind: 'attachment';
      /** The extracted text when `textStatus` is `done`, else ''. */
      readonly markdown: string;
      readonly mimeType: string;
      /** ATT5: `pending` while it is read, `failed` (with `textProblem`), `none` for types without text. */
      readonly textStatus: 'done' | 'pending' | 'failed' | 'none';
      readonly textProblem?: string;
    });

/** Where a write left the note. */
export interface McpNoteWritten {
  readonly docId: string;
  readonly path: string;
}

/** Where a write to a note's text left it, and the revision of its text now (MCP13). */
export interface McpNoteRevised extends McpNoteWritten {
  readonly revision: string;
}

/** MCP16: a saved draft: the note it is (`draftId` is its docId), and whether this save started it. */
export interface McpDraftSaved extends McpNoteRevised {
  readonly draftId: string;
  readonly created: boolean;
}

/** MCP16: one of the caller's drafts, as list_drafts answers it. */
export interface McpDraftPointer {
  readonly docId: string;
  readonly title: string;
  readonly path: string;
  /** When it was last saved, ISO 8601. */
  readonly updatedAt: string;
}

/** MCP16: a page of drafts, newest first; `nextCursor` is null on the last page. */
export interface McpDraftPage {
  readonly drafts: readonly McpDraftPointer[];
  readonly nextCursor: string | null;
}

/** A write to a note's text; with `ifRevision`, only while the note's text still has that revision (MCP13). */
export interface McpTextWrite {
  readonly docId: string;
  readonly ifRevision?: string;
}

/** A store answer that can fail with a code from {@link McpErrorCode}. */
export type McpStoreResult<T> = Result<T, McpErrorCode>;

/**
 * What the MCP tools need from the vault, implemented by the relay and already scoped to one caller:
 * one token's user in one vault. Every method answers only what that caller may read (MCP6): a note it
 * may not read is `null` / `NOTE_NOT_FOUND` exactly like a missing one, and never shows up in search or
 * listing. Trashed notes are not found. Arguments arrive validated (schemas, path rules, NFC); the store
 * still decides everything that needs the vault: existence, permissions, collisions (`PATH_EXISTS`,
 * PATH10's folder spelling), sizes after an append (`TOO_LARGE`). A store throws only when it failed
 * (database down): `callMcpTool` lets that through, so the relay can log it and answer `INTERNAL`.
 */
export interface McpStore {
  /** Ranked pointers, best first, at most `limit`; a note the caller can't read is never a candidate. */
  search(request: McpSearchRequest): Promise<McpStoreResult<{ readonly hits: readonly McpSearchHit[] }>>;
  /** The note with its whole text, or null when it does not exist, is trashed or can't be read. */
  readNote(docId: string): Promise<McpStoredNote | null>;
  /** Pointers in `folder` (and below; the whole vault without one), at most `limit`, in a stable order. */
  listNotes(request: McpListRequest): Promise<McpStoreResult<McpNotePage>>;
  /** Creates a note; an occupied path is `PATH_EXISTS`, never a renamed copy. */
  createNote(request: { readonly path: string; readonly markdown: string }): Promise<McpStoreResult<McpNoteWritten>>;
  /**
   * Replaces the note's text as a minimal diff, so people editing it meanwhile keep their edits. This and the
   * other text writes check `ifRevision` against the live note in the same step as they write: a note
   * changed since is `REVISION_CHANGED`, its message naming the current revision, and nothing is written.
   */
  updateNote(request: McpTextWrite & { readonly markdown: string }): Promise<McpStoreResult<McpNoteRevised>>;
  /** Adds text at the end of the note (the store decides the separator, e.g. a blank line). */
  appendNote(request: McpTextWrite & { readonly markdown: string }): Promise<McpStoreResult<McpNoteRevised>>;
  /**
   * MCP14: applies `applyTextEdits` to the note's Markdown as it is at that moment and writes the result as
   * a minimal diff; an edit that can't apply writes nothing and is answered with its code.
   */
  editNote(request: McpTextWrite & { readonly edits: readonly TextEdit[] }): Promise<McpStoreResult<McpNoteRevised>>;
  /**
   * MCP16: without `draftId`, a new note in the drafts folder named from `title` (the first free
   * `Name.md`, `Name 2.md`…), remembered as this caller's draft. With it, that draft revised in place: its
   * text before is kept as a version (`draft-revision`), then made `markdown` as a minimal diff; a draft
   * that isn't the caller's, is trashed or has left the drafts folder is `DRAFT_NOT_FOUND`.
   */
  saveDraft(request: {
    readonly title: string;
    readonly markdown: string;
    readonly draftId?: string;
  }): Promise<McpStoreResult<McpDraftSaved>>;
  /** MCP16: the caller's live drafts still in the drafts folder, newest first. */
  listDrafts(request: { readonly limit: number; readonly cursor?: string }): Promise<McpStoreResult<McpDraftPage>>;
  /** Moves or renames the note; a taken path is `PATH_EXISTS` (CN4). */
  moveNote(request: { readonly docId: string; readonly path: string }): Promise<McpStoreResult<McpNoteWritten>>;
  /** Moves the note to the trash (TR1); it can be restored. */
  deleteNote(request: { readonly docId: string }): Promise<McpStoreResult<McpNoteWritten>>;
}
