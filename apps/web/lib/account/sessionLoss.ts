/**
 * "The relay no longer knows this browser's session" (a 401 `UNAUTHENTICATED` on any call). Any call can
 * notice it, but only the account gate can act on it (show sign-in), so the news travels through here
 * instead of through every caller's return value.
 */
const listeners = new Set<() => void>();

/** Called by the relay client when an answer says the session is gone. */
export function reportSessionLost(): void {
  for (const listener of listeners) listener();
}

/** Calls `listener` on every lost session; returns a function that stops listening. */
export function subscribeToSessionLoss(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
