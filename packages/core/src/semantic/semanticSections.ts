/** SEMV2: at most this many section vectors per note, besides the whole note's. */
export const MAX_SECTIONS = 8;
/** SEMV2: paragraphs shorter than this join the next one, so a heading or a one-line item isn't a section alone. */
const MIN_SECTION_CHARACTERS = 200;

/**
 * SEMV2: what a note's vectors are computed from: the whole text, then its sections — paragraphs (lines:
 * the indexed plain text has one block per line, DOC4), short ones merged with the next, and at most {@link MAX_SECTIONS}, consecutive paragraphs
 * grouped to about equal length when there are more. A sentence encoder reads a section as well as it
 * reads a question; a long note's whole-text vector blurs it. A note of one section has no section
 * vectors (the whole one says the same).
 */
export function semanticSectionsOf(text: string): { readonly whole: string; readonly sections: string[] } {
  const paragraphs = mergeShort(
    text
      .split('\n')
      .map((paragraph) => paragraph.trim())
      .filter((paragraph) => paragraph.length > 0),
  );
  const sections = paragraphs.length > MAX_SECTIONS ? groupEvenly(paragraphs, MAX_SECTIONS) : paragraphs;
  return { whole: text.trim(), sections: sections.length > 1 ? sections : [] };
}

function mergeShort(paragraphs: readonly string[]): string[] {
  const merged: string[] = [];
  let pending = '';
  for (const paragraph of paragraphs) {
    pending = pending ? `${pending}\n\n${paragraph}` : paragraph;
    if (pending.length >= MIN_SECTION_CHARACTERS) {
      merged.push(pending);
      pending = '';
    }
  }
  if (pending) {
    if (merged.length > 0) merged[merged.length - 1] = `${merged[merged.length - 1]}\n\n${pending}`;
    else merged.push(pending);
  }
  return merged;
}

// Consecutive paragraphs into `groups` runs of about equal character length (a greedy cut at each
// 1/groups of the total), so no section is a sliver and the order of the note is kept.
function groupEvenly(paragraphs: readonly string[], groups: number): string[] {
  const total = paragraphs.reduce((sum, paragraph) => sum + paragraph.length, 0);
  const result: string[] = [];
  let current: string[] = [];
  let seen = 0;
  for (const [index, paragraph] of paragraphs.entries()) {
    current.push(paragraph);
    seen += paragraph.length;
    const left = paragraphs.length - index - 1;
    const groupsLeft = groups - result.length - 1;
    if (groupsLeft > 0 && (seen >= (total * (result.length + 1)) / groups || left === groupsLeft)) {
      result.push(current.join('\n\n'));
      current = [];
    }
  }
  if (current.length > 0) result.push(current.join('\n\n'));
  return result;
}
