import { docIdFromRandomBytes } from '@baalda/core';

/** A fresh id for a note or a tree op (OP1: op ids have the shape of doc ids, DOC2). */
export function randomId(): string {
  return docIdFromRandomBytes(crypto.getRandomValues(new Uint8Array(21)));
}
