/** Runs passes one at a time: every `intervalMs`, and soon after a wake-up. */
export interface PassLoop {
  /** Asks for a pass soon (a relay edit, a tree change): within ~20 ms, or right after the running one. */
  wake(): void;
  /** Resolves after the first pass that starts after this call and reports itself settled. */
  idle(): Promise<void>;
  /** Runs no more passes; resolves once the running one ended (and resolves every idle waiter). */
  stop(): Promise<void>;
}

const WAKE_DELAY_MS = 20;

/** Starts the loop; `run` is one pass, true when it was settled; its errors go to `onError`. */
export function startPassLoop(options: {
  run: () => Promise<boolean>;
  intervalMs: number;
  onError: (error: unknown) => void;
}): PassLoop {
  let started = 0;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let dueAt = Number.POSITIVE_INFINITY;
  const waiters: Array<{ after: number; resolve: () => void }> = [];

  // Keeps an earlier pass rather than pushing it back, so a stream of wake-ups can't starve the loop.
  function schedule(delay: number): void {
    if (stopped || Date.now() + delay >= dueAt) return;
    clearTimeout(timer);
    dueAt = Date.now() + delay;
    timer = setTimeout(tick, delay);
  }

  async function tick(): Promise<void> {
    dueAt = Number.POSITIVE_INFINITY;
    if (running) {
      again = true;
      return;
    }
    started += 1;
    running = runOne(started);
    await running;
    running = null;
    schedule(again ? 0 : options.intervalMs);
    again = false;
  }

  async function runOne(number: number): Promise<void> {
    const settled = await options.run().catch((error: unknown) => {
      options.onError(error);
      return false;
    });
    if (!settled) return;
    for (const waiter of waiters.filter((candidate) => candidate.after < number)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  }

  schedule(0);
  return {
    wake: () => schedule(WAKE_DELAY_MS),
    idle: () =>
      new Promise<void>((resolve) => {
        waiters.push({ after: started, resolve });
        schedule(0);
      }),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      for (const waiter of waiters.splice(0)) waiter.resolve();
    },
  };
}
