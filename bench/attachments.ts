// `npm run bench -- --only attachments`: the attachments' numbers (also in the default run).
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API, pathFor } from '@baalda/core/api';
import {
  makeDocx,
  makePdf,
  makeZipBombDocx,
  type Relay,
  silentLogger,
  startRelay,
  TEST_PASSWORD_COST,
} from 'baalda-relay/testing';
import { mintOwnerToken } from './benchAccount';
import { defineBench } from './harness/benchDefinition';
import type { Measurement } from './harness/measurement';

const MIB = 2 ** 20;

/** What the attachment bench reports. */
export interface AttachmentReport {
  readonly upload: { readonly mib: number; readonly seconds: number; readonly rssGrowthMib: number };
  /** Upload start → the file's text is searchable, per fixture. */
  readonly searchable: ReadonlyArray<{ readonly name: string; readonly ms: number; readonly chars: number }>;
  readonly zipBomb: { readonly inflatedMib: number; readonly ms: number; readonly reason: string };
}

/** Uploads through HTTP to a relay in this process (PGlite), timing bytes to disk and text to the index. */
export async function measureAttachments(): Promise<AttachmentReport> {
  const dir = await mkdtemp(join(tmpdir(), 'baalda-bench-attachments-'));
  const relay = await startRelay({
    database: { kind: 'pglite', dataDir: join(dir, 'data') },
    attachmentsDir: join(dir, 'attachments'),
    port: 0,
    host: '127.0.0.1',
    webDir: '/nonexistent-web-dir',
    logger: silentLogger,
    passwordCost: TEST_PASSWORD_COST,
  });
  try {
    const token = await mintOwnerToken(relay.httpUrl);
    const upload = await measureUpload(relay, token, 40);
    const pages = Array.from({ length: 200 }, (_, page) =>
      Array.from({ length: 30 }, (_, line) => `Page ${page} line ${line}: shipping costs and pelican logistics.`),
    );
    const paragraphs = Array.from({ length: 2000 }, (_, index) => `Paragraph ${index} of the axolotl minutes.`);
    const searchable = [
      { name: 'PDF, 200 pages', ...(await timeToText(relay, token, 'Bench/report.pdf', makePdf(pages))) },
      {
        name: 'DOCX, 2,000 paragraphs',
        ...(await timeToText(relay, token, 'Bench/minutes.docx', makeDocx(paragraphs))),
      },
    ];
    const bomb = await timeToText(relay, token, 'Bench/bomb.docx', makeZipBombDocx(1024 * MIB));
    return { upload, searchable, zipBomb: { inflatedMib: 1024, ms: bomb.ms, reason: bomb.reason ?? '' } };
  } finally {
    await relay.close();
    await rm(dir, { recursive: true, force: true });
  }
}

// The client streams 1 MiB chunks so that the process's memory growth is the relay's buffering, not the
// file held by the sender.
async function measureUpload(relay: Relay, token: string, mib: number) {
  const chunk = randomBytes(MIB);
  let sent = 0;
  const bytes = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === mib) return controller.close();
      sent += 1;
      controller.enqueue(new Uint8Array(chunk));
    },
  });
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  }, 10);
  const started = performance.now();
  const response = await put(relay, token, 'Bench/random.bin', bytes);
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  if (response.status !== 201) throw new Error(`bench upload: ${response.status} ${await response.text()}`);
  return { mib, seconds, rssGrowthMib: (rssPeak - rssBefore) / MIB };
}

async function timeToText(relay: Relay, token: string, path: string, body: Buffer) {
  const started = performance.now();
  const response = await put(relay, token, path, body);
  const { docId } = (await response.json()) as { docId: string };
  await relay.attachments.settled();
  const ms = performance.now() - started;
  const record = await relay.attachments.records.find(docId);
  return { ms, chars: record?.textChars ?? 0, reason: record?.extractionReason ?? undefined };
}

function put(relay: Relay, token: string, path: string, body: Buffer | ReadableStream<Uint8Array>): Promise<Response> {
  const docId = randomBytes(16).toString('base64url');
  // Raw fetch, for a body that streams (the bench measures the relay's memory while it does); the route's
  // path still comes from its declaration.
  const target = pathFor(API.uploadAttachment, {
    params: { vaultId: 'default', docId },
    query: { path, createdAt: Date.now() },
  });
  return fetch(`${relay.httpUrl}${target}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
    body,
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
}

/** The report as measurements. */
export function attachmentMeasurements(report: AttachmentReport): Measurement[] {
  const { upload } = report;
  return [
    { name: `attachment upload, ${upload.mib} MiB over HTTP`, unit: 'MiB/s', value: upload.mib / upload.seconds },
    { name: 'process memory growth during that upload (streamed)', unit: 'MiB', value: upload.rssGrowthMib },
    ...report.searchable.map(
      ({ name, ms, chars }): Measurement => ({
        name: `attachment upload → text searchable, ${name}`,
        unit: 'ms',
        value: ms,
        note: `${chars.toLocaleString('en')} chars`,
      }),
    ),
    {
      name: `zip bomb DOCX (${report.zipBomb.inflatedMib} MiB inflated) → refused`,
      unit: 'ms',
      value: report.zipBomb.ms,
    },
  ];
}

/** `attachments`: uploads, extraction to searchable text, a zip bomb refused. */
export const attachmentsBench = defineBench({
  name: 'attachments',
  description: 'attachment upload speed and memory, upload → text searchable per format, a zip bomb DOCX refused',
  flags: {},
  inDefaultRun: true,
  run: async () => attachmentMeasurements(await measureAttachments()),
});
