// `npm run bench -- --only mcp-search`: the MCP route's numbers (also in the default run).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatNoteDocumentName } from '@baalda/core';
import { type Relay, silentLogger, startRelay, TEST_PASSWORD_COST } from 'baalda-relay/testing';
import { mintOwnerToken } from './benchAccount';
import { defineBench } from './harness/benchDefinition';
import type { Measurement } from './harness/measurement';
import { generateMcpCorpus, storeMcpCorpus } from './mcpCorpus';
import { percentile } from './stats';

/** Sizes in UTF-8 bytes of 10-hit search_notes answers: the median over every such answer, and the largest. */
export interface AnswerBytes {
  readonly body: { readonly median: number; readonly max: number };
  readonly structured: { readonly median: number; readonly max: number };
  readonly text: { readonly median: number; readonly max: number };
}

/** What the MCP bench reports. */
export interface McpSearchReport {
  readonly notes: number;
  readonly calls: number;
  readonly searchMs: { readonly p50: number; readonly p95: number; readonly p99: number };
  /** `tools/list` round trips: the route's own cost (token check, a fresh MCP server, JSON-RPC) without search. */
  readonly floorMs: { readonly p50: number; readonly p95: number };
  readonly tenHitAnswers: number;
  readonly bytes: AnswerBytes;
  readonly readNote: {
    readonly reads: number;
    readonly totalChars: number;
    readonly p50: number;
    readonly p95: number;
    readonly bodyBytes: number;
  };
  readonly seconds: { readonly fill: number; readonly total: number };
}

interface ToolCall {
  readonly ms: number;
  readonly body: string;
  readonly result: { structuredContent?: unknown; content?: Array<{ type: string; text?: string }> };
}

/**
 * `search_notes` as an assistant's client calls it: one JSON-RPC `tools/call` per HTTP POST to `/mcp`
 * with a Bearer token, over a kept-alive connection, timed from the request until the last byte of the
 * answer is read. The relay runs in this process on PGlite with `notes` notes stored before it starts.
 */
export async function measureMcpSearch(notes = 10_000, calls = 500): Promise<McpSearchReport> {
  const started = performance.now();
  const dataDir = await mkdtemp(join(tmpdir(), 'baalda-bench-mcp-'));
  try {
    const corpus = generateMcpCorpus(notes);
    await storeMcpCorpus(join(dataDir, 'data'), corpus.notes, new Date(Date.UTC(2026, 10, 30)));
    const fill = (performance.now() - started) / 1000;
    const relay = await startBenchRelay(join(dataDir, 'data'));
    try {
      const token = await mintOwnerToken(relay.httpUrl);
      const call = (name: string, args: Record<string, unknown>) => callTool(relay.httpUrl, token, name, args);
      // Two- and three-word queries, alternating; the first 50 answers warm the JIT and are not counted.
      const query = (index: number) => Array.from({ length: 2 + (index % 2) }, corpus.queryWord).join(' ');
      for (let warm = 0; warm < 50; warm += 1) await call('search_notes', { query: query(warm) });
      const searches: ToolCall[] = [];
      for (let index = 0; index < calls; index += 1) searches.push(await call('search_notes', { query: query(index) }));
      const floor: number[] = [];
      for (let index = 0; index < 200; index += 1)
        floor.push((await postRpc(relay.httpUrl, token, 'tools/list', {})).ms);
      const tenHit = searches.filter((search) => hitsOf(search) === 10);
      const readNote = await measureReadNote(relay, call, corpus.queryWord);
      return {
        notes,
        calls,
        searchMs: percentiles(searches.map((search) => search.ms)),
        floorMs: percentiles(floor),
        tenHitAnswers: tenHit.length,
        bytes: answerBytes(tenHit),
        readNote,
        seconds: { fill, total: (performance.now() - started) / 1000 },
      };
    } finally {
      await relay.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

export function startBenchRelay(dataDir: string): Promise<Relay> {
  return startRelay({
    database: { kind: 'pglite', dataDir },
    port: 0,
    host: '127.0.0.1',
    webDir: '/nonexistent-web-dir',
    logger: silentLogger,
    passwordCost: TEST_PASSWORD_COST,
    // LIM10 allows a token 10 calls a second; the bench asks as fast as answers come and measures speed,
    // not the limiter.
    mcpRateLimit: { perSecond: 100_000, burst: 100_000 },
  });
}

async function callTool(httpUrl: string, token: string, name: string, args: Record<string, unknown>) {
  const { ms, status, body, parsed } = await postRpc(httpUrl, token, 'tools/call', { name, arguments: args });
  const result = parsed.result as (ToolCall['result'] & { isError?: boolean }) | undefined;
  if (status !== 200 || !result || result.isError) throw new Error(`${name}: ${status} ${body}`);
  return { ms, body, result };
}

/** One JSON-RPC request over HTTP, timed until the last byte of the answer is read. */
export async function postRpc(httpUrl: string, token: string, method: string, params: Record<string, unknown>) {
  const started = performance.now();
  const response = await fetch(`${httpUrl}/mcp`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = await response.text();
  const ms = performance.now() - started;
  return { ms, status: response.status, body, parsed: JSON.parse(body) as { result?: unknown } };
}

/**
 * read_note's default page (20,000 characters) of a 100,000-character note made with create_note. Each
 * read waits until the relay has let the note's document go, so every read loads it from the database
 * and renders it to markdown, as reading a note nobody has open does.
 */
async function measureReadNote(
  relay: Relay,
  call: (name: string, args: Record<string, unknown>) => Promise<ToolCall>,
  word: () => string,
): Promise<McpSearchReport['readNote']> {
  const created = await call('create_note', { path: 'Long/Hundred thousand characters.md', text: longText(word) });
  const docId = String((created.result.structuredContent as { docId: string }).docId);
  const reads: ToolCall[] = [];
  for (let read = 0; read < 23; read += 1) {
    await waitForUnload(relay, docId);
    reads.push(await call('read_note', { docId }));
  }
  const timed = reads.slice(3);
  const { p50, p95 } = percentiles(timed.map((read) => read.ms));
  const totalChars = Number((timed[0]?.result.structuredContent as { totalChars?: number } | undefined)?.totalChars);
  return { reads: timed.length, totalChars, p50, p95, bodyBytes: byteLength(timed[0]?.body) };
}

/** Exactly 100,000 characters of markdown: paragraphs of 80 words, blank lines between them. */
function longText(word: () => string): string {
  const paragraphs: string[] = [];
  for (let length = 0; length < 100_000; length += (paragraphs.at(-1)?.length ?? 0) + 2) {
    paragraphs.push(Array.from({ length: 80 }, word).join(' '));
  }
  return paragraphs.join('\n\n').slice(0, 100_000).trimEnd();
}

async function waitForUnload(relay: Relay, docId: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (relay.hocuspocus.documents.has(formatNoteDocumentName(docId))) {
    if (Date.now() > deadline) throw new Error('the relay kept the long note loaded for 30 s');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function hitsOf(call: ToolCall): number {
  return ((call.result.structuredContent as { hits?: unknown[] } | undefined)?.hits ?? []).length;
}

function answerBytes(calls: readonly ToolCall[]): AnswerBytes {
  const spread = (sizes: number[]) => ({
    median: percentile(
      sizes.sort((a, b) => a - b),
      50,
    ),
    max: Math.max(...sizes),
  });
  return {
    body: spread(calls.map((call) => byteLength(call.body))),
    structured: spread(calls.map((call) => byteLength(JSON.stringify(call.result.structuredContent)))),
    text: spread(calls.map((call) => byteLength(call.result.content?.[0]?.text))),
  };
}

function byteLength(text: string | undefined): number {
  return Buffer.byteLength(text ?? '', 'utf8');
}

function percentiles(samples: number[]): { p50: number; p95: number; p99: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
}

/** The report as measurements. Tokens are estimated as bytes / 4 (no tokenizer is run). */
export function mcpSearchMeasurements(report: McpSearchReport): Measurement[] {
  const at = `${report.notes.toLocaleString('en')} notes`;
  const { searchMs, bytes } = report;
  const search = `MCP search_notes over HTTP, ${at} (${report.calls} calls)`;
  const sizes = (name: string, spread: { median: number; max: number }): Measurement[] => [
    { name: `${name}, median`, unit: 'B', value: spread.median, note: `~${Math.round(spread.median / 4)} tokens` },
    { name: `${name}, largest`, unit: 'B', value: spread.max },
  ];
  const read = 'MCP read_note default page of a 100k-char note';
  return [
    { name: `${search} p50`, unit: 'ms', value: searchMs.p50 },
    { name: `${search} p95`, unit: 'ms', value: searchMs.p95 },
    { name: `${search} p99`, unit: 'ms', value: searchMs.p99 },
    { name: 'MCP tools/list over HTTP (the route without search) p50', unit: 'ms', value: report.floorMs.p50 },
    ...sizes(`MCP 10-hit search_notes, whole response body (${report.tenHitAnswers} answers)`, bytes.body),
    ...sizes('MCP 10-hit search_notes, structuredContent alone', bytes.structured),
    ...sizes('MCP 10-hit search_notes, text block alone', bytes.text),
    { name: `${read} (${report.readNote.reads} reads) p50`, unit: 'ms', value: report.readNote.p50 },
    { name: `${read} p95`, unit: 'ms', value: report.readNote.p95 },
    {
      name: `MCP read_note default page, response body (note of ${report.readNote.totalChars} chars)`,
      unit: 'B',
      value: report.readNote.bodyBytes,
    },
    { name: 'MCP bench: filling the database', unit: 's', value: report.seconds.fill },
    { name: 'MCP bench: whole run', unit: 's', value: report.seconds.total },
  ];
}

/** `mcp-search`: the MCP route over HTTP at 10,000 notes. */
export const mcpSearchBench = defineBench({
  name: 'mcp-search',
  description: 'MCP over HTTP at 10,000 notes: search_notes round trips and answer sizes, tools/list, read_note',
  flags: {},
  inDefaultRun: true,
  run: async () => mcpSearchMeasurements(await measureMcpSearch()),
});
