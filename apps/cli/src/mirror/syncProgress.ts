import type { MirrorContext } from './mirrorContext';

// Often enough to see a first run move, rarely enough that thousands of notes don't flood the terminal.
const REPORT_EVERY_MS = 2000;

/**
 * MIR12: while notes are not in step with the relay (no file yet, or changes not acknowledged), one line
 * every 2 s with how many are, of how many, and what the rest wait for; once all are, one line with the
 * time it took. A sync that settles within 2 s says nothing at all.
 */
export class SyncProgress {
  private behindSince: number | null = null;
  private hasReported = false;
  private reportedAt = 0;

  constructor(private readonly clock: () => number = Date.now) {}

  report(ctx: MirrorContext): void {
    const { inStep, total } = countNotes(ctx);
    const now = this.clock();
    if (inStep === total) {
      this.finish(ctx, total, now);
      return;
    }
    if (this.behindSince === null) {
      this.behindSince = now;
      this.reportedAt = now;
    }
    if (now - this.reportedAt < REPORT_EVERY_MS) return;
    this.reportedAt = now;
    this.hasReported = true;
    ctx.log.line(`notes in step with the relay: ${inStep} / ${total}; ${waitingFor(ctx)}`);
  }

  private finish(ctx: MirrorContext, total: number, now: number): void {
    if (this.hasReported && this.behindSince !== null) {
      const seconds = ((now - this.behindSince) / 1000).toFixed(1);
      ctx.log.line(`all ${total} notes in step with the relay (${seconds} s)`);
    }
    this.behindSince = null;
    this.hasReported = false;
  }
}

function countNotes(ctx: MirrorContext): { inStep: number; total: number } {
  let inStep = 0;
  let total = 0;
  for (const entry of ctx.state.entries.values()) {
    if (entry.kind !== 'note' || entry.trashOpId !== null) continue;
    total += 1;
    const link = ctx.docs.get(entry.docId)?.link;
    if (link?.denial() != null || (entry.disk !== null && link?.isSynced() === true)) inStep += 1;
  }
  return { inStep, total };
}

function waitingFor(ctx: MirrorContext): string {
  if (!ctx.remote.online) return 'waiting for the relay (unreachable; retrying)';
  if (!ctx.sync.isConnected()) return 'waiting for the relay (sync socket connecting)';
  return `${ctx.sync.waitingCount()} waiting for the relay to open them (SW1)`;
}
