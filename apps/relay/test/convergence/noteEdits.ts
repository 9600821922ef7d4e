import { EDITOR_FRAGMENT } from '@baalda/markdown';
import * as Y from 'yjs';

/**
 * What one client did to one note, kept so the checks can say afterwards which words must be in the
 * merged text. Every insert adds a token no one else writes (` c2s17e4`), always at a token boundary, so
 * a token stays one contiguous run of characters whatever merges around it; deletes remove whole tokens.
 */
export interface EditJournal {
  /** Every token inserted, with the paragraph (its Yjs item id, the same on every replica) it went into. */
  readonly inserted: Map<string, string>;
  readonly deletedTokens: Set<string>;
  /** Paragraph ids this client removed: tokens inside them may be gone though nobody deleted them. */
  readonly deletedParagraphs: Set<string>;
}

export function newJournal(): EditJournal {
  return { inserted: new Map(), deletedTokens: new Set(), deletedParagraphs: new Set() };
}

/** Tokens look like `c<client>s<seed>e<n>`; nothing else in a note's text matches. */
export const TOKEN_PATTERN = /c\d+s\d+e\d+/g;

type Edit = (doc: Y.Doc, random: () => number, nextToken: () => string, journal: EditJournal) => void;

/** Makes one random editor-shaped change to `doc` (paragraphs and headings of text, bold marks). */
export function makeRandomEdit(doc: Y.Doc, random: () => number, nextToken: () => string, journal: EditJournal): void {
  const blocks = textBlocks(doc);
  const edits: Edit[] = blocks.length === 0 ? [addBlock] : [addBlock, insertToken, insertToken, deleteToken];
  if (blocks.length > 0) edits.push(boldToken, deleteBlock);
  const edit = edits[Math.floor(random() * edits.length)] as Edit;
  doc.transact(() => edit(doc, random, nextToken, journal));
}

const addBlock: Edit = (doc, random, nextToken, journal) => {
  const heading = random() < 0.2;
  const block = new Y.XmlElement(heading ? 'heading' : 'paragraph');
  if (heading) block.setAttribute('level', String(1 + Math.floor(random() * 3)));
  const text = new Y.XmlText();
  block.insert(0, [text]);
  const fragment = doc.getXmlFragment(EDITOR_FRAGMENT);
  fragment.insert(Math.floor(random() * (fragment.length + 1)), [block]);
  const token = nextToken();
  text.insert(0, ` ${token}`);
  journal.inserted.set(token, blockId(block));
};

const insertToken: Edit = (doc, random, nextToken, journal) => {
  const block = pick(textBlocks(doc), random);
  const text = block.get(0) as Y.XmlText;
  // Before a ` token` run or at the end: inserting there never splits someone's token.
  const boundaries = tokensWithPositions(plainOf(text)).map(({ start }) => start - 1);
  const at = pick([...boundaries, text.length], random);
  const token = nextToken();
  text.insert(at, ` ${token}`);
  journal.inserted.set(token, blockId(block));
};

const deleteToken: Edit = (doc, random, _nextToken, journal) => {
  const text = pick(textBlocks(doc), random).get(0) as Y.XmlText;
  const found = tokensWithPositions(plainOf(text));
  if (found.length === 0) return;
  const { token, start } = pick(found, random);
  text.delete(start - 1, token.length + 1);
  journal.deletedTokens.add(token);
};

const boldToken: Edit = (doc, random) => {
  const text = pick(textBlocks(doc), random).get(0) as Y.XmlText;
  const found = tokensWithPositions(plainOf(text));
  if (found.length === 0) return;
  const { token, start } = pick(found, random);
  text.format(start, token.length, { bold: random() < 0.7 ? {} : null });
};

const deleteBlock: Edit = (doc, random, _nextToken, journal) => {
  const fragment = doc.getXmlFragment(EDITOR_FRAGMENT);
  const blocks = fragment.toArray();
  const index = Math.floor(random() * blocks.length);
  const block = blocks[index];
  if (block instanceof Y.XmlElement) journal.deletedParagraphs.add(blockId(block));
  fragment.delete(index, 1);
};

/** Blocks holding one XmlText (what addBlock makes; Tiptap's paragraphs and headings look the same). */
function textBlocks(doc: Y.Doc): Y.XmlElement[] {
  return doc
    .getXmlFragment(EDITOR_FRAGMENT)
    .toArray()
    .filter((node): node is Y.XmlElement => node instanceof Y.XmlElement && node.get(0) instanceof Y.XmlText);
}

/** A block's identity on every replica: the id of the Yjs item that inserted it. */
export function blockId(block: Y.XmlElement): string {
  const id = block._item?.id;
  return id ? `${id.client}:${id.clock}` : 'unintegrated';
}

function plainOf(text: Y.XmlText): string {
  return text
    .toDelta()
    .map((op: { insert?: unknown }) => (typeof op.insert === 'string' ? op.insert : ''))
    .join('');
}

function tokensWithPositions(plain: string): Array<{ token: string; start: number }> {
  return [...plain.matchAll(TOKEN_PATTERN)]
    .filter((match) => match.index !== undefined && match.index > 0 && plain[match.index - 1] === ' ')
    .map((match) => ({ token: match[0], start: match.index as number }));
}

function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)] as T;
}
