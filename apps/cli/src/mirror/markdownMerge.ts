import {
  applyMarkdownEdit,
  documentContentOfMarkdown,
  markdownOfBlocks,
  type NoteLinkResolver,
} from '@baalda/markdown';
import * as Y from 'yjs';

/** The origin of updates the mirror makes from files, so the note's observers can tell them from the relay's. */
export const DISK_EDIT_ORIGIN = 'baalda-mirror-disk';

/**
 * MD2: what `text` reads as once parsed and written again (the form the mirror writes notes in), its
 * `[[links]]` read and written with `links` (LNK3).
 */
export function normalizedMarkdown(text: string, links: NoteLinkResolver): string {
  return markdownOfBlocks(documentContentOfMarkdown(text, links), links);
}

/** A file's edit as a Yjs update, and the document the file now shows. */
export interface DiskEdit {
  /** What to apply to the note's live document. */
  readonly update: Uint8Array;
  /** The base with the edit: the state the file's text corresponds to. */
  readonly baseAfter: Uint8Array;
}

/**
 * MIR3: the file's edit, made against the document the file was last written from (`base`) rather than
 * the live one, which may hold edits the file never showed. Applying the update to the live document then
 * merges both (Yjs), so an edit made in the browser meanwhile is kept, not undone. A fresh Y.Doc (fresh
 * client id) makes the items, so they can never clash with items the live document already has. The
 * file's `[[links]]` point at the entries `links` reads them as (LNK3).
 */
export function diskEditOf(base: Uint8Array, text: string, links: NoteLinkResolver): DiskEdit {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, base);
  const before = Y.encodeStateVector(doc);
  applyMarkdownEdit(doc, text, DISK_EDIT_ORIGIN, links);
  const edit = { update: Y.encodeStateAsUpdate(doc, before), baseAfter: Y.encodeStateAsUpdate(doc) };
  doc.destroy();
  return edit;
}

/** A Markdown text's blocks (split at blank lines), the unit versions of a file are compared in. */
export function blocksOf(markdown: string): string[] {
  return markdown
    .split(/\n[ \t]*\n/)
    .map((block) => block.trim())
    .filter(Boolean);
}

/**
 * MIR4: which of `versions` (each a text's blocks) the saved text's blocks are closest to: the fewest blocks
 * in one and not the other, counting repeats; ties go to the earlier version. A save made from a buffer
 * older than the mirror's last rewrite is closest to the text that rewrite replaced.
 */
export function closestVersion(saved: readonly string[], versions: readonly (readonly string[])[]): number {
  let best = 0;
  let bestDistance = Number.POSITIVE_INFINITY;
  versions.forEach((blocks, index) => {
    const distance = blockDistance(saved, blocks);
    if (distance < bestDistance) [best, bestDistance] = [index, distance];
  });
  return best;
}

function blockDistance(one: readonly string[], other: readonly string[]): number {
  const counts = new Map<string, number>();
  for (const block of one) counts.set(block, (counts.get(block) ?? 0) + 1);
  for (const block of other) counts.set(block, (counts.get(block) ?? 0) - 1);
  let distance = 0;
  for (const count of counts.values()) distance += Math.abs(count);
  return distance;
}
