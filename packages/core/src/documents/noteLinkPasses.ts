import * as Y from 'yjs';
import type { NoteLinkResolver } from '../notes/noteLinkResolver';
import { type EditorElement, type EditorNode, isEditorText } from './markdownModel';
import { LINKING_NODES } from './noteLinkSyntax';
import { EDITOR_FRAGMENT } from './plainText';

/**
 * LNK3: `blocks` with each note link's `target` set to the name its note has now, so Markdown written
 * from them names the note's current path. Links whose note is unknown keep the name they have.
 */
export function withCurrentLinkTexts(blocks: readonly EditorElement[], links: NoteLinkResolver): EditorElement[] {
  return blocks.map((block) => mapNoteLinks(block, (attrs) => currentTextOf(attrs, links)));
}

/** LNK3: `blocks` with each note link read from Markdown pointing at the note its name resolves to. */
export function withResolvedLinks(blocks: readonly EditorElement[], links: NoteLinkResolver): EditorElement[] {
  return blocks.map((block) =>
    mapNoteLinks(block, (attrs) => ({ ...attrs, docId: links.docIdOf(String(attrs.target ?? '')) ?? null })),
  );
}

function currentTextOf(attrs: Readonly<Record<string, unknown>>, links: NoteLinkResolver) {
  const docId = typeof attrs.docId === 'string' ? attrs.docId : null;
  const current = docId === null ? undefined : links.linkTextOf(docId);
  return current === undefined ? attrs : { ...attrs, target: current };
}

type AttrsMap = (attrs: Readonly<Record<string, unknown>>) => Readonly<Record<string, unknown>>;

// Recursion is bounded: parsed documents are at most MAX_MARKDOWN_NESTING deep (MD3) and stored ones
// were read from a Y.Doc by the same recursive reader.
function mapNoteLinks(element: EditorElement, map: AttrsMap): EditorElement {
  if (LINKING_NODES.has(element.type)) return { ...element, attrs: map(element.attrs) };
  if (element.children.every(isEditorText)) return element;
  const children = element.children.map((child: EditorNode) =>
    isEditorText(child) ? child : mapNoteLinks(child, map),
  );
  return { ...element, children };
}

/**
 * LNK4: the docIds a note's document links to or embeds, each once. An explicit
 * stack, as in extractPlainText: a hostile document can nest elements far deeper than any stack allows.
 */
export function linkedDocIdsOf(doc: Y.Doc): string[] {
  const found = new Set<string>();
  const stack: Array<Y.XmlElement | Y.XmlFragment> = [doc.getXmlFragment(EDITOR_FRAGMENT)];
  for (let parent = stack.pop(); parent; parent = stack.pop()) {
    const children = parent.toArray();
    for (let index = children.length - 1; index >= 0; index--) {
      const child = children[index];
      if (!(child instanceof Y.XmlElement)) continue;
      const docId = LINKING_NODES.has(child.nodeName) ? child.getAttribute('docId') : undefined;
      if (typeof docId === 'string' && docId) found.add(docId);
      stack.push(child);
    }
  }
  return [...found];
}
