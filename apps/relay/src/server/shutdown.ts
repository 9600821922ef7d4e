import type { Hocuspocus } from '@hocuspocus/server';

const POLL_MS = 20;

/**
 * Resolves once Hocuspocus holds no documents (each was stored and unloaded), or after `timeoutMs`
 * with the names still held, so a failing database can't hang shutdown forever.
 */
export async function waitForDocumentsToUnload(hocuspocus: Hocuspocus, timeoutMs: number): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  // Documents whose last client left unload on their own after storing; a flush re-arms any whose
  // store was debounced again by a late update.
  while (hocuspocus.getDocumentsCount() > 0 && Date.now() < deadline) {
    hocuspocus.flushPendingStores();
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return [...hocuspocus.documents.keys()];
}
