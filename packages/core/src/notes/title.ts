import { LIMITS } from '../limits/limits';

/** The title given to text with no visible characters (TTL2). */
export const UNTITLED = 'Untitled';

/**
 * TTL2: a name for text that has no path yet (an import, say): its first non-blank line, whitespace
 * collapsed, cut to LIMITS.maxTitleLength; blank text is "Untitled". Notes with a path take their title
 * from it instead (TTL1, `titleFromPath`).
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

/**
 * TTL3: whether a note's first heading says its title again (`# Refunds` in `Refunds.md`): letters compared
 * without case, whitespace collapsed, Unicode normalized. The app then shows the heading as the title.
 * @example headingRepeatsTitle(' refund   Policy', 'Refund policy') // true
 */
export function headingRepeatsTitle(headingText: string, title: string): boolean {
  const normal = (text: string) => text.normalize('NFC').replace(/\s+/gu, ' ').trim().toLocaleLowerCase();
  return normal(headingText) !== '' && normal(headingText) === normal(title);
}
