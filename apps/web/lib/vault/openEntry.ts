import { entryKindOf, type VaultNote } from '@baalda/core';
import type { PendingUpload, UploadQueueState } from '../uploads/uploadTypes';
import type { VaultState } from './vaultStoreTypes';

/** What the `?note=` id names, which decides what the main column shows. */
export type OpenEntry =
  | { readonly kind: 'none' }
  /** This device's tree or upload queue is still being read: too early to tell a note from a file. */
  | { readonly kind: 'waiting' }
  /** A note, or an id the tree doesn't know (yet): the relay's sync decides whether it may be read. */
  | { readonly kind: 'note' }
  | { readonly kind: 'attachment'; readonly entry: VaultNote; readonly trashed: boolean }
  | { readonly kind: 'upload'; readonly upload: PendingUpload };

/**
 * PATH11: an id is an attachment when the tree (live or trash) holds it under a non-".md" name, a file
 * waiting for upload when the queue holds it, and a note otherwise. The relay refuses a sync document for
 * an attachment, so nothing may open a note session for one: until both this device's tree and queue are
 * read, the answer is `waiting`. `known` holds attachments seen elsewhere (a search hit) the tree has not
 * fetched yet.
 */
export function resolveOpenEntry(
  openId: string | null,
  tree: Pick<VaultState, 'ready' | 'notes' | 'trash'>,
  uploads: UploadQueueState,
  known: ReadonlyMap<string, VaultNote> = new Map(),
): OpenEntry {
  if (openId === null) return { kind: 'none' };
  const live = tree.notes.find((note) => note.docId === openId);
  const trashed = live ? undefined : tree.trash.find((note) => note.docId === openId);
  const entry = live ?? trashed;
  if (entry) {
    return entryKindOf(entry.path) === 'attachment'
      ? { kind: 'attachment', entry, trashed: trashed !== undefined }
      : { kind: 'note' };
  }
  const upload = uploads.uploads.find((candidate) => candidate.docId === openId);
  if (upload) return { kind: 'upload', upload };
  const hinted = known.get(openId);
  if (hinted) return { kind: 'attachment', entry: hinted, trashed: false };
  return tree.ready && uploads.ready ? { kind: 'note' } : { kind: 'waiting' };
}
