import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCorruptPdf, makeDocx, makeFloodPdf, makePdf, makeZipBombDocx } from '../../../test/attachmentFixtures';
import { createTextExtractor, type ExtractionFormat, type ExtractionResult, type TextExtractor } from './index';

const MIB = 1024 * 1024;
const GIB = 1024 * MIB;

let directory: string;
let fileCount = 0;
const extractors: TextExtractor[] = [];

beforeAll(() => {
  directory = mkdtempSync(join(tmpdir(), 'baalda-extraction-limits-'));
});

afterAll(async () => {
  await Promise.all(extractors.map((extractor) => extractor.close()));
  rmSync(directory, { recursive: true, force: true });
});

function startExtractor(options?: Parameters<typeof createTextExtractor>[0]): TextExtractor {
  const extractor = createTextExtractor(options);
  extractors.push(extractor);
  return extractor;
}

function storeFile(content: string | Buffer, format: ExtractionFormat): string {
  const filePath = join(directory, `attachment-${fileCount++}.${format}`);
  writeFileSync(filePath, content);
  return filePath;
}

/** A small, good file: whatever failed before it, the extractor must still read it. */
async function expectStillWorking(extractor: TextExtractor): Promise<void> {
  const pdf = storeFile(makePdf([['Alice is still here.']]), 'pdf');
  expect(await extractor.extract(pdf, 'pdf')).toEqual({ ok: true, text: 'Alice is still here.', truncated: false });
}

/** This process's extraction children, read from /proc: what the extractor does not report, the kernel does. */
function extractionChildPids(): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => isExtractionChildOf(pid, process.pid));
}

function isExtractionChildOf(pid: number, parentPid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    return parent === parentPid && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('extractionChild');
  } catch {
    return false; // exited while we looked
  }
}

async function waitForChildren(count: number): Promise<number[]> {
  for (let attempt = 0; attempt < 500; attempt++) {
    const pids = extractionChildPids();
    if (pids.length >= count) return pids;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`expected ${count} extraction children`);
}

describe('extraction limits and hostile files', () => {
  it('[ATT5] text longer than maxTextChars is cut to an exact prefix and marked truncated', async () => {
    const text = 'Alice, Bob and Carol wrote 😀 a long note.';
    const extractor = startExtractor({ limits: { maxTextChars: 25 } });
    // Cutting at 28 would split the emoji's surrogate pair: the cut falls before it instead.
    const cutAtEmoji = startExtractor({ limits: { maxTextChars: 28 } });
    const docx = storeFile(makeDocx(['Alice opens the meeting.', 'Bob takes notes.']), 'docx');
    expect(
      await Promise.all([
        extractor.extract(storeFile(text, 'plain'), 'plain'),
        cutAtEmoji.extract(storeFile(text, 'plain'), 'plain'),
        extractor.extract(docx, 'docx'),
      ]),
    ).toEqual([
      { ok: true, text: text.slice(0, 25), truncated: true },
      { ok: true, text: text.slice(0, 27), truncated: true },
      { ok: true, text: 'Alice opens the meeting.\n', truncated: true },
    ]);
  });

  it('[ATT5, LIM13] a text past the default 5,000,000 characters crosses the IPC channel cut to exactly that', async () => {
    const extractor = startExtractor();
    const text = 'alice bob carol '.repeat(400_000);
    const result = await extractor.extract(storeFile(text, 'plain'), 'plain');
    expect(result.ok && result.truncated).toBe(true);
    expect(result.ok && result.text === text.slice(0, 5_000_000)).toBe(true);
  });

  it('[ATT5] a corrupt PDF is CORRUPT_FILE, quickly, and so are garbage and a zip without a document as DOCX', async () => {
    const extractor = startExtractor();
    const started = Date.now();
    const zipWithoutDocument = Buffer.from(zipSync({ 'word/other.xml': Buffer.from('<w:document/>') }));
    const results = await Promise.all([
      extractor.extract(storeFile(makeCorruptPdf(), 'pdf'), 'pdf'),
      extractor.extract(storeFile(makeCorruptPdf(), 'docx'), 'docx'),
      extractor.extract(storeFile(zipWithoutDocument, 'docx'), 'docx'),
    ]);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(results.map((result) => !result.ok && result.code)).toEqual([
      'CORRUPT_FILE',
      'CORRUPT_FILE',
      'CORRUPT_FILE',
    ]);
    await expectStillWorking(extractor);
  });

  it('[ATT5, LIM13] a DOCX that inflates to 1 GiB stops at INFLATE_LIMIT, and this process never holds it', async () => {
    const extractor = startExtractor();
    const rssBefore = process.memoryUsage.rss();
    const bomb = makeZipBombDocx(GIB);
    expect(bomb.length).toBeLessThan(2 * MIB);
    const filePath = storeFile(bomb, 'docx');
    let peakRss = rssBefore;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage.rss());
    }, 10);
    const result = await extractor.extract(filePath, 'docx');
    clearInterval(sampler);
    expect(result).toMatchObject({ ok: false, code: 'INFLATE_LIMIT' });
    if (!result.ok) expect(result.reason).toContain('64 MiB');
    expect(Math.max(peakRss, process.memoryUsage.rss()) - rssBefore).toBeLessThan(128 * MIB);
    await expectStillWorking(extractor);
  });

  it('[ATT5, LIM13] a PDF too slow to interpret is killed at the timeout (TIMEOUT)', async () => {
    // The timeout also bounds the next file's fresh child (a process start and pdf.js), which on a CI machine
    // busy with other suites once took over 4 s: 8 s leaves room for that, and the flood still needs far more.
    const extractor = startExtractor({ limits: { timeoutMs: 8000 } });
    // Twenty million text operators in a 0.5 MB file: far more than 8 s of work for pdf.js.
    const slow = storeFile(makeFloodPdf('(a)Tj ', 20_000_000), 'pdf');
    const started = Date.now();
    expect(await extractor.extract(slow, 'pdf')).toMatchObject({ ok: false, code: 'TIMEOUT' });
    expect(Date.now() - started).toBeLessThan(16_000);
    await expectStillWorking(extractor);
  });

  it('[ATT5] a timeout shorter than a process start fails every file as TIMEOUT, never hangs', async () => {
    const extractor = startExtractor({ limits: { timeoutMs: 1 } });
    const result = await extractor.extract(storeFile('alice', 'plain'), 'plain');
    expect(result).toEqual({ ok: false, code: 'TIMEOUT', reason: expect.stringContaining('0.001 seconds') });
  });

  it('[ATT5] a PDF whose content stream decodes to gigabytes is killed at the memory cap (MEMORY_LIMIT)', async () => {
    // pdf.js keeps a decoded stream in one growing Uint8Array, outside the V8 heap: only the RSS watchdog sees it.
    const extractor = startExtractor({ limits: { maxRssBytes: 300 * MIB } });
    const bomb = storeFile(makeFloodPdf(' ', 4 * GIB), 'pdf');
    const result = await extractor.extract(bomb, 'pdf');
    expect(result).toMatchObject({ ok: false, code: 'MEMORY_LIMIT' });
    if (!result.ok) expect(result.reason).toContain('300 MiB');
    await expectStillWorking(extractor);
  });

  it('[ATT5] a memory cap below what a process starts with fails as MEMORY_LIMIT', async () => {
    const extractor = startExtractor({ limits: { maxRssBytes: 20 * MIB } });
    expect(await extractor.extract(storeFile('bob', 'plain'), 'plain')).toMatchObject({ code: 'MEMORY_LIMIT' });
  });

  it('[ATT5] a child that dies unexpectedly is EXTRACTOR_CRASHED, and the next file is read in a new one', async () => {
    const extractor = startExtractor();
    const pending = extractor.extract(storeFile(makeFloodPdf('(a)Tj ', 20_000_000), 'pdf'), 'pdf');
    const [pid] = await waitForChildren(1);
    process.kill(pid as number, 'SIGKILL');
    expect(await pending).toMatchObject({ ok: false, code: 'EXTRACTOR_CRASHED' });
    await expectStillWorking(extractor);
  });

  it('[ATT5] files wait their turn in arrival order, never more children than the concurrency', async () => {
    const extractor = startExtractor({ concurrency: 1 });
    const finished: string[] = [];
    let mostChildren = 0;
    const sampler = setInterval(() => {
      mostChildren = Math.max(mostChildren, extractionChildPids().length);
    }, 20);
    const names = ['alice', 'bob', 'carol'];
    const results = await Promise.all(
      names.map((name) =>
        extractor.extract(storeFile(name, 'plain'), 'plain').then((result) => {
          finished.push(name);
          return result;
        }),
      ),
    );
    clearInterval(sampler);
    expect(results.map((result: ExtractionResult) => result.ok && result.text)).toEqual(names);
    expect(finished).toEqual(names);
    expect(mostChildren).toBe(1);
  });

  it('[ATT5] close() kills running children, fails queued and later files, and leaves no child alive', async () => {
    const extractor = startExtractor({ concurrency: 2 });
    const slow = storeFile(makeFloodPdf('(a)Tj ', 20_000_000), 'pdf');
    const pending = [extractor.extract(slow, 'pdf'), extractor.extract(slow, 'pdf'), extractor.extract(slow, 'pdf')];
    const pids = await waitForChildren(2);
    await extractor.close();
    const stopped = { ok: false, code: 'EXTRACTOR_CRASHED', reason: expect.stringContaining('extractor stopped') };
    expect(await Promise.all(pending)).toEqual([stopped, stopped, stopped]);
    expect(await extractor.extract(slow, 'pdf')).toEqual(stopped);
    expect(extractionChildPids()).toEqual([]);
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
  });
});
