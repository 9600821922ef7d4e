import type { BrowserContext, Route } from '@playwright/test';

/**
 * Takes a person's browser off the network and back. `setOffline` alone proved leaky in CI: twice a
 * note created "offline" reached the relay (Chromium's offline emulation and service-worker-controlled
 * pages don't always agree, see microsoft/playwright#2311). So while offline, every request to the relay's
 * API is also refused by a route, as a dead network would: tree changes stay queued whatever the emulation
 * does. (The sync socket is left to the emulation and to the app's own `offline` handling: a proxied socket
 * would lose the session cookie the relay authenticates it with.)
 */
interface NetworkSwitch {
  offline: boolean;
}

const switches = new WeakMap<BrowserContext, NetworkSwitch>();

export async function goOffline(context: BrowserContext): Promise<void> {
  const network = await networkSwitchOf(context);
  network.offline = true;
  await context.setOffline(true);
}

export async function goOnline(context: BrowserContext): Promise<void> {
  const network = await networkSwitchOf(context);
  network.offline = false;
  await context.setOffline(false);
}

async function networkSwitchOf(context: BrowserContext): Promise<NetworkSwitch> {
  const existing = switches.get(context);
  if (existing) return existing;
  const network: NetworkSwitch = { offline: false };
  switches.set(context, network);
  await context.route(isRelayApi, (route: Route) =>
    network.offline ? route.abort('internetdisconnected') : route.fallback(),
  );
  return network;
}

function isRelayApi(url: URL): boolean {
  // Every route the API declares lives under this first segment (its own path too).
  return url.pathname.split('/')[1] === 'api';
}
