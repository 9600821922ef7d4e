import * as Y from 'yjs';
import { type EditorElement, type EditorNode, isEditorText } from '../model/editorModel';
import { EDITOR_FRAGMENT } from '../model/plainText';
import { linkNameKey, type NoteLinkResolver } from './noteLinkResolver';
import { LINKING_NODES } from './wikilinkSyntax';

/**
 * LNK3: `blocks` with each note link's `target` set to the name it is written with now: the name it holds
 * while that still reads as its note, else the note's current name (it was renamed or moved), so Markdown
 * written from them comes back as it was typed and still finds the note. Links whose note is unknown keep
 * the name they have.
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
  const shown = shownTextOf(attrs.docId, attrs.target, links);
  return shown === attrs.target ? attrs : { ...attrs, target: shown };
}

// The name a link holding `docId` and `target` is written with by `links` (or as it holds it, without).
function shownTextOf(docId: unknown, target: unknown, links: NoteLinkResolver | undefined): string {
  const held = typeof target === 'string' ? target : '';
  if (typeof docId !== 'string' || !docId) return held;
  return links?.typedLinkTextOf(docId, held) ?? held;
}

/**
 * LNK3, MD4: after an edit made the document show `blocks`, a link whose name was written otherwise than the
 * document showed it (`[[B note]]` edited to `[[b note]]`, same note) takes the name as written, so the
 * note comes back as it was typed. One written as shown is left alone: writing back a note read after a
 * rename changes nothing. Pairs links in document order; the edit left both with the same links.
 */
export function takeTypedLinkTexts(doc: Y.Doc, blocks: readonly EditorElement[], links?: NoteLinkResolver): void {
  const elements = linkingElementsOf(doc);
  const written = linkAttrsIn(blocks);
  if (elements.length !== written.length) return;
  elements.forEach((element, index) => {
    const docId = element.getAttribute('docId');
    const typed = written[index]?.target;
    if (written[index]?.docId !== docId || typeof typed !== 'string') return;
    if (typed !== shownTextOf(docId, element.getAttribute('target'), links)) element.setAttribute('target', typed);
  });
}

// The attributes of the links and embeds in `blocks`, in document order (depth bounded as in mapNoteLinks).
function linkAttrsIn(blocks: readonly EditorNode[]): Array<Readonly<Record<string, unknown>>> {
  return blocks.flatMap((node) => {
    if (isEditorText(node)) return [];
    return LINKING_NODES.has(node.type) ? [node.attrs] : linkAttrsIn(node.children);
  });
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
 * the document shows one of its links (as `links` writes it, else the name it was made with) reads
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
    const key = linkNameKey(shownTextOf(docId, link.getAttribute('target'), links));
    const sameName = held.get(key);
    if (sameName) sameName.push(docId);
    else held.set(key, [docId]);
  }
  return {
    linkTextOf: (docId) => links?.linkTextOf(docId),
    docIdOf: (linkText) => held.get(linkNameKey(linkText))?.shift() ?? links?.docIdOf(linkText),
    typedLinkTextOf: (docId, typed) => links?.typedLinkTextOf(docId, typed),
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
