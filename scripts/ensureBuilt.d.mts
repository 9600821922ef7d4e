/** Builds what is stale; the relay always, the web app when `web` is set. */
export function ensureBuilt(options: { web: boolean }): Promise<void>;
