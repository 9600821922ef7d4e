import { titleFromPath } from '@baalda/core';
import type { NoteDirectory } from '../../../lib/links/noteDirectory';

/** A link's attributes as the editor holds them (core's LNK1). */
export interface NoteLinkView {
  readonly docId: string | null;
  readonly target: string;
  readonly heading: string | null;
  readonly alias: string | null;
}

/** How a link shows now: its text, the note it opens (if any), and whether that note exists here. */
export interface NoteLinkShown {
  readonly label: string;
  readonly opens: string | null;
  readonly resolved: boolean;
}

/**
 * LINK2: a link shows its alias, else its note's title now (so a rename shows at once), with the heading
 * after a `›`. A link made before its note existed resolves by name once a note has that name (as in
 * Obsidian); one whose note this device doesn't know shows the name it was made with.
 */
export function shownNoteLink(link: NoteLinkView, directory: NoteDirectory): NoteLinkShown {
  const opens = link.docId ?? directory.docIdOf(link.target) ?? null;
  const path = opens === null ? undefined : directory.pathOf(opens);
  const name = path === undefined ? link.target : titleFromPath(path);
  const label = link.alias || (link.heading ? `${name} › ${link.heading}` : name);
  return { label, opens, resolved: path !== undefined };
}
