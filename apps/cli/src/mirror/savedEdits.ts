import { markdownOfDocument, type NoteLinkResolver } from '@baalda/markdown';
import * as Y from 'yjs';
import type { DiskFile } from './diskScan';
import { MIRROR_LIMITS, sizeLabel } from './fileChecks';
import {
  blocksOf,
  closestVersion,
  DISK_EDIT_ORIGIN,
  type DiskEdit,
  diskEditOf,
  normalizedMarkdown,
} from './markdownMerge';
import type { MirrorContext } from './mirrorContext';
import type { MirrorEntry } from './mirrorState';
import type { NoteDoc } from './noteDocs';
import type { ShownText } from './replacements';

/** A person's save of a note's file: its text, and the file as seen (its path, size and time). */
export interface SavedText {
  readonly text: string;
  readonly file: DiskFile;
}

/**
 * MIR3, MIR4: takes a save into the note's document, as an edit of the text it most likely started
 * from: `shown` (what the file showed when last written or read), or a text one of the mirror's rewrites
 * replaced within STALE_SAVE_MS before the save, when the save is closer to that one block by block (an
 * editor that saved before it reloaded). So a rewrite's blocks are kept, not read as deleted by a save
 * that never showed them. Null when the edit is too large to send (refused, MIR6).
 */
export async function takeSavedText(
  ctx: MirrorContext,
  entry: MirrorEntry,
  note: NoteDoc,
  saved: SavedText,
  shown: ShownText,
  links: NoteLinkResolver,
): Promise<DiskEdit | null> {
  const blocks = blocksOf(normalizedMarkdown(saved.text, links));
  const start = startingText(ctx, entry.docId, { ...saved, blocks }, shown, links);
  const edit = diskEditOf(start.base, saved.text, links);
  if (!isSendable(ctx, saved.file, edit.update)) return null;
  Y.applyUpdate(note.doc, edit.update, DISK_EDIT_ORIGIN);
  await ctx.docs.saveLive(entry.docId);
  ctx.acks.expect(entry.docId, entry.path, 'edited');
  return edit;
}

function startingText(
  ctx: MirrorContext,
  docId: string,
  saved: SavedText & { readonly blocks: readonly string[] },
  shown: ShownText,
  links: NoteLinkResolver,
): ShownText {
  const earlier = ctx.replaced.replacedBefore(docId, saved.file.mtimeMs);
  if (earlier.length === 0) return shown;
  const candidates = [shown, ...earlier];
  const blocks = candidates.map((text) => text.blocks ?? blocksOfState(text.base, links));
  return candidates[closestVersion(saved.blocks, blocks)] ?? shown;
}

function blocksOfState(state: Uint8Array, links: NoteLinkResolver): string[] {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, state);
  const markdown = markdownOfDocument(doc, links);
  doc.destroy();
  return blocksOf(markdown);
}

/** LIM1: an edit that could not travel in one frame would close the socket on every retry. */
export function isSendable(ctx: MirrorContext, file: DiskFile, update: Uint8Array): boolean {
  if (update.length <= MIRROR_LIMITS.maxEditUpdateBytes) return true;
  ctx.refused.refuse(file, `this edit is ${sizeLabel(update.length)} as one sync message, over LIM1 (MIR6)`);
  return false;
}
