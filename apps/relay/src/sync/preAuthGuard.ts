import { LIMITS } from '@baalda/core';
import type { FrameRefusal } from './frameInspector';

/**
 * WS10 (LIM17): sync sockets open and not yet authenticated, by client address. A socket is counted
 * from its upgrade until it authenticates or closes, so a flood of silent sockets is bounded per
 * address and in all, while sockets that authenticated never count.
 */
export class PendingSockets {
  private readonly byAddress = new Map<string, number>();
  private total = 0;

  /** Counts one more pending socket from `address`; false (nothing counted) when a limit is reached. */
  tryAdd(address: string): boolean {
    const fromAddress = this.byAddress.get(address) ?? 0;
    if (fromAddress >= LIMITS.maxPendingSocketsPerAddress || this.total >= LIMITS.maxPendingSockets) return false;
    this.byAddress.set(address, fromAddress + 1);
    this.total += 1;
    return true;
  }

  remove(address: string): void {
    const fromAddress = this.byAddress.get(address) ?? 0;
    if (fromAddress <= 1) this.byAddress.delete(address);
    else this.byAddress.set(address, fromAddress - 1);
    this.total -= 1;
  }
}

/**
 * WS9 (LIM16): one socket's budget before its first authenticated document: a deadline, frames,
 * distinct document names and bytes. Hocuspocus bounds its own pre-auth queues too, but closes with a bare
 * "Reset Connection"; this refuses earlier, with a reason naming the rule.
 */
export class PreAuthGuard {
  private isAuthenticated = false;
  private isReleased = false;
  private readonly documents = new Set<string>();
  private bytes = 0;
  private frames = 0;
  private readonly deadline: NodeJS.Timeout;

  constructor(
    private readonly pending: PendingSockets,
    private readonly address: string,
    onDeadline: (refusal: FrameRefusal) => void,
  ) {
    this.deadline = setTimeout(
      () =>
        onDeadline({
          ok: false,
          code: 'AUTH_TIMEOUT',
          message: `No document authenticated within ${LIMITS.authDeadlineMs} ms.`,
        }),
      LIMITS.authDeadlineMs,
    );
  }

  /** A refusal when this frame, still before authentication, breaks the budget; null when it may pass. */
  check(documentName: string, frameBytes: number): FrameRefusal | null {
    if (this.isAuthenticated) return null;
    this.bytes += frameBytes;
    this.frames += 1;
    if (this.frames > LIMITS.maxPreAuthFrames) {
      return preAuthRefusal(`More than ${LIMITS.maxPreAuthFrames} frames before authentication.`);
    }
    if (this.bytes > LIMITS.maxPreAuthBytes) {
      return preAuthRefusal(`More than ${LIMITS.maxPreAuthBytes} bytes before authentication.`);
    }
    this.documents.add(documentName);
    if (this.documents.size > LIMITS.maxPreAuthDocuments) {
      return preAuthRefusal(`More than ${LIMITS.maxPreAuthDocuments} documents before authentication.`);
    }
    return null;
  }

  /** The socket has authenticated a document: from now on Hocuspocus's per-document limits apply. */
  markAuthenticated(): void {
    this.isAuthenticated = true;
    this.documents.clear();
    this.release();
  }

  /** The socket closed (or authenticated): stop the deadline and leave the pending count. */
  release(): void {
    clearTimeout(this.deadline);
    if (this.isReleased) return;
    this.isReleased = true;
    this.pending.remove(this.address);
  }
}

function preAuthRefusal(message: string): FrameRefusal {
  return { ok: false, code: 'PRE_AUTH_LIMIT', message };
}
