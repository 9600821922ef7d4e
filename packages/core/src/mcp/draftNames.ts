import { joinPath, validateNotePath } from '../paths/notePath';

/** MCP16: the folder drafts go to unless the relay is told another (BAALDA_DRAFTS_FOLDER). */
export const DEFAULT_DRAFTS_FOLDER = 'Drafts';

/** MCP16: the longest draft file name made from a title, before `.md` and a number. */
const MAX_DRAFT_NAME = 120;
// PATH3–PATH5's characters, and those Obsidian refuses in names it links to (`# ^ [ ] |`).
const NOT_IN_NAMES = /[\p{Cc}\\/<>:"|?*#^[\]]+/gu;

/**
 * MCP16: a draft's file name from its title: characters a path may not hold (and that links can't name)
 * become `-`, spaces are collapsed, and the name is cut to 120 characters without leading spaces or
 * trailing dots; a title with nothing left is "Draft".
 * @example draftNameOf('Letter to: ACME / Q3?') // 'Letter to- ACME - Q3-'
 */
export function draftNameOf(title: string): string {
  const cleaned = title.normalize('NFC').replace(/\s+/gu, ' ').replace(NOT_IN_NAMES, '-').trim();
  const cut = Array.from(cleaned).slice(0, MAX_DRAFT_NAME).join('');
  const name = cut.replace(/[. ]+$/u, '').replace(/^ +/u, '');
  return name === '' || !validateNotePath(`${name}.md`).ok ? 'Draft' : name;
}

/**
 * MCP16: the paths a new draft may take in `folder`, in order of preference: `Name.md`, then `Name 2.md`,
 * `Name 3.md`… (the store takes the first free one).
 * @example draftPathsOf('Drafts', 'Letter', 3) // ['Drafts/Letter.md', 'Drafts/Letter 2.md', 'Drafts/Letter 3.md']
 */
export function draftPathsOf(folder: string, name: string, count: number): string[] {
  return Array.from({ length: count }, (_, index) =>
    joinPath(folder, `${name}${index === 0 ? '' : ` ${index + 1}`}.md`),
  );
}
