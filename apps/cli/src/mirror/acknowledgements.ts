import type { MirrorLog } from './mirrorLog';
import type { NoteDocs } from './noteDocs';

interface Expected {
  readonly path: string;
  readonly what: string;
}

/**
 * MIR11: the `→ relay` lines of note texts, held until the relay has acknowledged the change. A line
 * that says "sent" while the edit sits unanswered lied to the person who saw it (an appended line was logged
 * as sent and never reached the vault); until then the edit is kept in `.baalda/docs/` (MIR8) and the
 * socket resends it on every reconnect.
 */
export class PendingAcknowledgements {
  private readonly expected = new Map<string, Expected>();

  constructor(private readonly log: MirrorLog) {}

  /** The note's document holds a change for the relay; `what` says what (`edited`, `created`…). */
  expect(docId: string, path: string, what: string): void {
    const earlier = this.expected.get(docId);
    // A note created and then edited before the relay answered is still, to the reader, created.
    this.expected.set(docId, { path, what: earlier?.what.startsWith('created') ? earlier.what : what });
  }

  /** Logs each change the relay acknowledged; a note closed or refused meanwhile has its own line. */
  report(docs: NoteDocs): void {
    for (const [docId, { path, what }] of this.expected) {
      const note = docs.get(docId);
      if (note && note.link.denial() === null && !note.link.isSynced()) continue;
      this.expected.delete(docId);
      if (note && note.link.denial() === null) this.log.line(`${path} → relay (${what})`);
    }
  }

  /** Changes written here and not yet acknowledged. */
  get count(): number {
    return this.expected.size;
  }
}
