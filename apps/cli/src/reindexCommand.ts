import { ADMIN_OPTIONS, type Command, type CommandInput } from './commandTypes';
import { optionOf } from './inputChecks';

/** `reindex [--embedder NAME]`: rebuilds the search index; a progress bar on a TTY, silence otherwise. */
async function reindex(input: CommandInput): Promise<string> {
  const progress = process.stderr;
  const draw = (done: number, total: number) => {
    if (!progress.isTTY) return;
    const width = 30;
    const filled = total === 0 ? width : Math.round((done / total) * width);
    progress.write(`\r[${'#'.repeat(filled)}${' '.repeat(width - filled)}] ${done}/${total} notes`);
  };
  const result = await (await input.admin()).reindex(optionOf(input, '--embedder'), draw);
  if (progress.isTTY) progress.write('\n');
  const rate = result.seconds > 0 ? Math.round(result.done / result.seconds) : result.done;
  return `reindexed ${result.done} notes with ${result.embedder} in ${result.seconds.toFixed(1)} s (${rate} notes/s)`;
}

/** IDX5, as the relay's operator. */
export const REINDEX_COMMAND: Command = {
  arity: 0,
  options: ['--embedder', ...ADMIN_OPTIONS],
  usage: '  reindex [--embedder NAME]                        rebuild the search index from the stored notes',
  run: reindex,
};
