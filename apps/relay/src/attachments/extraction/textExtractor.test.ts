import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDocx, makePdf } from '../../../test/attachmentFixtures';
import { createTextExtractor, type ExtractionFormat, type TextExtractor } from './index';

let directory: string;
let extractor: TextExtractor;

beforeAll(() => {
  directory = mkdtempSync(join(tmpdir(), 'baalda-extraction-'));
  extractor = createTextExtractor();
});

afterAll(async () => {
  await extractor.close();
  rmSync(directory, { recursive: true, force: true });
});

let fileCount = 0;
async function extractText(content: string | Buffer, format: ExtractionFormat): Promise<string> {
  const filePath = join(directory, `attachment-${fileCount++}.${format}`);
  writeFileSync(filePath, content);
  const result = await extractor.extract(filePath, format);
  if (!result.ok) throw new Error(`${format}: ${result.code} ${result.reason}`);
  expect(result.truncated).toBe(false);
  return result.text;
}

// Each file starts a process of its own: running the cases side by side keeps the extractor's two slots busy.
describe.concurrent('extracting text from each format', () => {
  it('[ATT4] a PDF gives every page, lines as lines and pages separated by an empty line', async () => {
    const pdf = makePdf([['Alice wrote the first page.', 'It has (two) lines.'], ['Bob wrote the second page.']]);
    expect(await extractText(pdf, 'pdf')).toBe(
      'Alice wrote the first page.\nIt has (two) lines.\n\nBob wrote the second page.',
    );
  });

  it('[ATT4] a DOCX gives one line per paragraph, entities decoded', async () => {
    const docx = makeDocx(['Alice opens the meeting.', 'Bob takes notes & asks <why>.', 'Carol closes it.']);
    expect(await extractText(docx, 'docx')).toBe(
      'Alice opens the meeting.\nBob takes notes & asks <why>.\nCarol closes it.',
    );
  });

  it('[ATT4] HTML gives the readable text, without script, style, noscript or template contents', async () => {
    const html = `<!doctype html><html><head><title>Minutes</title><style>p { color: red }</style>
      <script>document.write("<p>injected</p>")</script></head>
      <body><h1>Minutes</h1><p>Alice   said <em>hello</em>&nbsp;&amp; left.</p><noscript>Enable JavaScript</noscript>
      <template><p>hidden</p></template><ul><li>Bob</li><li>Carol</li></ul>line one<br>line two</body></html>`;
    expect(await extractText(html, 'html')).toBe(
      'Minutes\nMinutes\nAlice said hello & left.\nBob\nCarol\nline one\nline two',
    );
  });

  it('[ATT4] CSV, JSON and Markdown are their text as written', async () => {
    const csv = 'name,role\nalice,"lead, writer"\nbob,editor\n';
    const json = '{\n  "author": "carol",\n  "note": "café \\u00e9"\n}\n';
    const markdown = '# Minutes\n\n- **alice** opens\n- bob closes\n';
    expect(await extractText(csv, 'csv')).toBe(csv);
    expect(await extractText(json, 'json')).toBe(json);
    expect(await extractText(markdown, 'markdown')).toBe(markdown);
  });

  it('[ATT4] plain text in UTF-16 (either byte order) or UTF-8 with a BOM loses only the BOM', async () => {
    const text = 'Alice, Bob and Carol — 😀\n';
    expect(await extractText(Buffer.from(`\ufeff${text}`, 'utf16le'), 'plain')).toBe(text);
    expect(await extractText(Buffer.from(`\ufeff${text}`, 'utf16le').swap16(), 'plain')).toBe(text);
    expect(await extractText(Buffer.from(`\ufeff${text}`), 'plain')).toBe(text);
  });
});
