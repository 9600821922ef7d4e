import { isValidDocId, isValidVaultId } from '@baalda/core';

/**
 * What one relay tells the others sharing its database (SCALE3–SCALE5). Events name rows and ids only,
 * never text or paths: each relay re-reads what it needs from the database, which stays the one truth.
 */
export type ScaleEvent =
  /** SCALE3: these `note_index` rows were committed (written, placed or deleted): re-read them. */
  | { readonly type: 'index'; readonly docIds: readonly string[] }
  /** SCALE4: these notes were purged: let their sync clients go. */
  | { readonly type: 'purged'; readonly docIds: readonly string[] }
  /** SCALE5: the vault's tree has this version now: tell the channel's clients. */
  | { readonly type: 'tree'; readonly vaultId: string; readonly version: number }
  /** SCALE7: the sender could not publish some events: re-read everything events describe. */
  | { readonly type: 'resync' };

/** An event as it travels: `from` is the sending relay's identifier, so a relay skips its own. */
export type ScaleMessage = ScaleEvent & { readonly from: string };

/** More ids than this in one message are a sender's bug: a batch is one tick's changes. */
const MAX_IDS = 10_000;

/** Checks a message's shape; anything else on the channel (another version, a stray publisher) is null. */
export function parseScaleMessage(raw: string): ScaleMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const message = value as Record<string, unknown>;
  if (typeof message.from !== 'string' || message.from === '') return null;
  switch (message.type) {
    case 'index':
    case 'purged':
      return isDocIdList(message.docIds) ? { type: message.type, docIds: message.docIds, from: message.from } : null;
    case 'resync':
      return { type: 'resync', from: message.from };
    case 'tree':
      return typeof message.vaultId === 'string' &&
        isValidVaultId(message.vaultId) &&
        Number.isSafeInteger(message.version) &&
        (message.version as number) >= 0
        ? { type: 'tree', vaultId: message.vaultId, version: message.version as number, from: message.from }
        : null;
    default:
      return null;
  }
}

function isDocIdList(value: unknown): value is string[] {
  return (
    Array.isArray(value) &&
    value.length <= MAX_IDS &&
    value.every((docId) => typeof docId === 'string' && isValidDocId(docId))
  );
}
