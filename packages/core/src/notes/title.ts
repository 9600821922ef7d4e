import { LIMITS } from '../limits/limits';

/** The title shown for a note whose text has no visible characters yet (TTL2). */
export const UNTITLED = 'Untitled';

/**
 * The title of a note is its first non-blank line, whitespace collapsed, cut to LIMITS.maxTitleLength
 * (TTL1); an empty note is "Untitled" (TTL2). Web and relay both call this so the list agrees offline.
 * @example deriveTitle('\n  Refund policy \nBody') // 'Refund policy'
 */
export function deriveTitle(text: string): string {
  for (const line of text.split('\n')) {
    const collapsed = line.replace(/\s+/gu, ' ').trim();
    if (collapsed.length > 0) return cutAtCodePoint(collapsed, LIMITS.maxTitleLength);
  }
  return UNTITLED;
}

// Cutting by code points keeps a surrogate pair (an emoji, say) from being split in half.
function cutAtCodePoint(text: string, maxLength: number): string {
  const codePoints = Array.from(text);
  if (codePoints.length <= maxLength) return text;
  return `${codePoints.slice(0, maxLength - 1).join('')}…`;
}
