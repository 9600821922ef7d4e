import type { Node as ProseMirrorNode } from '@tiptap/pm/model';

function normalized(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}

/**
 * LINK6: where the heading a link names starts in `doc` (the position just inside it), or null. Matched as
 * Obsidian matches it: by text, spaces collapsed, any case; `A#B` (a heading under another) names its last
 * part. The first heading with that text wins.
 */
export function headingPosition(doc: ProseMirrorNode, heading: string): number | null {
  const wanted = normalized(heading.split('#').at(-1) ?? '');
  if (!wanted) return null;
  let found: number | null = null;
  doc.descendants((node, position) => {
    if (found !== null) return false;
    if (node.type.name === 'heading' && normalized(node.textContent) === wanted) found = position + 1;
    return found === null;
  });
  return found;
}
