import { type ChildProcess, spawn } from 'node:child_process';

/** Processes spinning on the CPU beside a test, as CI's runner has them (another job, a `yes > /dev/null`). */
export interface CpuLoad {
  /** Ends every process and waits until each has exited. */
  close(): Promise<void>;
}

/** Starts `count` Node processes that each keep one core busy until `close()`. */
export function startCpuLoad(count: number): CpuLoad {
  const spinners: ChildProcess[] = Array.from({ length: count }, () =>
    spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
  );
  return {
    async close() {
      await Promise.all(
        spinners.map((child) => {
          if (child.exitCode !== null || child.signalCode !== null) return undefined;
          const exited = new Promise((resolve) => child.once('exit', resolve));
          child.kill('SIGKILL');
          return exited;
        }),
      );
    },
  };
}
