/** Runs tasks one after another, in call order; a failed task does not stop the ones after it. */
export type SerialQueue = <T>(task: () => Promise<T>) => Promise<T>;

export function createSerialQueue(): SerialQueue {
  let tail: Promise<unknown> = Promise.resolve();
  return (task) => {
    const run = tail.then(task);
    tail = run.catch(() => undefined);
    return run;
  };
}

/**
 * A task that never runs twice at once. Asking while it runs schedules exactly one more run afterwards
 * (whatever prompted the call may have happened after the running one read its inputs), and every caller
 * gets a promise that settles once that later run is done.
 */
export interface SingleFlight {
  run(): Promise<void>;
}

export function createSingleFlight(task: () => Promise<void>): SingleFlight {
  let running: Promise<void> | undefined;
  let again = false;
  const loop = async () => {
    try {
      do {
        again = false;
        await task();
      } while (again);
    } finally {
      running = undefined;
    }
  };
  return {
    run() {
      if (running) {
        again = true;
        return running;
      }
      running = loop();
      return running;
    },
  };
}
