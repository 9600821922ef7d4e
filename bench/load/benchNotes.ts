import { formatNoteDocumentName } from '@baalda/core';
import { API } from '@baalda/core/api';
import { type AuthedRelay, answerOf, asOwner } from '../benchAccount';

/** The doc id of bench note `index`: `prefix` (letters, at most 14) padded with its number to 20 characters. */
export function benchDocId(prefix: string, index: number): string {
  return `${prefix}_${String(index).padStart(19 - prefix.length, '0')}`;
}

/** The sync document name of bench note `index`. */
export function benchDocumentName(prefix: string, index: number): string {
  return formatNoteDocumentName(benchDocId(prefix, index));
}

/**
 * Creates notes `0 … count - 1` in vault `default` as a client does (createNote ops, at most 100 a batch),
 * so the relay holds their tree and index rows, as for any note a person made. Nothing for bare Hocuspocus.
 */
export async function createBenchNotes(
  relay: AuthedRelay & { readonly kind?: 'baalda' | 'bare' },
  prefix: string,
  count: number,
): Promise<void> {
  // Bare Hocuspocus has no tree: any document name is a document.
  if (relay.kind === 'bare') return;
  for (let start = 0; start < count; start += 100) {
    const ops = Array.from({ length: Math.min(100, count - start) }, (_, offset) => {
      const index = start + offset;
      const docId = benchDocId(prefix, index);
      return {
        opId: `op_${docId}`,
        kind: 'createNote' as const,
        docId,
        path: `Bench/${prefix} ${index}.md`,
        createdAt: Date.now(),
      };
    });
    answerOf(await asOwner(relay).call(API.applyOps, { params: { vaultId: 'default' }, body: { ops } }), 'bench notes');
  }
}
