// `npm run bench -- --only sign-up-cost`: what sign-ups without an invite cost a relay that hashes passwords at
// the real cost (ACC11), against one sign-in's hash measured in the same run (also in the default run).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API, type ApiFailure } from '@baalda/core/api';
import { DEFAULT_PASSWORD_COST, LOCAL_EDGE, type Relay, silentLogger, startRelay } from 'baalda-relay/testing';
import { BENCH_OWNER, relayClient } from './benchAccount';
import { defineBench } from './harness/benchDefinition';
import type { Measurement } from './harness/measurement';
import { median } from './stats';

/** What the sign-up bench reports, in ms (medians of `rounds`). */
export interface SignUpCostReport {
  readonly rounds: number;
  /** One sign-in of the owner, alone: one hash at the relay's cost (the baseline). */
  readonly signInMs: number;
  /** Four sign-ups without an invite, one after another, from a fresh address each round. */
  readonly fourRefusedMs: number;
  /** One sign-in while four sign-ups without an invite arrive at the same moment. */
  readonly signInBesideRefusedMs: number;
}

/**
 * A relay in the process with the production scrypt cost (N = 2^17, 128 MiB per hash). Each round's
 * requests come from an address of their own (`X-Forwarded-For`, the relay trusting it), as many attackers
 * would, so the per-address limit is not what is measured: the refusal before any hash is.
 */
export async function measureSignUpCost(rounds = 5): Promise<SignUpCostReport> {
  const dataDir = await mkdtemp(join(tmpdir(), 'baalda-bench-signup-'));
  const relay = await startRelay({
    database: { kind: 'pglite', dataDir: join(dataDir, 'data') },
    port: 0,
    host: '127.0.0.1',
    webDir: '/nonexistent-web-dir',
    logger: silentLogger,
    passwordCost: DEFAULT_PASSWORD_COST,
    edge: { ...LOCAL_EDGE, trustProxy: true },
  });
  try {
    await expectStatus(signUp(relay, BENCH_OWNER, '192.0.2.1'), 201);
    const signIns: number[] = [];
    const refusals: number[] = [];
    const besides: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const address = `198.51.100.${round + 1}`;
      signIns.push(await timed(() => expectStatus(signIn(relay, BENCH_OWNER, address), 200)));
      refusals.push(
        await timed(async () => {
          for (const n of [1, 2, 3, 4]) await refuse(relay, address, `a${round}-${n}`);
        }),
      );
      besides.push(
        await timed(async () => {
          const signedIn = expectStatus(signIn(relay, BENCH_OWNER, address), 200);
          await Promise.all([signedIn, ...[1, 2, 3, 4].map((n) => refuse(relay, address, `b${round}-${n}`))]);
        }),
      );
    }
    return {
      rounds,
      signInMs: median(signIns),
      fourRefusedMs: median(refusals),
      signInBesideRefusedMs: median(besides),
    };
  } finally {
    await relay.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The measurements; ACC11's target is the first under a tenth of its baseline, one sign-in's hash. */
export function signUpCostMeasurements(report: SignUpCostReport): Measurement[] {
  const oneHash = { label: "one sign-in's hash", value: report.signInMs };
  return [
    {
      name: `4 sign-ups without an invite, together, p50 of ${report.rounds}`,
      unit: 'ms',
      value: report.fourRefusedMs,
      baseline: oneHash,
      target: '< 0.10× baseline',
    },
    {
      name: 'a sign-in while 4 sign-ups without an invite arrive',
      unit: 'ms',
      value: report.signInBesideRefusedMs,
      baseline: { ...oneHash, label: 'a sign-in alone' },
    },
  ];
}

/** `sign-up-cost`: refused sign-ups against one hash at the production cost (ACC11). */
export const signUpCostBench = defineBench({
  name: 'sign-up-cost',
  description: "sign-ups without an invite against one sign-in's hash at the production scrypt cost (ACC11)",
  flags: {},
  inDefaultRun: true,
  run: async () => signUpCostMeasurements(await measureSignUpCost()),
});

function refuse(relay: Relay, address: string, tag: string): Promise<void> {
  const stranger = { email: `stranger-${tag}@x.org`, password: 'a long enough password' };
  return expectStatus(signUp(relay, stranger, address), 403);
}

// Each from its own address (the relay trusts X-Forwarded-For here), so ACC6's per-address counts stay apart.
function signUp(
  relay: Relay,
  person: { email: string; password: string },
  address: string,
): Promise<ApiFailure | number> {
  return statusOf(relayClient(relay.httpUrl, { 'x-forwarded-for': address }).call(API.signUp, { body: person }));
}

function signIn(
  relay: Relay,
  person: { email: string; password: string },
  address: string,
): Promise<ApiFailure | number> {
  return statusOf(relayClient(relay.httpUrl, { 'x-forwarded-for': address }).call(API.signIn, { body: person }));
}

async function statusOf(call: Promise<{ ok: true; status: number } | ApiFailure>): Promise<ApiFailure | number> {
  const result = await call;
  return result.ok ? result.status : result;
}

async function expectStatus(answer: Promise<ApiFailure | number>, status: number): Promise<void> {
  const got = await answer;
  const gotStatus = typeof got === 'number' ? got : got.status;
  if (gotStatus !== status) throw new Error(`expected ${status}, got ${gotStatus}: ${JSON.stringify(got)}`);
}

async function timed(run: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}
