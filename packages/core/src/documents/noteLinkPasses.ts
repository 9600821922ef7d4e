import * as Y from 'yjs';
import { linkNameKey, type NoteLinkResolver } from '../notes/noteLinkResolver';
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
  for (const link of linkingElementsOf(doc)) {
    const docId = link.getAttribute('docId');
    if (typeof docId === 'string' && docId) found.add(docId);
  }
  return [...found];
}

/**
 * LNK7: `links` for reading an edit of `doc` back, keeping the notes its links point at. A name written as
 * the document shows one of its links (`links`' name for its note, else the name it was made with) reads
 * as that link's note: the first such name as the first such link, and so on; other names, and names past
 * those, are read by `links`. Someone who can't read a linked note sees its link by the name it was made
 * with (LNK6), so without this their edit would drop the link or point it at another note of that name.
 * Use it for one parse: it counts the links it has handed out.
 */
export function keepingLinksOf(doc: Y.Doc, links?: NoteLinkResolver): NoteLinkResolver {
  const held = new Map<string, string[]>();
  for (const link of linkingElementsOf(doc)) {
    const docId = link.getAttribute('docId');
    if (typeof docId !== 'string' || !docId) continue;
    const target = link.getAttribute('target');
    const key = linkNameKey(links?.linkTextOf(docId) ?? (typeof target === 'string' ? target : ''));
    const sameName = held.get(key);
    if (sameName) sameName.push(docId);
    else held.set(key, [docId]);
  }
  return {
    linkTextOf: (docId) => links?.linkTextOf(docId),
    docIdOf: (linkText) => held.get(linkNameKey(linkText))?.shift() ?? links?.docIdOf(linkText),
  };
}

/** The document's links and embeds in document order; an explicit stack, as in extractPlainText. */
function linkingElementsOf(doc: Y.Doc): Y.XmlElement[] {
  const found: Y.XmlElement[] = [];
  const stack: Array<Y.XmlElement | Y.XmlFragment> = [doc.getXmlFragment(EDITOR_FRAGMENT)];
  // Children go on the stack last first, and an element counts when it comes off: document order.
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node instanceof Y.XmlElement && LINKING_NODES.has(node.nodeName)) found.push(node);
    const children = node.toArray();
    for (let index = children.length - 1; index >= 0; index--) {
      const child = children[index];
      if (child instanceof Y.XmlElement) stack.push(child);
    }
  }
  return found;
}
