import { parseDocumentName } from '@baalda/core';
import type { Hocuspocus } from '@hocuspocus/server';

/** The ids of the notes whose documents this relay holds open (vault channels left out). */
export function openNoteIds(hocuspocus: Hocuspocus): string[] {
  const ids: string[] = [];
  for (const name of hocuspocus.documents.keys()) {
    const address = parseDocumentName(name);
    if (address.ok && address.kind === 'note') ids.push(address.docId);
  }
  return ids;
}
