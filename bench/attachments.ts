// `npx tsx bench/attachments.ts`: the attachments' numbers alone; `npm run bench` includes the same rows.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { TEST_PASSWORD_COST } from '../apps/relay/src/access/passwords';
import { type Relay, startRelay } from '../apps/relay/src/app/startRelay';
import { silentLogger } from '../apps/relay/src/support/logger';
import { makeDocx, makePdf, makeZipBombDocx } from '../apps/relay/test/attachmentFixtures';
import { mintOwnerToken } from './benchAccount';

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
  const query = new URLSearchParams({ path, createdAt: String(Date.now()) });
  return fetch(`${relay.httpUrl}/api/vaults/default/attachments/${docId}?${query}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
    body,
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
}

/** The report as rows of the bench table. */
export function attachmentRows(report: AttachmentReport): Array<[string, string]> {
  const { upload } = report;
  return [
    [`attachment upload, ${upload.mib} MiB over HTTP`, `${(upload.mib / upload.seconds).toFixed(0)} MiB/s`],
    [`process memory growth during that upload (streamed)`, `${upload.rssGrowthMib.toFixed(0)} MiB`],
    ...report.searchable.map(({ name, ms, chars }): [string, string] => [
      `attachment upload → text searchable, ${name}`,
      `${ms.toFixed(0)} ms (${chars.toLocaleString('en')} chars)`,
    ]),
    [`zip bomb DOCX (${report.zipBomb.inflatedMib} MiB inflated) → refused`, `${report.zipBomb.ms.toFixed(0)} ms`],
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rows = attachmentRows(await measureAttachments());
  for (const [name, value] of rows) console.log(`| ${name} | ${value} |`);
}
