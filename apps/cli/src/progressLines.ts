// Often enough to see thousands of files move, rarely enough not to flood the terminal.
const EVERY_MS = 2000;

/**
 * XFER9: a long command's progress, at most one line every 2 s: `say(done, total)` is called after each
 * item and writes only when 2 s passed since the last line (and never for the last item, which the
 * command's summary reports). A command done within 2 s writes nothing.
 */
export function progressLines(
  write: (line: string) => void,
  label: string,
  clock: () => number = Date.now,
): (done: number, total: number) => void {
  let lastAt = clock();
  return (done, total) => {
    const now = clock();
    if (done >= total || now - lastAt < EVERY_MS) return;
    lastAt = now;
    write(`${label}: ${done} / ${total}`);
  };
}
