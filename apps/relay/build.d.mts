/** Compiles the relay into dist/ (with `tests`, also the worker programs tests start, into dist-test/). */
export function buildRelay(options?: { tests?: boolean }): Promise<void>;

/** For a test run: the relay into dist/ only when its sources changed, the test programs into dist-test/. */
export function buildForTests(): Promise<void>;
