import { type EntryKind, LIMITS } from '@baalda/core';

/** What the mirror accepts from disk (MIR6); LIMITS is the relay's side of the same bounds. */
export const MIRROR_LIMITS = {
  /**
   * A note's file: its first sync sends the whole text in one WebSocket frame, which the relay caps at
   * LIM1, so a larger note could never leave this machine.
   */
  maxNoteFileBytes: LIMITS.maxFrameBytes,
  /** One edit's Yjs update, with room for the frame's envelope under LIM1. */
  maxEditUpdateBytes: LIMITS.maxFrameBytes - 64 * 1024,
  /** LIM12 by default; a relay with a lower limit refuses with ATTACHMENT_TOO_LARGE, logged the same way. */
  maxAttachmentBytes: LIMITS.maxAttachmentBytes,
} as const;

/** A note file's text, or why it is not text the mirror will push. */
export type NoteText = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly reason: string };

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

/** MIR6: a `.md` file must be UTF-8 without NUL bytes (a BOM is dropped); binary junk is never pushed. */
export function noteTextOf(bytes: Uint8Array): NoteText {
  if (bytes.includes(0)) return { ok: false, reason: 'holds NUL bytes, so it is not text (MIR6)' };
  try {
    return { ok: true, text: STRICT_UTF8.decode(bytes) };
  } catch {
    return { ok: false, reason: 'is not valid UTF-8 text (MIR6)' };
  }
}

/** MIR6: why a file of `size` bytes is too large to sync, or null when it fits. */
export function sizeRefusalOf(kind: EntryKind, size: number): string | null {
  if (kind === 'note' && size > MIRROR_LIMITS.maxNoteFileBytes)
    return `is ${sizeLabel(size)}, over the ${sizeLabel(MIRROR_LIMITS.maxNoteFileBytes)} a note may hold (LIM1, MIR6)`;
  if (kind === 'attachment' && size > MIRROR_LIMITS.maxAttachmentBytes)
    return `is ${sizeLabel(size)}, over the ${sizeLabel(MIRROR_LIMITS.maxAttachmentBytes)} attachment limit (LIM12, MIR6)`;
  return null;
}

/** Bytes as people read them: `2 MiB`, `100.5 MiB`, `12 KiB`. */
export function sizeLabel(bytes: number): string {
  const units = ['bytes', 'KiB', 'MiB', 'GiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = Number.isInteger(value) || unit === 0 ? 0 : 1;
  return `${value.toFixed(digits)} ${units[unit]}`;
}
