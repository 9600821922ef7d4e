import { createNoteLinkResolver, type LinkableEntry } from '@baalda/core';
import type { NoteLinkResolver } from '@baalda/markdown';
import { readingFirst } from '../noteLinkNames';

/** LNK3 for one import: how the imported files' `[[links]]` are read, and written to be sent. */
export interface ImportLinks {
  /** Reads a name as the imported folder meant it, then as the vault names its entries. */
  readonly read: NoteLinkResolver;
  /**
   * The vault's names (as this token sees the vault, which is how the relay reads what it is sent, LNK6):
   * each link as typed where the vault reads that name as its entry, else by the entry's name there. The
   * Markdown `update_note` is sent, which is what `read_note` gives once it is stored.
   */
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
  return { read: readingFirst(createNoteLinkResolver(imported), names), sent: names };
}
