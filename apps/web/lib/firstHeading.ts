import { EDITOR_FRAGMENT } from '@baalda/markdown';
import * as Y from 'yjs';

/**
 * The text of the note's first block when it is a level-1 heading, else null. Only that block is read, so
 * calling it after every change of a long note costs next to nothing.
 */
export function firstHeadingText(ydoc: Y.Doc): string | null {
  const first = ydoc.getXmlFragment(EDITOR_FRAGMENT).get(0);
  if (!(first instanceof Y.XmlElement) || first.nodeName !== 'heading') return null;
  if (Number(first.getAttribute('level')) !== 1) return null;
  return textOf(first);
}

function textOf(element: Y.XmlElement): string {
  let text = '';
  for (const child of element.toArray()) {
    if (child instanceof Y.XmlText) {
      for (const op of child.toDelta() as Array<{ insert?: unknown }>) {
        if (typeof op.insert === 'string') text += op.insert;
      }
    } else if (child instanceof Y.XmlElement) {
      text += child.nodeName === 'hardBreak' ? ' ' : textOf(child);
    }
  }
  return text;
}
