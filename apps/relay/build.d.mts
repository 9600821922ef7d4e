/** Compiles the relay into dist/ (with `tests`, also the worker programs tests start, into dist-test/). */
export function buildRelay(options?: { tests?: boolean }): Promise<void>;

/** For a test run: the relay into dist/ only when its sources changed; with `testPrograms`, the test programs into dist-test/. */
export function buildForTests(options?: { testPrograms?: boolean }): Promise<void>;

/** The load benches' server processes (the relay's and bare Hocuspocus's hosts) into dist-bench/. */
export function buildBenchHosts(): Promise<void>;
