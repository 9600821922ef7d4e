import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually, NO_FAULTS, type RelayCluster, seededRandom } from 'baalda-relay/testing';
import { freshFolder, removeFolders } from '../mirrorFixtures';
import { Assistant } from './assistant';
import { Device } from './device';
import { type FaultyGateway, startFaultyGateway } from './faultyGateway';
import { MirrorRunner } from './mirrorRunner';
import { noteFiles, Person } from './person';
import { describeLog, type SettledRun, settleRun } from './systemChecks';
import { describePlan, LINKS, type LinkName, planSystemRun, type SystemPlan, type SystemProfile } from './systemPlan';
import { createRunVault, createStartingNotes, type RunVault } from './systemSetup';
import { WriteLedger } from './writeLedger';

/** Liveness bounds, not correctness: on a loaded two-core machine a relay restart alone takes 15 s. */
const PATIENCE_MS = 60_000;

/** Everything one run has going: its writers, their links, and what they did. */
export interface Stage {
  readonly cluster: RelayCluster;
  readonly plan: SystemPlan;
  readonly vault: RunVault;
  readonly ledger: WriteLedger;
  /** The notes every writer starts from. */
  readonly docIds: readonly string[];
  readonly gateways: Readonly<Record<LinkName, FaultyGateway>>;
  readonly devices: readonly Device[];
  readonly person: Person;
  readonly mirror: MirrorRunner;
  readonly assistant: Assistant;
  /** What happened, step by step, for failure messages. */
  readonly log: string[];
}

/**
 * One seeded system run: two devices, a person with a mirror and an assistant write a few notes and the
 * tree at once, each through a faulty link, while the relay and the mirror are SIGKILLed; then everything
 * heals and every copy must agree (systemChecks). The seed decides every choice; only timing differs
 * between two runs of a seed.
 */
export async function runSystemSeed(cluster: RelayCluster, seed: number, profile: SystemProfile): Promise<SettledRun> {
  const random = seededRandom(seed);
  const plan = planSystemRun(seed, random, profile);
  const closers: Array<() => Promise<void> | void> = [];
  const log: string[] = [];
  let stage: Stage | undefined;
  let passed = false;
  try {
    stage = await openStage(cluster, plan, log, closers);
    const lap = lapTimer(log);
    await startWriters(stage);
    lap('start');
    await playSteps(stage, random);
    lap('play');
    await heal(stage);
    const settled = await settleRun(stage);
    lap('heal and agree');
    passed = true;
    return settled;
  } catch (error) {
    (error as Error).message = `${(error as Error).message}\n${describeStage(plan, log, stage?.mirror)}`;
    throw error;
  } finally {
    for (const close of closers.reverse()) await close();
    // A failed run's folder stays, for a look at what the person and the mirror left.
    if (stage && passed) await removeFolders([stage.mirror.dir]);
    if (process.env.BAALDA_SYSTEM_DEBUG) writeDebugLog(seed, log, stage?.mirror);
  }
}

/** The run's vault, starting notes, links and writers; `closers` gets what ends each of them. */
async function openStage(cluster: RelayCluster, plan: SystemPlan, log: string[], closers: Array<() => unknown>) {
  const { seed } = plan;
  const ledger = new WriteLedger(seed);
  const vault = await createRunVault(cluster.httpUrl, seed);
  const docIds = await createStartingNotes(cluster.httpUrl, vault.tokens.checks, ledger);
  const relayPort = Number(new URL(cluster.httpUrl).port);
  const entries = await Promise.all(
    LINKS.map(async (link, index) => [link, await startFaultyGateway(relayPort, seededRandom(seed * 31 + index))]),
  );
  const gateways = Object.fromEntries(entries) as Record<LinkName, FaultyGateway>;
  closers.push(() => Promise.all(Object.values(gateways).map((gateway) => gateway.close())));
  const dir = await freshFolder('baalda-system-');
  const mirror = new MirrorRunner(dir, gateways.mirror.url, { vaultId: vault.vaultId, token: vault.tokens.mirror });
  closers.push(() => mirror.kill());
  const devices: Device[] = [];
  closers.push(() => devices.map((device) => device.destroy()));
  for (const name of ['alice', 'bob'] as const) {
    const { url } = gateways[name];
    devices.push(await Device.open({ name, url, vaultId: vault.vaultId, token: vault.tokens[name], ledger }));
  }
  const assistant = await Assistant.connect(gateways.assistant.url, vault.tokens.assistant, ledger, {
    docIds,
    random: seededRandom(seed * 7 + 3),
    log: (line) => log.push(line),
  });
  closers.push(() => assistant.close());
  const person = new Person(dir, ledger);
  return { cluster, plan, vault, ledger, docIds, gateways, devices, person, mirror, assistant, log } satisfies Stage;
}

/** Devices open the starting notes and the mirror writes them, before any fault. */
async function startWriters(stage: Stage): Promise<void> {
  const { docIds } = stage;
  for (const device of stage.devices) for (const docId of docIds) device.open(docId);
  await stage.mirror.start();
  await eventually(
    async () => {
      for (const device of stage.devices) await device.tree.refresh();
      return (
        stage.devices.every((device) => device.isSynced() && device.tree.getState().notes.length === docIds.length) &&
        noteFiles(stage.mirror.dir).length === docIds.length
      );
    },
    () =>
      `the writers never started: ${stage.devices.map((device) => device.syncState()).join(' | ')}\n${stage.mirror.tail()}`,
    PATIENCE_MS,
  );
}

/** The random part: every writer acting, links cut and taken down, devices offline, kills. */
async function playSteps(stage: Stage, random: () => number): Promise<void> {
  const { plan, gateways, log } = stage;
  for (const link of LINKS) gateways[link].setFaults(plan.faults[link]);
  // Kills and restarts run beside the steps, each process's in order (a start waits for its kill).
  const processes = { relay: Promise.resolve(), mirror: Promise.resolve() };
  const outages = new Map<LinkName, number>();
  for (let step = 0; step < plan.steps; step += 1) {
    scheduleKills(stage, step, processes);
    // A restarted relay is up before the run goes on: its down time is the planned steps, not its start-up.
    if (plan.relayKill && step === plan.relayKill.atStep + plan.relayKill.downSteps) await processes.relay;
    for (const [link, upAt] of outages) {
      if (upAt > step) continue;
      gateways[link].setDown(false);
      outages.delete(link);
      log.push(`${step}: ${link}'s link up`);
    }
    log.push(`${step}: ${await actOnce(stage, random, (link, steps) => outages.set(link, step + steps))}`);
    await new Promise((resolve) => setTimeout(resolve, Math.floor(random() * 60)));
  }
  await Promise.all([processes.relay, processes.mirror, stage.assistant.idle()]);
}

/** One step's action; a link taken down comes back up `steps` later (`takeDown`). */
async function actOnce(
  stage: Stage,
  random: () => number,
  takeDown: (link: LinkName, steps: number) => void,
): Promise<string> {
  const { gateways, devices } = stage;
  const roll = random();
  if (roll < 0.4) {
    const device = devices[roll < 0.2 ? 0 : 1] as Device;
    return `${device.name}: ${await device.act(random)}`;
  }
  if (roll < 0.62) return `person: ${stage.person.act(random)}`;
  if (roll < 0.76) return await stage.assistant.ask();
  if (roll < 0.86) {
    const device = devices[Math.floor(random() * devices.length)] as Device;
    device.setOnline(!device.isOnline());
    return `${device.name} goes ${device.isOnline() ? 'online' : 'offline'}`;
  }
  const link = LINKS[Math.floor(random() * LINKS.length)] as LinkName;
  if (roll < 0.95) {
    gateways[link].cut();
    return `${link}'s link cut`;
  }
  const steps = 1 + Math.floor(random() * 10);
  gateways[link].setDown(true);
  takeDown(link, steps);
  return `${link}'s link down for ${steps} steps`;
}

/** Starts the kills and restarts planned for `step`, each after what its process had going. */
function scheduleKills(stage: Stage, step: number, processes: { relay: Promise<void>; mirror: Promise<void> }): void {
  const { plan, cluster, mirror, log } = stage;
  const then = (name: 'relay' | 'mirror', what: string, work: () => Promise<void>) => {
    processes[name] = processes[name].then(work).then(() => void log.push(`${step}: ${name} ${what}`));
  };
  for (const kill of plan.mirrorKills) {
    if (kill.atStep === step) then('mirror', 'SIGKILLed', () => mirror.kill());
    if (kill.atStep + kill.downSteps === step) then('mirror', 'started', () => mirror.start());
  }
  const relay = plan.relayKill;
  if (relay?.atStep === step) then('relay', 'SIGKILLed', () => cluster.kill(0));
  if (relay && relay.atStep + relay.downSteps === step) then('relay', 'started', () => cluster.start(0));
}

/** Ends every fault: the relay and the mirror up, links clean and up, devices online, connections renewed. */
async function heal(stage: Stage): Promise<void> {
  const { cluster, gateways, devices, mirror } = stage;
  if (!cluster.isUp(0)) await cluster.start(0);
  for (const gateway of Object.values(gateways)) {
    gateway.setFaults(NO_FAULTS);
    gateway.setDown(false);
  }
  for (const device of devices) device.setOnline(true);
  await mirror.start();
  // Messages lost on the way left gaps only a new sync handshake repairs (as after any reconnect).
  for (const gateway of Object.values(gateways)) gateway.cut();
  stage.log.push('healed');
}

/** Logs how long each phase of a run took (the log is what a failure and BAALDA_SYSTEM_DEBUG show). */
function lapTimer(log: string[]): (phase: string) => void {
  let last = performance.now();
  return (phase) => {
    log.push(`(${phase}: ${((performance.now() - last) / 1000).toFixed(1)} s)`);
    last = performance.now();
  };
}

// BAALDA_SYSTEM_DEBUG=1 keeps each run's steps and everything the mirrors said, in the temp folder.
function writeDebugLog(seed: number, log: readonly string[], mirror: MirrorRunner | undefined): void {
  writeFileSync(join(tmpdir(), `baalda-system-${seed}.log`), `${log.join('\n')}\n\n${mirror?.tail(100_000)}\n`);
}

function describeStage(plan: SystemPlan, log: readonly string[], mirror: MirrorRunner | undefined): string {
  return [
    `plan: ${describePlan(plan)}`,
    `folder: ${mirror?.dir}`,
    `steps:\n${describeLog(log)}`,
    `the mirror said:\n${mirror?.tail(40)}`,
  ].join('\n');
}
