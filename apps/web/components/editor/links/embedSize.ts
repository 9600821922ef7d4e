// EMBED3: Obsidian's size after `|`: a width (`300`) or width × height (`300x200`), in CSS pixels.
const SIZE = /^(\d{1,5})(?:x(\d{1,5}))?$/;

/** Narrowest an image may be dragged to, so its handle stays reachable. */
export const MIN_EMBED_WIDTH = 48;

/** The width an embed's `|…` part asks for, or null when it says none (alt text, or nothing). */
export function embedWidthOf(alias: string | null): number | null {
  const match = alias ? SIZE.exec(alias.trim()) : null;
  const width = match ? Number(match[1]) : 0;
  return width > 0 ? width : null;
}

/** The `|…` part for a width dragged to `width`: whole pixels, never under MIN_EMBED_WIDTH. */
export function sizeOfWidth(width: number): string {
  return String(Math.max(MIN_EMBED_WIDTH, Math.round(width)));
}
