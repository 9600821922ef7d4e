import { LIMITS } from '@baalda/core';

/**
 * LIM18: the part of a note's text the index keeps, cut at LIMITS.maxIndexedNoteChars without splitting a
 * surrogate pair. The live store cycle and a reindex both cut here, so their rows agree.
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
