import type { VaultOpKind } from './vaultOps';

/** A note as the tree knows it. Times are ms since the epoch. */
export interface VaultNote {
  readonly docId: string;
  readonly path: string;
  readonly createdAt: number;
  readonly updatedAt: number;
  /** When it went to the trash; null while live. */
  readonly deletedAt: number | null;
  /** The note it collided with when it was renamed by CN1/CN5; null otherwise. */
  readonly conflictOf: string | null;
}

/**
 * What planning may ask about a vault. The relay answers from PostgreSQL inside a transaction, the web
 * app and tests from memory; planning itself does no I/O. Keys are {@link pathKey}s.
 */
export interface VaultView {
  noteById(docId: string): Promise<VaultNote | undefined>;
  liveNoteByKey(key: string): Promise<VaultNote | undefined>;
  /** Keys of live notes whose key starts with `prefix`. */
  liveKeysWithPrefix(prefix: string): Promise<Set<string>>;
  /** Live notes anywhere inside the folder. */
  liveNotesInFolder(folderKey: string): Promise<VaultNote[]>;
  /** The folder's path as spelled in the vault (an explicit folder, or one a live note lies in). */
  folderPathByKey(key: string): Promise<string | undefined>;
  /** Explicit (possibly empty) folders at or inside the folder. */
  explicitFoldersInFolder(folderKey: string): Promise<string[]>;
  trashedNotes(): Promise<VaultNote[]>;
  /** True for ids of this vault's purged notes, which are never used again (DOC2). */
  isRetired(docId: string): Promise<boolean>;
  /**
   * DOC5: true when a new note may not take this id although `noteById` finds none: it was purged (in any
   * vault), it names a note of another vault, or (in a caller's view) a note the caller can't read.
   */
  isDocIdTaken(docId: string): Promise<boolean>;
}

/** Stable codes an op can fail with; each maps to an HTTP status and a message at the edges. */
export type VaultOpErrorCode =
  | 'PATH_INVALID'
  | 'PATH_TAKEN'
  | 'NOTE_NOT_FOUND'
  | 'NOTE_IN_TRASH'
  | 'NOTE_NOT_IN_TRASH'
  /** Only in outcomes stored before DOC5; a create now answers DOC_ID_UNAVAILABLE instead. */
  | 'DOC_ID_RETIRED'
  /** DOC5: the id is purged, another vault's, or a note the caller can't read; one answer for all three. */
  | 'DOC_ID_UNAVAILABLE'
  | 'FOLDER_NOT_FOUND'
  | 'FOLDER_INTO_ITSELF'
  /** ACL4: the caller may not change something this op would change. */
  | 'FORBIDDEN';

/** What the client is told about one op. */
export type OpOutcome =
  | {
      readonly opId: string;
      readonly ok: true;
      readonly kind: VaultOpKind;
      readonly docId?: string;
      readonly path?: string;
      /** Set when CN1/CN5 gave the note another path than the one asked for. */
      readonly renamedFrom?: string;
      /** Notes affected by folder and trash ops. */
      readonly count?: number;
    }
  | {
      readonly opId: string;
      readonly ok: false;
      readonly kind: VaultOpKind;
      readonly code: VaultOpErrorCode;
      readonly message: string;
      /** The SPEC rule a PATH_INVALID names. */
      readonly rule?: string;
    };

/** What applying an op changes; an edge persists it in one transaction. */
export interface VaultChange {
  readonly putNotes: readonly VaultNote[];
  readonly purgeDocIds: readonly string[];
  readonly putFolders: readonly string[];
  readonly removeFolders: readonly string[];
  readonly outcome: OpOutcome;
}
