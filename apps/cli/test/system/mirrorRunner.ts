import { type CliProcess, foreignLines, spawnCli } from '../mirrorHarness';

/**
 * The person's `baalda mirror` on their folder, as a real child process through its own link: started,
 * SIGKILLed and started again on the same folder, and stopped cleanly at the end (MIR10).
 */
export class MirrorRunner {
  private running: CliProcess | null = null;
  private readonly said: string[] = [];
  private incarnations = 0;

  constructor(
    readonly dir: string,
    private readonly url: string,
    private readonly vault: { vaultId: string; token: string },
  ) {}

  isRunning(): boolean {
    return this.running?.isRunning() === true;
  }

  async start(): Promise<void> {
    if (this.isRunning()) return;
    this.incarnations += 1;
    const auth = ['--token', this.vault.token, '--vault', this.vault.vaultId];
    this.running = await spawnCli(['mirror', '--url', this.url, ...auth, this.dir, '--interval', '100']);
    this.said.push(`(mirror ${this.incarnations} started)`);
  }

  async kill(): Promise<void> {
    const running = this.running;
    if (!running?.isRunning()) return;
    running.child.kill('SIGKILL');
    await running.exited;
    this.collect(running, 'SIGKILLed');
  }

  /** SIGTERM, as Ctrl-C: resolves with the exit code (MIR10 says 0). */
  async stop(): Promise<number | null> {
    const running = this.running;
    if (!running) return null;
    if (running.isRunning()) running.child.kill('SIGTERM');
    const code = await running.exited;
    this.collect(running, `stopped with exit code ${code}`);
    return code;
  }

  /** Lines that are not the mirror's own: a crash (Node's `Unhandled 'error' event`, a stack). */
  crashLines(): string[] {
    return foreignLines([...this.said, ...(this.running?.lines ?? [])]).filter((line) => !line.startsWith('(mirror'));
  }

  /** The last lines the mirrors said, for a failure message. */
  tail(count = 30): string {
    return [...this.said, ...(this.running?.lines ?? [])].slice(-count).join('\n');
  }

  private collect(running: CliProcess, how: string): void {
    this.said.push(...running.lines, `(mirror ${this.incarnations} ${how})`);
    if (this.running === running) this.running = null;
  }
}
