// `npm run bench -- --only mcp-edits`: what a precise edit costs against a whole rewrite, and how large an
// outline is (also in the default run).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mintOwnerToken } from './benchAccount';
import { defineBench } from './harness/benchDefinition';
import type { Measurement } from './harness/measurement';
import { postRpc, startBenchRelay } from './mcpSearch';
import { percentile } from './stats';

/** One way of making a one-line change, measured over `rounds` changes. */
interface ChangeCost {
  readonly requestBytes: number;
  readonly answerBytes: number;
  readonly p50Ms: number;
}

/** What the edits bench reports. */
export interface McpEditsReport {
  readonly noteChars: number;
  readonly rounds: number;
  readonly update: ChangeCost;
  readonly edit: ChangeCost;
  readonly outline: { readonly headings: number; readonly answerBytes: number };
  readonly sectionRead: { readonly answerBytes: number };
  readonly draftSaveMs: number;
}

const SECTIONS = 20;

/** A 20,000-character note of 20 sections, each with a line that changes. */
function noteText(round: number): string {
  const sections = Array.from({ length: SECTIONS }, (_, index) => {
    const line = index === 7 ? `The deadline is day ${round}.` : `Section ${index} keeps its words.`;
    return `## Part ${index}\n\n${line}\n\n${'Plain words in a long paragraph. '.repeat(29)}`;
  });
  return `# Plan\n\n${sections.join('\n\n')}\n`;
}

/**
 * A one-line change to a 20,000-character note made `rounds` times each way: `update_note` sends the whole
 * note, `edit_note` the line; both over HTTP as an assistant's client sends them. Bytes are UTF-8 sizes of
 * the JSON-RPC request and answer bodies.
 */
export async function measureMcpEdits(rounds = 40): Promise<McpEditsReport> {
  const dataDir = await mkdtemp(join(tmpdir(), 'baalda-bench-edits-'));
  const relay = await startBenchRelay(join(dataDir, 'data'));
  try {
    const token = await mintOwnerToken(relay.httpUrl);
    const call = async (name: string, args: Record<string, unknown>) => {
      const answer = await postRpc(relay.httpUrl, token, 'tools/call', { name, arguments: args });
      const result = answer.parsed.result as { isError?: boolean; structuredContent?: Record<string, unknown> };
      if (answer.status !== 200 || result?.isError) throw new Error(`${name}: ${answer.body}`);
      const request = JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name, arguments: args },
      });
      return { ...answer, requestBytes: Buffer.byteLength(request), structured: result.structuredContent ?? {} };
    };
    const created = await call('create_note', { path: 'Plan.md', text: noteText(0) });
    const docId = String(created.structured.docId);
    const update: Array<Awaited<ReturnType<typeof call>>> = [];
    const edit: Array<Awaited<ReturnType<typeof call>>> = [];
    for (let round = 1; round <= rounds; round += 2) {
      update.push(await call('update_note', { docId, text: noteText(round) }));
      const oldText = `The deadline is day ${round}.`;
      edit.push(await call('edit_note', { docId, edits: [{ oldText, newText: `The deadline is day ${round + 1}.` }] }));
    }
    const outline = await call('outline_note', { docId });
    const section = await call('read_note', { docId, section: 'Part 7' });
    const saves: number[] = [];
    let draftId: string | undefined;
    for (let save = 0; save < 10; save += 1) {
      const saved = await call('save_draft', { title: 'Reply', text: noteText(save), ...(draftId ? { draftId } : {}) });
      draftId = String(saved.structured.draftId);
      saves.push(saved.ms);
    }
    return {
      noteChars: noteText(0).length,
      rounds,
      update: costOf(update),
      edit: costOf(edit),
      outline: {
        headings: (outline.structured.headings as unknown[]).length,
        answerBytes: Buffer.byteLength(outline.body),
      },
      sectionRead: { answerBytes: Buffer.byteLength(section.body) },
      draftSaveMs: median(saves),
    };
  } finally {
    await relay.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

function costOf(calls: ReadonlyArray<{ requestBytes: number; body: string; ms: number }>): ChangeCost {
  return {
    requestBytes: percentile(
      calls.map((each) => each.requestBytes),
      50,
    ),
    answerBytes: percentile(
      calls.map((each) => Buffer.byteLength(each.body)),
      50,
    ),
    p50Ms: percentile(
      calls.map((each) => each.ms),
      50,
    ),
  };
}

function median(values: readonly number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
}

/** The report as measurements: update_note's sizes and times are edit_note's baseline, measured in the same run. */
export function mcpEditsMeasurements(report: McpEditsReport): Measurement[] {
  const note = `a ${report.noteChars}-char note`;
  const wholeNote = (value: number) => ({ baseline: { label: 'update_note', value } });
  return [
    { name: `MCP one-line change to ${note}: update_note request body`, unit: 'B', value: report.update.requestBytes },
    {
      name: `MCP one-line change to ${note}: edit_note request body`,
      unit: 'B',
      value: report.edit.requestBytes,
      ...wholeNote(report.update.requestBytes),
    },
    { name: 'MCP update_note answer body', unit: 'B', value: report.update.answerBytes },
    {
      name: 'MCP edit_note answer body',
      unit: 'B',
      value: report.edit.answerBytes,
      ...wholeNote(report.update.answerBytes),
    },
    { name: `MCP update_note round trip p50 (${report.rounds / 2})`, unit: 'ms', value: report.update.p50Ms },
    {
      name: `MCP edit_note round trip p50 (${report.rounds / 2})`,
      unit: 'ms',
      value: report.edit.p50Ms,
      ...wholeNote(report.update.p50Ms),
    },
    {
      name: `MCP outline_note of ${note} (${report.outline.headings} headings), answer body`,
      unit: 'B',
      value: report.outline.answerBytes,
    },
    { name: 'MCP read_note { section } of one part, answer body', unit: 'B', value: report.sectionRead.answerBytes },
    { name: `MCP save_draft of ${note} (10 saves, one draft) p50`, unit: 'ms', value: report.draftSaveMs },
  ];
}

/** `mcp-edits`: edit_note against update_note, outline and section sizes, save_draft. */
export const mcpEditsBench = defineBench({
  name: 'mcp-edits',
  description:
    'a one-line change with edit_note against update_note (bytes, time), outline_note and section sizes, save_draft',
  flags: {},
  inDefaultRun: true,
  run: async () => mcpEditsMeasurements(await measureMcpEdits()),
});
