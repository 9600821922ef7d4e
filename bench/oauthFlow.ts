// `npm run bench -- --only oauth-flow`: what connecting a remote assistant with OAuth costs, in round trips
// and time, against a client holding a pasted token (also in the default run).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API } from '@baalda/core/api';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { connectWithOAuth, consentThroughApi, MemoryOAuthClient } from 'baalda-relay/testing/oauth';
import { answerOf, BENCH_OWNER, mintOwnerToken, relayClient } from './benchAccount';
import { defineBench } from './harness/benchDefinition';
import type { Measurement } from './harness/measurement';
import { startBenchRelay } from './mcpSearch';
import { percentile } from './stats';

/** What the OAuth bench reports. */
export interface OAuthFlowReport {
  readonly flows: number;
  /** The assistant's requests from its first `/mcp` call to connected (initialize answered), by step. */
  readonly assistantRequests: Readonly<Record<string, number>>;
  /** The browser's requests to the relay: `/authorize`, then the consent page's approve. */
  readonly browserRequests: number;
  readonly firstFlowMs: number;
  readonly flowP50Ms: number;
  readonly tokenConnectP50Ms: number;
  readonly refreshP50Ms: number;
}

/**
 * `flows` complete OAuth connections of the official SDK client (discovery, registration, PKCE, consent
 * through the API as the page sends it, code exchange, initialize), the first one on a relay that has not
 * loaded its OAuth server yet; then the same client's connect with a personal token as the baseline, and
 * refresh-token rotations.
 */
export async function measureOAuthFlow(flows = 10): Promise<OAuthFlowReport> {
  const dataDir = await mkdtemp(join(tmpdir(), 'baalda-bench-oauth-'));
  const relay = await startBenchRelay(join(dataDir, 'data'));
  try {
    const token = await mintOwnerToken(relay.httpUrl);
    const cookie = await ownerCookie(relay.httpUrl);
    const durations: number[] = [];
    let assistantRequests: Record<string, number> = {};
    let browserRequests = 0;
    let lastProvider: MemoryOAuthClient | undefined;
    for (let flow = 0; flow < flows; flow += 1) {
      const counted: Record<string, number> = {};
      const countingFetch: typeof fetch = (input, init) => {
        const step = stepOf(new URL(input instanceof Request ? input.url : String(input)).pathname);
        counted[step] = (counted[step] ?? 0) + 1;
        return fetch(input, init);
      };
      const provider = new MemoryOAuthClient(`Bench assistant ${flow}`);
      const started = performance.now();
      const client = await connectWithOAuth(
        relay.httpUrl,
        provider,
        (url) => consentThroughApi(url, cookie, { vaultId: 'default', readOnly: false }),
        countingFetch,
      );
      durations.push(performance.now() - started);
      await client.close();
      assistantRequests = counted;
      browserRequests = 2;
      lastProvider = provider;
    }
    return {
      flows,
      assistantRequests,
      browserRequests,
      firstFlowMs: durations[0] ?? 0,
      flowP50Ms: median(durations.slice(1)),
      tokenConnectP50Ms: median(await tokenConnects(relay.httpUrl, token, flows)),
      refreshP50Ms: median(await refreshes(relay.httpUrl, lastProvider, flows)),
    };
  } finally {
    await relay.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

function stepOf(path: string): string {
  if (path.startsWith('/.well-known/')) return 'discovery';
  return path.slice(1) || 'root';
}

async function ownerCookie(httpUrl: string): Promise<string> {
  const cookies: string[] = [];
  const client = relayClient(httpUrl, {}, (response) => cookies.push(response.headers.get('set-cookie') ?? ''));
  answerOf(await client.call(API.signIn, { body: BENCH_OWNER }), 'bench sign-in');
  return cookies[0]?.split(';')[0] ?? '';
}

async function tokenConnects(httpUrl: string, token: string, rounds: number): Promise<number[]> {
  const durations: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const started = performance.now();
    const client = new Client({ name: 'bench', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${httpUrl}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
      }),
    );
    durations.push(performance.now() - started);
    await client.close();
  }
  return durations;
}

async function refreshes(httpUrl: string, provider: MemoryOAuthClient | undefined, rounds: number): Promise<number[]> {
  const durations: number[] = [];
  let refreshToken = provider?.saved?.refresh_token ?? '';
  for (let round = 0; round < rounds; round += 1) {
    const started = performance.now();
    const answer = await fetch(`${httpUrl}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: String(provider?.information?.client_id),
      }),
    });
    if (answer.status !== 200) throw new Error(`bench refresh: ${answer.status} ${await answer.text()}`);
    refreshToken = ((await answer.json()) as { refresh_token: string }).refresh_token;
    durations.push(performance.now() - started);
  }
  return durations;
}

function median(values: readonly number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
}

/** The report as measurements; a pasted token's connect is the OAuth connect's baseline. */
export function oauthFlowMeasurements(report: OAuthFlowReport): Measurement[] {
  const steps = Object.entries(report.assistantRequests)
    .map(([step, count]) => `${step} ${count}`)
    .join(', ');
  const total = Object.values(report.assistantRequests).reduce((sum, count) => sum + count, 0);
  return [
    { name: "OAuth connect: the assistant's HTTP round trips", unit: 'count', value: total, note: steps },
    {
      name: "OAuth connect: the browser's round trips to the relay (authorize, approve)",
      unit: 'count',
      value: report.browserRequests,
    },
    { name: 'OAuth connect, first on a fresh relay (loads its OAuth server)', unit: 'ms', value: report.firstFlowMs },
    {
      name: `OAuth connect p50, ${report.flows - 1} connects`,
      unit: 'ms',
      value: report.flowP50Ms,
      baseline: { label: 'pasted-token connect', value: report.tokenConnectP50Ms },
    },
    { name: 'OAuth refresh (rotation) round trip p50', unit: 'ms', value: report.refreshP50Ms },
  ];
}

/** `oauth-flow`: connecting an assistant with OAuth. */
export const oauthFlowBench = defineBench({
  name: 'oauth-flow',
  description: "OAuth connect of the SDK's client: round trips, time against a pasted token's connect, refresh",
  flags: {},
  inDefaultRun: true,
  run: async () => oauthFlowMeasurements(await measureOAuthFlow()),
});
