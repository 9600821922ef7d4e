import { createNoteLinkResolver, type LinkableEntry, type NoteLinkResolver } from '@baalda/core';
import { readingFirst, wholePathNames } from '../noteLinkNames';

/** LNK3 for one import: how the imported files' `[[links]]` are read, compared and sent. */
export interface ImportLinks {
  /**
   * Reads a name as the imported folder meant it, then as the vault names its entries; writes the vault's
   * names, as `read_note` does, so a file's Markdown can be compared with the note's.
   */
  readonly shown: NoteLinkResolver;
  /** Writes each link by its entry's whole vault path: the Markdown `update_note` is sent. */
  readonly sent: NoteLinkResolver;
}

/**
 * `imported`: each file this import carried, by its path in the folder, with the docId it became or
 * updated. An Obsidian vault resolves `[[Note]]` among its own files, so those are read first: with
 * `--into`, `[[Folder/Note]]` still finds `<into>/Folder/Note.md`. `vault`: the vault's live entries once
 * every imported entry exists, so a link to a note created later in the same import resolves too.
 */
export function importLinksOf(imported: readonly LinkableEntry[], vault: readonly LinkableEntry[]): ImportLinks {
  const names = createNoteLinkResolver(vault);
  return { shown: readingFirst(createNoteLinkResolver(imported), names), sent: wholePathNames(vault) };
}
