import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { markdownOfDocument } from '@baalda/markdown';
import * as Y from 'yjs';
import { z } from 'zod';
import { paragraphsOf } from './mirrorWorkload';

const SAVED_STATE = z.object({
  entries: z.array(
    z.object({
      docId: z.string(),
      kind: z.string(),
      path: z.string(),
      disk: z.unknown().nullable(),
      trashOpId: z.string().nullable(),
    }),
  ),
});

/**
 * MIR14, what a mirror's `idle()` promises, checked the moment it resolves: every live note's file shows
 * the note's document as the mirror holds it (everything its socket received), paragraph for paragraph.
 * Synchronous on purpose: called right after `await mirror.idle()` in the mirror's own process, nothing
 * the socket hears afterwards can run before it reads. For notes without links (a workload's).
 */
export function idleBreaches(folder: string): string[] {
  const meta = join(folder, '.baalda');
  const state = SAVED_STATE.parse(JSON.parse(readFileSync(join(meta, 'state.json'), 'utf8')));
  const breaches: string[] = [];
  for (const entry of state.entries) {
    if (entry.kind !== 'note' || entry.trashOpId !== null || entry.disk === null) continue;
    const doc = new Y.Doc();
    Y.applyUpdate(doc, readFileSync(join(meta, 'docs', `${entry.docId}.yjs`)));
    const held = markdownOfDocument(doc);
    doc.destroy();
    const file = readFileSync(join(folder, ...entry.path.split('/')), 'utf8');
    if (paragraphsOf(file).join('\n\n') !== paragraphsOf(held).join('\n\n'))
      breaches.push(
        `${entry.path}: idle, the file holds ${JSON.stringify(file)}, the mirror's note ${JSON.stringify(held)}`,
      );
  }
  return breaches;
}
