/**
 * The environment that limits glibc's malloc to `arenas` arenas (MALLOC_ARENA_MAX), for a relay measured
 * beside one run as `npm start` runs it; a count that is not a whole number ≥ 1 is refused (`--arena-max`).
 */
export function arenaLimitEnv(arenas: number): Readonly<Record<string, string>> {
  if (!Number.isInteger(arenas) || arenas < 1) throw new Error(`--arena-max wants a whole number ≥ 1, not ${arenas}`);
  return { MALLOC_ARENA_MAX: String(arenas) };
}
