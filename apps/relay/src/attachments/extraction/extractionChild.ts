/**
 * The entry of an extraction child process: reads the one file its parent sends, answers with the result and exits.
 * A process per file means whatever a hostile file does to this process's memory ends with it.
 */
import { isExtractionJob } from './childMessages';
import { extractFile } from './extractFile';
import { crashed } from './extractionFailure';

// The parent's end of the IPC channel closes when it exits, even when it is killed: no child outlives it.
process.on('disconnect', () => process.exit(0));
process.once('message', (message) => void answer(message));

async function answer(message: unknown): Promise<void> {
  const result = isExtractionJob(message) ? await extractFile(message) : crashed();
  if (!process.send) process.exit(1);
  // Exiting only once the message is written: a 5-million-character text takes a while to leave.
  process.send(result, undefined, undefined, () => process.exit(0));
}
