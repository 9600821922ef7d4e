import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isConflictPath } from '../conflicts/conflictName';
import { pathKey } from '../paths/notePath';
import { createMemoryVault } from './memoryVault';
import type { CreateNoteOp } from './vaultOps';

const PATHS = [
  'Ideas.md',
  'ideas.md',
  'IDEAS.md',
  'Plans/Q1.md',
  'plans/q1.md',
  'Ideas (conflict 2026-11-30).md',
  'Notes/Ideas.md',
];
const DAY = Date.UTC(2026, 10, 30);

/** One offline client's creates: each note has a path and a text only its creator wrote. */
const clientArbitrary = (client: number) =>
  fc
    .array(fc.record({ pathIndex: fc.nat(PATHS.length - 1), minute: fc.nat(600) }), { minLength: 1, maxLength: 5 })
    .map((notes) =>
      notes.map((note, index) => ({
        op: {
          opId: `op_client${client}_note${String(index).padStart(8, '0')}`,
          kind: 'createNote' as const,
          docId: `doc_client${client}_note${String(index).padStart(8, '0')}`,
          path: PATHS[note.pathIndex] ?? 'Ideas.md',
          createdAt: DAY + note.minute * 60_000,
        } satisfies CreateNoteOp,
        text: `text written by client ${client}, note ${index}`,
      })),
    );

/** Delivery order: each client's outbox in its own order, clients interleaved, some batches resent. */
const scheduleArbitrary = fc.array(fc.record({ client: fc.nat(3), resend: fc.boolean() }), { maxLength: 60 });

describe('concurrent creates on offline clients', () => {
  it('[CN1, CN2, CN3] after sync every note exists exactly once, no two live notes share a path, no text is lost', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.tuple(clientArbitrary(0), clientArbitrary(1), clientArbitrary(2), clientArbitrary(3)),
        scheduleArbitrary,
        async (clients, schedule) => {
          const relay = createMemoryVault();
          const texts = new Map(clients.flat().map(({ op, text }) => [op.docId, text]));
          const delivered = clients.map(() => 0);
          const reported = new Map<string, string>();
          const deliverNext = async (client: number, resend: boolean) => {
            const outbox = clients[client] ?? [];
            const index = resend ? Math.max(0, delivered[client] - 1) : delivered[client];
            const item = outbox[index];
            if (!item) return;
            const outcome = await relay.apply(item.op, DAY);
            if (outcome.ok && outcome.path) reported.set(item.op.docId, outcome.path);
            if (!resend) delivered[client] += 1;
          };
          for (const step of schedule) await deliverNext(step.client, step.resend);
          // Every client eventually reconnects and drains its outbox.
          for (let client = 0; client < clients.length; client += 1) {
            while (delivered[client] < (clients[client]?.length ?? 0)) await deliverNext(client, false);
          }

          const live = relay.tree().notes;
          const docIds = live.map((note) => note.docId);
          expect(new Set(docIds).size).toBe(docIds.length);
          expect(new Set(docIds)).toEqual(new Set(texts.keys()));
          const keys = live.map((note) => pathKey(note.path));
          expect(new Set(keys).size).toBe(keys.length);
          for (const note of live) {
            // No text lost: each note is still the creator's own document, at the path its creator was told.
            expect(texts.get(note.docId)).toBeDefined();
            expect(reported.get(note.docId)).toBe(note.path);
            if (note.conflictOf !== null) expect(isConflictPath(note.path)).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
