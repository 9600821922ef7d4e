import { LIMITS, parseDocumentName, type RelayErrorCode } from '@baalda/core';
import * as decoding from 'lib0/decoding';
import { inspectAwareness } from './awarenessInspector';
import { inspectUpdate } from './updateInspector';

/** Hocuspocus message types a client may send (see @hocuspocus/server's MessageType). */
const CLIENT_MESSAGE_TYPES = new Set([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
const SYNC = 0;
const SYNC_REPLY = 4;
const AWARENESS = 1;
const AUTH = 2;
// y-protocols sync sub-messages: step 1 (state vector), step 2 (update), update.
const SYNC_SUBTYPES = new Set([0, 1, 2]);
const SYNC_STEP_1 = 0;

/** Why a frame was refused before Hocuspocus saw it. */
export type FrameRefusal = { ok: false; code: RelayErrorCode; message: string };

/**
 * Checks the envelope of a client frame — size, document name, message type, and for sync and auth
 * messages that the payload lengths add up — and walks the structure of every Yjs update it carries
 * (WS8) without decoding it: yjs#687's crafted updates stall a decoder, so untrusted bytes meet only
 * bounded reading here. Awareness updates are bounded by LIM19 and walked too (PRES8).
 */
export function inspectFrame(frame: Uint8Array): { ok: true; documentName: string } | FrameRefusal {
  if (frame.byteLength > LIMITS.maxFrameBytes) {
    return refuse('MESSAGE_TOO_LARGE', `Frame of ${frame.byteLength} bytes is over ${LIMITS.maxFrameBytes}.`);
  }
  try {
    return inspectEnvelope(decoding.createDecoder(frame));
  } catch {
    return refuse('MESSAGE_MALFORMED', 'Frame ended before its envelope did.');
  }
}

function inspectEnvelope(decoder: decoding.Decoder): { ok: true; documentName: string } | FrameRefusal {
  const nameLength = decoding.peekVarUint(decoder);
  if (nameLength > LIMITS.maxDocumentNameLength * 4) return refuse('DOCUMENT_NAME_INVALID', 'Document name too long.');
  const rawName = decoding.readVarString(decoder);
  // Session-aware providers address `name\0sessionId`; the document is the part before the NUL.
  const documentName = rawName.split('\0', 1)[0] ?? '';
  const name = parseDocumentName(documentName);
  if (!name.ok) return refuse(name.code, name.message);
  const type = decoding.readVarUint(decoder);
  if (!CLIENT_MESSAGE_TYPES.has(type)) return refuse('MESSAGE_MALFORMED', `Unknown message type ${type}.`);
  if (type === SYNC || type === SYNC_REPLY) return inspectSync(decoder, documentName);
  if (type === AWARENESS) {
    const awareness = inspectAwareness(decoder);
    if (!awareness.ok) return refuse(awareness.tooLarge ? 'MESSAGE_TOO_LARGE' : 'MESSAGE_MALFORMED', awareness.message);
  }
  if (type === AUTH) {
    decoding.readVarUint(decoder);
    decoding.readVarString(decoder);
  }
  return { ok: true, documentName };
}

function inspectSync(
  decoder: decoding.Decoder,
  documentName: string,
): { ok: true; documentName: string } | FrameRefusal {
  const subtype = decoding.readVarUint(decoder);
  if (!SYNC_SUBTYPES.has(subtype)) return refuse('MESSAGE_MALFORMED', `Unknown sync message ${subtype}.`);
  const payloadLength = decoding.readVarUint(decoder);
  if (payloadLength !== decoder.arr.length - decoder.pos) {
    return refuse('MESSAGE_MALFORMED', 'Sync payload length does not match the frame.');
  }
  if (subtype === SYNC_STEP_1) return { ok: true, documentName };
  const update = inspectUpdate(decoder.arr.subarray(decoder.pos));
  return update.ok ? { ok: true, documentName } : refuse('MESSAGE_MALFORMED', update.message);
}

function refuse(code: RelayErrorCode, message: string): FrameRefusal {
  return { ok: false, code, message };
}
