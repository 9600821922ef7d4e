import { LIMITS } from '../limits/limits';

/**
 * LIM18: the part of a note's text the index keeps, cut at LIMITS.maxIndexedNoteChars without splitting a
 * surrogate pair. The relay's store cycle and reindex and the browser's offline search all cut here, so they
 * rank the same text.
 */
export function indexedTextOf(text: string): string {
  if (text.length <= LIMITS.maxIndexedNoteChars) return text;
  const cut = LIMITS.maxIndexedNoteChars;
  const splitsPair = isHighSurrogate(text.charCodeAt(cut - 1));
  return text.slice(0, splitsPair ? cut - 1 : cut);
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
