/** The Node.js flags the relay runs with (`npm start`, `npm run relays`, the load benches). */
export const RELAY_NODE_FLAGS: readonly string[];

/** The package.json start script's problem, or null when it passes every flag. */
export function startScriptProblem(): string | null;

/** What the launchers that spawn a relay add to its environment (glibc's MALLOC_ARENA_MAX). */
export const RELAY_ENV: Readonly<Record<string, string>>;
