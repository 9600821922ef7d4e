/** What the relay persists of note documents (the Yjs state); the tree lives in the vault service. */
export interface NoteStore {
  /** The stored Yjs state of a note, or null when the note has no document yet. */
  loadState(docId: string): Promise<Uint8Array | null>;
  /** Replaces a note's Yjs state in place; false (nothing written) when the note was purged (DOC2). */
  storeState(docId: string, state: Uint8Array, now: Date): Promise<boolean>;
  /** True when the note was purged; its document is never served or stored again (DOC2). */
  isRetired(docId: string): Promise<boolean>;
}
