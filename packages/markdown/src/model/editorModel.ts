import * as Y from 'yjs';

/**
 * One formatting mark on a run of text, keyed by Tiptap's mark name (`bold`, `italic`, `strike`, `code`,
 * `underline`, `highlight`, `link`); the value is the mark's attributes. This is exactly how Tiptap's Yjs binding stores
 * marks as Y.XmlText formatting attributes.
 */
export type EditorMarks = Readonly<Record<string, Readonly<Record<string, unknown>>>>;

/** A run of text with one set of marks, as in ProseMirror's JSON (MD1). */
export interface EditorText {
  readonly type: 'text';
  readonly text: string;
  readonly marks: EditorMarks;
}

/** A node of the editor's document (`paragraph`, `heading`, `bulletList`, `hardBreak`, …) with its attributes. */
export interface EditorElement {
  readonly type: string;
  readonly attrs: Readonly<Record<string, unknown>>;
  readonly children: readonly EditorNode[];
}

/** What a Y.XmlFragment of the editor holds, as plain data: elements and runs of text. */
export type EditorNode = EditorElement | EditorText;

/** Nodes whose children are inline (text runs and hard breaks) rather than blocks. */
export const TEXT_BLOCKS: ReadonlySet<string> = new Set(['paragraph', 'heading', 'codeBlock', 'rawBlock']);

/** MD11: a block of Markdown kept as typed; its text is the source. */
export const RAW_BLOCK = 'rawBlock';

/** MD11: a block kept as the Markdown it was typed as. */
export function rawBlockOf(source: string): EditorElement {
  return { type: RAW_BLOCK, attrs: {}, children: source ? [{ type: 'text', text: source, marks: {} }] : [] };
}

/** MD11: an inline piece of Markdown kept as typed, in its `source` attribute. */
export const RAW_INLINE = 'rawInline';

/**
 * MD13: the marks an inline atom (a note link, an embed, a raw inline node) can wear, in the order Markdown
 * opens them. Tiptap's Yjs binding keeps no marks on inline nodes, so an atom keeps the marks around it in
 * its `marks` attribute: their names, space-separated, in this order (absent when none).
 */
export const ATOM_MARK_NAMES = ['underline', 'highlight', 'strike', 'bold', 'italic'] as const;

/** MD13: the `marks` attribute of an atom inside `marks` (undefined when none apply). */
export function atomMarksAttrOf(marks: EditorMarks): string | undefined {
  const names = ATOM_MARK_NAMES.filter((name) => marks[name]);
  return names.length > 0 ? names.join(' ') : undefined;
}

/** MD13: the marks an atom's `marks` attribute names, unknown names left out. */
export function marksOfAtom(node: EditorElement): EditorMarks {
  const names = typeof node.attrs.marks === 'string' ? node.attrs.marks.split(' ') : [];
  return Object.fromEntries(ATOM_MARK_NAMES.filter((name) => names.includes(name)).map((name) => [name, {}]));
}

/** The attributes Tiptap's Link extension gives every link it makes (its HTMLAttributes defaults). */
export const LINK_DEFAULTS = { target: '_blank', rel: 'noopener noreferrer nofollow', class: null } as const;

// MD4: only what Markdown can say takes part in comparisons, so a link's `target` or a list's `type`
// never makes an unchanged block look changed.
const VISIBLE_ATTRS: Readonly<Record<string, readonly string[]>> = {
  heading: ['level'],
  orderedList: ['start', 'loose'],
  codeBlock: ['language'],
  paragraph: [],
  bulletList: ['loose'],
  listItem: [],
  taskList: ['loose'],
  taskItem: ['checked'],
  table: [],
  tableRow: [],
  tableHeader: ['align'],
  tableCell: ['align'],
  blockquote: [],
  callout: ['kind', 'fold', 'title', 'spaced'],
  horizontalRule: [],
  hardBreak: [],
  rawBlock: [],
  rawInline: ['source', 'marks'],
};

export function isEditorText(node: EditorNode): node is EditorText {
  return node.type === 'text' && 'text' in node;
}

/** True for an empty paragraph (no text, no breaks): Markdown writes it as `&nbsp;` (MD2). */
export function isEmptyParagraph(node: EditorNode): boolean {
  return node.type === 'paragraph' && !isEditorText(node) && node.children.every((c) => isEditorText(c) && !c.text);
}

/** The attributes of `node` that Markdown can express, in a fixed order. */
export function visibleAttrsOf(node: EditorElement): Record<string, unknown> {
  // LNK1, LNK5: a link to a note (or an embed) is that note, whatever name it was written with; the name counts only while
  // it points at no note.
  if (node.type === 'noteLink' || node.type === 'noteEmbed') {
    const { docId = null, target = '', heading = null, alias = null, marks = null } = node.attrs;
    return { docId, target: docId === null ? target : null, heading, alias, marks };
  }
  const keys = VISIBLE_ATTRS[node.type] ?? Object.keys(node.attrs).sort();
  const visible: Record<string, unknown> = {};
  for (const key of keys) visible[key] = node.attrs[key] ?? null;
  return visible;
}

/** The marks of a run that Markdown can express, as one comparable string. */
export function visibleMarksKey(marks: EditorMarks): string {
  const parts: string[] = [];
  for (const name of Object.keys(marks).sort()) {
    const attrs = marks[name] ?? {};
    const link = [attrs.href ?? null, attrs.title ?? null, ...(attrs.inside ? [attrs.inside] : [])];
    parts.push(name === 'link' ? `link(${JSON.stringify(link)})` : name);
  }
  return parts.join(',');
}

/** A string that is equal for two nodes exactly when Markdown would show them the same way. */
export function fingerprintOf(node: EditorNode): string {
  return JSON.stringify(visibleProjectionOf(node));
}

function visibleProjectionOf(node: EditorNode): unknown {
  if (isEditorText(node)) return ['t', node.text, visibleMarksKey(node.marks)];
  return [node.type, visibleAttrsOf(node), node.children.map(visibleProjectionOf)];
}

/** True when two elements have the same type and visible attributes (their content may differ). */
export function hasSameShape(a: EditorNode, b: EditorNode): boolean {
  if (isEditorText(a) || isEditorText(b)) return false;
  return a.type === b.type && JSON.stringify(visibleAttrsOf(a)) === JSON.stringify(visibleAttrsOf(b));
}

type DeltaOp = { insert?: unknown; attributes?: Record<string, Readonly<Record<string, unknown>>> };

/** The runs of a Y.XmlText (embeds, which Tiptap never writes here, are skipped). */
export function textRunsOf(text: Y.XmlText): EditorText[] {
  const runs: EditorText[] = [];
  for (const op of text.toDelta() as DeltaOp[]) {
    if (typeof op.insert === 'string' && op.insert) {
      runs.push({ type: 'text', text: op.insert, marks: { ...(op.attributes ?? {}) } });
    }
  }
  return runs;
}

/** Reads one Y.XmlElement (and everything in it) as plain data. */
export function editorNodeOf(element: Y.XmlElement): EditorElement {
  return { type: element.nodeName, attrs: element.getAttributes(), children: editorChildrenOf(element) };
}

/** Reads the children of a fragment or element as plain data. */
export function editorChildrenOf(parent: Y.XmlFragment | Y.XmlElement): EditorNode[] {
  const children: EditorNode[] = [];
  for (const child of parent.toArray()) {
    if (child instanceof Y.XmlText) children.push(...textRunsOf(child));
    else if (child instanceof Y.XmlElement) children.push(editorNodeOf(child));
  }
  return children;
}

/**
 * Builds the Yjs types for `nodes` the way Tiptap's binding does: one Y.XmlElement per element (attributes
 * that are null are not set), consecutive runs of text in one Y.XmlText with the marks as formatting.
 */
export function yNodesOf(nodes: readonly EditorNode[]): Array<Y.XmlElement | Y.XmlText> {
  const built: Array<Y.XmlElement | Y.XmlText> = [];
  let runs: EditorText[] = [];
  const flushRuns = (): void => {
    if (runs.length > 0) built.push(yTextOf(runs));
    runs = [];
  };
  for (const node of nodes) {
    if (isEditorText(node)) {
      if (node.text) runs.push(node);
      continue;
    }
    flushRuns();
    const element = new Y.XmlElement(node.type);
    for (const [key, value] of Object.entries(node.attrs)) {
      // biome-ignore lint/suspicious/noExplicitAny: Y.XmlElement's attribute type is a generic we don't model.
      if (value !== null && value !== undefined) element.setAttribute(key, value as any);
    }
    element.insert(0, yNodesOf(node.children));
    built.push(element);
  }
  flushRuns();
  return built;
}

/** A new Y.XmlText holding `runs` with their marks. */
export function yTextOf(runs: readonly EditorText[]): Y.XmlText {
  const text = new Y.XmlText();
  text.applyDelta(runs.map((run) => ({ insert: run.text, attributes: { ...run.marks } })));
  return text;
}
