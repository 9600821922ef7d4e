import { LIMITS } from '@baalda/core';
import * as decoding from 'lib0/decoding';

/** What a walk of an awareness message found. */
export type AwarenessVerdict = { ok: true } | { ok: false; tooLarge: boolean; message: string };

const AWARENESS = 1;

/**
 * PRES8: checks an awareness message's payload (`varUint8Array` of a y-protocols update: a count, then per
 * client its id, clock and state as JSON) before Hocuspocus applies it. Over LIM19 it is refused unread;
 * a payload that is not such an update would make Hocuspocus throw, which it answers by closing the
 * document connection with a stack trace in the log, so it is refused here with a reason instead.
 */
export function inspectAwareness(decoder: decoding.Decoder): AwarenessVerdict {
  const length = decoding.readVarUint(decoder);
  if (length > LIMITS.maxAwarenessBytes) {
    const message = `Awareness update of ${length} bytes is over ${LIMITS.maxAwarenessBytes}.`;
    return { ok: false, tooLarge: true, message };
  }
  if (length !== decoder.arr.length - decoder.pos) {
    return { ok: false, tooLarge: false, message: 'Awareness payload length does not match the frame.' };
  }
  try {
    readClientIds(decoding.createDecoder(decoding.readUint8Array(decoder, length)));
    return { ok: true };
  } catch {
    return { ok: false, tooLarge: false, message: 'Awareness update is not a list of client states.' };
  }
}

/** The client ids a frame's awareness update speaks for; none for any other frame (or one that can't be read). */
export function awarenessClientIdsOf(frame: Uint8Array): ReadonlySet<number> {
  try {
    const decoder = decoding.createDecoder(frame);
    decoding.readVarString(decoder);
    if (decoding.readVarUint(decoder) !== AWARENESS) return new Set();
    return readClientIds(decoding.createDecoder(decoding.readVarUint8Array(decoder)));
  } catch {
    return new Set();
  }
}

// Throws when the bytes are not whole entries: a count larger than what is left ends the bytes early.
function readClientIds(update: decoding.Decoder): Set<number> {
  const clientIds = new Set<number>();
  const count = decoding.readVarUint(update);
  for (let index = 0; index < count; index += 1) {
    clientIds.add(decoding.readVarUint(update));
    decoding.readVarUint(update);
    JSON.parse(decoding.readVarString(update));
  }
  if (decoding.hasContent(update)) throw new Error('bytes after the last state');
  return clientIds;
}
