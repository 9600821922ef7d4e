/**
 * The environment that limits glibc's malloc to `arenas` arenas (MALLOC_ARENA_MAX), for a relay measured
 * beside one run as `npm start` runs it. `flag` names the command-line flag in the error.
 */
export function arenaLimitEnv(arenas: number, flag = '--arena-max'): Readonly<Record<string, string>> {
  if (!Number.isInteger(arenas) || arenas < 1) throw new Error(`${flag} wants a whole number ≥ 1, not ${arenas}`);
  return { MALLOC_ARENA_MAX: String(arenas) };
}
