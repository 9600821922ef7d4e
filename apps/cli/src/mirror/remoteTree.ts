import type { MirrorContext } from './mirrorContext';
import { failureOf, fetchTree, type RelayFailure } from './relayCalls';

// Offline, the relay is asked again after 0.5 s, 1 s, 2 s… at most every 5 s; the socket's reconnection
// (the vault channel syncing again) asks at once.
const RETRY_BASE_MS = 500;
const RETRY_MAX_MS = 5000;

/** Reads the tree when it may have changed (and the relay may be asked); records whether the relay answered. */
export async function refreshTree(ctx: MirrorContext): Promise<void> {
  const remote = ctx.remote;
  if (!remote.stale && remote.tree !== null) return;
  if (Date.now() < remote.retryAt) return;
  // Cleared before the read, not after: a change heard while the tree is read (or `idle()` asking) marks
  // it stale again, so a tree read before that change is never taken for the latest.
  remote.stale = false;
  try {
    remote.tree = await fetchTree(ctx.relay);
    markOnline(ctx);
  } catch (error) {
    remote.stale = true;
    markOffline(ctx, failureOf(error));
  }
}

/** MIR8: the relay could not be reached (or refused the token): work goes on locally, calls back off. */
export function markOffline(ctx: MirrorContext, failure: RelayFailure): void {
  const remote = ctx.remote;
  remote.failures += 1;
  remote.retryAt = Date.now() + Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** (remote.failures - 1));
  remote.online = false;
  remote.lastFailure = failure;
  const why = failure.code === null ? `relay unreachable (${failure.message})` : `relay refused: ${failure.message}`;
  ctx.log.once('relay', `${why}; working offline, changes wait in ${ctx.layout.meta}`);
}

function markOnline(ctx: MirrorContext): void {
  const remote = ctx.remote;
  const wasOffline = !remote.online;
  Object.assign(remote, { online: true, failures: 0, retryAt: 0 });
  if (wasOffline) ctx.log.once('relay', 'relay reachable again; sending what waited');
}
