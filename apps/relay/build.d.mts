/** Compiles the relay into dist/ (with `tests`, also the worker programs tests start). */
export function buildRelay(options?: { tests?: boolean }): Promise<void>;
