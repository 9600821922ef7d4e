// The long-profile scripts' `--name N` flags: a whole number above 0, or the script stops with exit 2 and says
// which flag was wrong (a typo must not start an hour-long run with a default).

/** The value after `--name` in the command line, or `fallback` when the flag is absent. */
export function readWholeFlag(name, fallback) {
  const at = process.argv.indexOf(`--${name}`);
  if (at < 0) return fallback;
  const value = Number(process.argv[at + 1]);
  if (!Number.isSafeInteger(value) || value < 1) {
    console.error(`--${name} takes a whole number above 0, got ${process.argv[at + 1]}`);
    process.exit(2);
  }
  return value;
}
