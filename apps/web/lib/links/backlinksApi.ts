import { BACKLINKS_ANSWER, type Result } from '@baalda/core';
import { API } from '@baalda/core/api';
import type { z } from 'zod';
import { readAnswer } from '../relayAnswer';
import { callRelay, type RelayCallCode } from '../relayApi';

/** The notes linking to one note, as the relay last said (BL2). */
export type Backlinks = z.infer<typeof BACKLINKS_ANSWER>;

/** `GET /api/vaults/:vault/notes/:docId/backlinks`, its answer checked against core's contract (CT1). */
export async function fetchBacklinks(vaultId: string, docId: string): Promise<Result<Backlinks, RelayCallCode>> {
  const read = readAnswer(await callRelay(API.listBacklinks, { params: { vaultId, docId } }), BACKLINKS_ANSWER);
  return read.ok ? { ok: true, ...read.answer } : read;
}

/** The last answer kept on this device, or null (none yet, or unreadable: it is only a convenience). */
export function readKeptBacklinks(storage: Pick<Storage, 'getItem'>, key: string): Backlinks | null {
  try {
    const parsed = BACKLINKS_ANSWER.safeParse(JSON.parse(storage.getItem(key) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Keeps an answer for when the device is offline; a full or missing storage is not worth an error. */
export function keepBacklinks(storage: Pick<Storage, 'setItem'>, key: string, backlinks: Backlinks): void {
  try {
    storage.setItem(key, JSON.stringify(backlinks));
  } catch {}
}
