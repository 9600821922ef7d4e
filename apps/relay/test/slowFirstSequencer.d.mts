import type { BaseSequencer } from 'vitest/node';

/** Vitest's own order, except that the files named in `slowFiles` (path endings) start first, in that order. */
export function slowFirstSequencer(slowFiles: readonly string[]): typeof BaseSequencer;
