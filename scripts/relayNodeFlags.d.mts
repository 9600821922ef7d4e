/** The Node.js flags the relay runs with (`npm start`, `npm run relays`, the load benches). */
export const RELAY_NODE_FLAGS: readonly string[];

/** The package.json start script's problem, or null when it passes every flag. */
export function startScriptProblem(): string | null;
