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
 * LINK2: a link shows its alias, else the name it was typed with while that name still finds its note (in
 * any case, as Obsidian shows it and as Markdown writes it, LNK3), else its note's title now (so a rename
 * shows at once), with the heading after a `›`. A link made before its note existed resolves by name once
 * a note has that name (as in Obsidian); one whose note this device doesn't know shows the name it was
 * made with.
 */
export function shownNoteLink(link: NoteLinkView, directory: NoteDirectory): NoteLinkShown {
  const opens = link.docId ?? directory.docIdOf(link.target) ?? null;
  const path = opens === null ? undefined : directory.pathOf(opens);
  const typed = opens !== null && directory.links.typedLinkTextOf(opens, link.target) === link.target;
  const name = path === undefined || typed ? link.target : titleFromPath(path);
  const label = link.alias || (link.heading ? `${name} › ${link.heading}` : name);
  return { label, opens, resolved: path !== undefined };
}
