import { CliError } from '../cliError';
import { type Command, type CommandInput, TOKEN_OPTIONS } from '../commandTypes';
import { optionOf } from '../inputChecks';
import { startMirror } from './startMirror';

const INTERVAL = { min: 50, max: 60_000, default: 500 } as const;

/**
 * `mirror <dir>` keeps the folder and the vault in step both ways until SIGINT or SIGTERM, then
 * stops cleanly (MIR10) and exits 0; a second Ctrl-C exits at once (everything already written stays
 * consistent: MIR9). Log lines go to stderr; nothing is printed on stdout.
 */
async function runMirror(input: CommandInput): Promise<string> {
  const [dir = ''] = input.args;
  const intervalMs = intervalOf(optionOf(input, '--interval'));
  // Listening before the start: a stop asked for while the mirror still opens its notes waits for the
  // start to finish and then stops cleanly, instead of the signal's default ending the process mid-write.
  const stopAsked = untilStopSignal();
  const mirror = await startMirror({ dir, relay: input.relay(), intervalMs, log: input.note });
  await stopAsked;
  input.note('mirror: stopping (sending what is pending; Ctrl-C again to quit now)');
  process.once('SIGINT', () => process.exit(130));
  await mirror.stop();
  return '';
}

function intervalOf(raw: string | undefined): number {
  if (raw === undefined) return INTERVAL.default;
  const ms = /^\d{1,6}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(ms >= INTERVAL.min && ms <= INTERVAL.max))
    throw new CliError(`--interval takes milliseconds from ${INTERVAL.min} to ${INTERVAL.max}, not "${raw}".`);
  return ms;
}

function untilStopSignal(): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}

/** `mirror <dir>`: the vault as a folder of Markdown files and attachments, kept in step both ways until Ctrl-C. */
export const MIRROR_COMMAND: Command = {
  arity: 1,
  options: [...TOKEN_OPTIONS, '--url', '--interval'],
  usage: `  mirror <dir> [--interval MS]
                             keep <dir> and the vault in step both ways, as Markdown files and
                             attachments, until Ctrl-C (works offline; state in <dir>/.baalda)`,
  run: runMirror,
};
