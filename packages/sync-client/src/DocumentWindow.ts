import { LIMITS } from '@baalda/core';

/** Who goes first when documents wait: a note a person has open before a background catch-up. */
export type WindowPriority = 'foreground' | 'background';

/**
 * SW1: documents one socket may have waiting for the relay's answer to their authentication at once.
 * Well under the relay's own bounds, WS9's documents before a socket's first authentication
 * (LIMITS.maxPreAuthDocuments, 50) and Hocuspocus's pending documents per connection (100), so a client
 * of ours never meets them however many documents it opens; they stay there for strangers.
 */
export const WINDOW_SIZE = 16;

if (WINDOW_SIZE >= LIMITS.maxPreAuthDocuments) throw new Error('SW1: the window must stay under WS9');

interface Waiter {
  readonly member: object;
  readonly priority: WindowPriority;
  readonly grant: (granted: boolean) => void;
}

/**
 * SW1: the documents of one socket that are waiting for the relay's answer to their authentication,
 * never more than `size` at once. A document asks for a slot each time the socket opens; it holds it from
 * its first frame until the relay accepts or refuses it, then gives it to the next in line (foreground
 * first, then in the order they asked). A socket that closes takes every slot and every place in line
 * with it: the next connection starts over.
 */
export class DocumentWindow {
  private readonly waiting: Waiter[] = [];
  private readonly holding = new Set<object>();

  constructor(private readonly size: number = WINDOW_SIZE) {}

  /** Resolves true once `member` may send its first frame, false if it was withdrawn first. */
  request(member: object, priority: WindowPriority = 'background'): Promise<boolean> {
    this.withdraw(member);
    return new Promise((grant) => {
      this.enqueue({ member, priority, grant });
      this.grantFreeSlots();
    });
  }

  private enqueue(waiter: Waiter): void {
    const firstBackground = this.waiting.findIndex((queued) => queued.priority === 'background');
    if (waiter.priority === 'foreground' && firstBackground >= 0) this.waiting.splice(firstBackground, 0, waiter);
    else this.waiting.push(waiter);
  }

  /** `member`, waiting in the background line, goes to the foreground one (a person opened its note). */
  promote(member: object): void {
    const index = this.waiting.findIndex((queued) => queued.member === member && queued.priority === 'background');
    if (index < 0) return;
    const [waiter] = this.waiting.splice(index, 1) as [Waiter];
    this.enqueue({ ...waiter, priority: 'foreground' });
  }

  /** The relay answered `member` (accepted or refused): its slot goes to the next in line. */
  settle(member: object): void {
    if (this.holding.delete(member)) this.grantFreeSlots();
  }

  /** `member` leaves the window, holding a slot or still in line (its socket closed, it was destroyed). */
  withdraw(member: object): void {
    const index = this.waiting.findIndex((queued) => queued.member === member);
    if (index >= 0) this.waiting.splice(index, 1)[0]?.grant(false);
    this.settle(member);
  }

  /** Documents holding a slot now (sent their first frame, no answer yet). */
  get pendingCount(): number {
    return this.holding.size;
  }

  /** Documents in line for a slot. */
  get waitingCount(): number {
    return this.waiting.length;
  }

  private grantFreeSlots(): void {
    while (this.holding.size < this.size) {
      const next = this.waiting.shift();
      if (!next) return;
      this.holding.add(next.member);
      next.grant(true);
    }
  }
}
