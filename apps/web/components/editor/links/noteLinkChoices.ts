import { wikilinkPartsOf } from '@baalda/markdown';
import type { NoteDirectory } from '../../../lib/links/noteDirectory';

/** One row of the `[[` picker: an existing note, or a link to a note not made yet. */
export type NoteLinkChoice =
  | { readonly kind: 'note'; readonly docId: string; readonly title: string; readonly path: string }
  | { readonly kind: 'new'; readonly target: string };

/** What the picker's query asks for: the name typed, and the heading and alias typed after `#` and `|`. */
export interface PickerQuery {
  readonly target: string;
  readonly heading: string | null;
  readonly alias: string | null;
}

/** LINK3: the query typed after `[[`, split as Obsidian splits a link. */
export function pickerQueryOf(query: string): PickerQuery {
  return wikilinkPartsOf(query) ?? { target: query.trim(), heading: null, alias: null };
}

/**
 * LINK3: the notes matching the name typed, then — when nothing has exactly that name — a row to link to a
 * note of that name not made yet (LINK4), for people who may write.
 */
export function noteLinkChoices(directory: NoteDirectory, query: PickerQuery, canCreate: boolean): NoteLinkChoice[] {
  const choices: NoteLinkChoice[] = directory
    .candidates(query.target)
    .map((note) => ({ kind: 'note', docId: note.docId, title: note.title, path: note.path }));
  const exists = query.target !== '' && directory.docIdOf(query.target) !== undefined;
  if (canCreate && query.target !== '' && !exists) choices.push({ kind: 'new', target: query.target });
  return choices;
}
