import type { VaultOp } from '@baalda/core';
import { eventually } from '../clients';
import { seededRandom } from '../seededRandom';
import { type ChaosClient, openChaosClient } from './chaosClient';
import {
  type ChaosPlan,
  type ChaosProfile,
  CLIENT_NAMES,
  NOTES_PER_RUN,
  namesOf,
  pick,
  planRun,
  randomTreeOp,
} from './chaosPlan';
import { type ConvergedRun, checkConverged } from './convergenceChecks';
import { type FaultyProxy, NO_FAULTS, startFaultyProxy } from './faultyProxy';
import type { RelayCluster } from './relayCluster';
import { gateOf } from './relayGate';

let runCounter = 0;

/**
 * How long a run waits for clients to sync (at the start, after healing) or for ops to be answered. These
 * bound liveness, not correctness: on a loaded two-core machine a relay restart alone takes 15 s.
 */
const PATIENCE_MS = 45_000;

/** The relay in `src/main.ts` stores after 1 s of quiet and at least every 2 s (DUR1's store window), plus slack. */
const STORE_WINDOW_MS = 2500;

/**
 * One seeded chaos run: five clients edit three notes and the tree through faulty proxies while relays may
 * be SIGKILLed; then the network heals and every replica must agree (see convergenceChecks). The seed
 * decides every choice; only timing differs between two runs of a seed.
 */
export async function runChaosSeed(cluster: RelayCluster, seed: number, profile: ChaosProfile): Promise<ConvergedRun> {
  const random = seededRandom(seed);
  const plan = planRun(seed, random, profile, cluster.syncUrls.length);
  runCounter += 1;
  const names = namesOf(seed, runCounter);
  const noteIds = Array.from({ length: NOTES_PER_RUN }, (_, index) => names.noteId(index));
  const gate = gateOf(cluster);
  const proxies = await Promise.all(
    cluster.syncUrls.map((url, index) => startFaultyProxy(url, seededRandom(seed * 31 + index))),
  );
  const clients: ChaosClient[] = [];
  const timer = phaseTimer(seed);
  try {
    // With the relays up: another run's kill waits until this run's notes exist and its clients synced.
    const initialPaths = await gate.withRelaysUp(async () => {
      const paths = await createNotes(cluster, noteIds, names.folder);
      for (const [index, name] of CLIENT_NAMES.entries()) {
        const url = (proxies[plan.homes[index] ?? 0] as FaultyProxy).url;
        clients.push(openChaosClient({ name, clientNumber: index, seed, url, token: cluster.token, docIds: noteIds }));
      }
      await eventually(
        () => clients.every((client) => client.isSynced()),
        () => 'clients never synced',
        PATIENCE_MS,
      );
      return paths;
    });
    timer.lap('connect');
    const sentOps = await playSteps({ cluster, plan, random, clients, proxies, names, noteIds });
    timer.lap(`play ${plan.steps} steps${plan.kill ? ' (kill)' : ''}`);
    if (plan.kill) await gate.restart(plan.kill.relay);
    return await gate.withRelaysUp(async () => {
      await heal(clients, proxies);
      const healedAt = Date.now();
      timer.lap('heal');
      const converged = await checkConverged({ cluster, clients, noteIds, sentOps, initialPaths, plan });
      timer.lap('check');
      // DUR1: until a store window has passed, the merged state may live only in relay memory and in these
      // clients; a kill then (another run's) is repaired by the clients resending — so they stay till then.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, healedAt + STORE_WINDOW_MS - Date.now())));
      return converged;
    });
  } finally {
    for (const client of clients) client.destroy();
    await Promise.all(proxies.map((proxy) => proxy.close()));
  }
}

interface Stage {
  readonly cluster: RelayCluster;
  readonly plan: ChaosPlan;
  readonly random: () => number;
  readonly clients: ChaosClient[];
  readonly proxies: FaultyProxy[];
  readonly names: ReturnType<typeof namesOf>;
  readonly noteIds: string[];
}

/** The random part: edits, tree ops, clients going offline, cut connections, a relay killed. */
async function playSteps(stage: Stage): Promise<VaultOp[]> {
  const { plan, random, clients, proxies } = stage;
  for (const proxy of proxies) proxy.setFaults(plan.faults);
  const known = [...stage.noteIds];
  const sentOps: VaultOp[] = [];
  const gate = gateOf(stage.cluster);
  let restarting: Promise<void> | null = null;
  for (let step = 0; step < plan.steps; step += 1) {
    if (plan.kill?.atStep === step) await gate.kill(plan.kill.relay);
    if (plan.kill && step === plan.kill.atStep + plan.kill.downSteps) restarting = gate.restart(plan.kill.relay);
    const client = pick(clients, random);
    const roll = random();
    if (roll < 0.7) client.edit(pick(stage.noteIds, random), random);
    else if (roll < 0.85) {
      const op = randomTreeOp(random, stage.names, known, sentOps.length);
      sentOps.push(op);
      client.sendOp(op);
    } else if (roll < 0.93) toggleOnline(client);
    else if (roll < 0.96) pick(proxies, random).cutAll();
    await new Promise((resolve) => setTimeout(resolve, Math.floor(random() * 8)));
  }
  await restarting;
  return sentOps;
}

function toggleOnline(client: ChaosClient): void {
  if (client.isOnline()) client.goOffline();
  else client.goOnline();
}

/** Ends the faults, brings every client back, and resends what is still unanswered (relays are up). */
async function heal(clients: ChaosClient[], proxies: FaultyProxy[]): Promise<void> {
  for (const proxy of proxies) proxy.setFaults(NO_FAULTS);
  for (const client of clients) client.goOnline();
  // Messages lost on the way left gaps only a new sync handshake repairs (as after any reconnect).
  for (const proxy of proxies) proxy.cutAll();
  await eventually(
    () => clients.every((client) => client.isSynced()),
    () =>
      `not synced after healing: ${clients
        .filter((client) => !client.isSynced())
        .map((client) => client.syncState())
        .join(' | ')}`,
    PATIENCE_MS,
  );
  let lastResend = 0;
  await eventually(
    () => {
      if (Date.now() - lastResend > 1500) {
        lastResend = Date.now();
        for (const client of clients) client.resendPendingOps();
      }
      return clients.every((client) => client.pendingOps.size === 0);
    },
    () => `ops never answered: ${clients.flatMap((client) => [...client.pendingOps.keys()])}`,
    PATIENCE_MS,
  );
}

async function createNotes(cluster: RelayCluster, noteIds: string[], folder: string): Promise<Map<string, string>> {
  const paths = new Map(noteIds.map((docId, index) => [docId, `${folder}/a/Note ${index}.md`]));
  const ops = noteIds.map((docId) => ({
    opId: `${docId}_create`,
    kind: 'createNote',
    docId,
    path: paths.get(docId),
    createdAt: Date.now(),
  }));
  const response = await postWithReplays(`${cluster.httpUrl}/api/vaults/default/ops`, cluster.token, { ops });
  const body = (await response.json()) as { results?: Array<{ ok: boolean }> };
  if (!response.ok || !body.results?.every((result) => result.ok)) {
    throw new Error(`creating the run's notes: ${response.status} ${JSON.stringify(body)}`);
  }
  return paths;
}

/**
 * POSTs ops, sending them again if the connection fails: after a relay restart on the same port, fetch may
 * reuse a kept-alive socket of the killed process and fail without an answer. Ops carry their ids, so a
 * second delivery answers as the first did (OP3), as the web app's outbox relies on.
 */
async function postWithReplays(url: string, token: string, body: unknown): Promise<Response> {
  const init = {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  };
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await fetch(url, init);
    } catch (error) {
      if (attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}

// BAALDA_CONVERGENCE_DEBUG=1 prints where each run's time goes.
function phaseTimer(seed: number) {
  let last = performance.now();
  const laps: string[] = [];
  return {
    lap(name: string) {
      laps.push(`${name} ${Math.round(performance.now() - last)} ms`);
      last = performance.now();
      if (process.env.BAALDA_CONVERGENCE_DEBUG && name === 'check') console.log(`seed ${seed}: ${laps.join(', ')}`);
    },
  };
}
