/**
 * Attachment files built in memory for extraction tests: real PDFs and DOCX files, and hostile ones (bombs, floods,
 * a broken PDF). Each is made from scratch so a test states its content instead of shipping opaque binaries.
 */
import { constants, crc32, deflateRawSync } from 'node:zlib';
import { Zip, type ZipInputFile, zipSync } from 'fflate';

const PAGE_TOP = 720;
const LINE_HEIGHT = 16;

const CATALOG = '<< /Type /Catalog /Pages 2 0 R >>';
const HELVETICA = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';

/**
 * A valid PDF with one page per inner array, each string one line of Helvetica text. Text is written in WinAnsi,
 * so characters outside Latin-1 come out as '?'.
 */
export function makePdf(pages: readonly string[][]): Buffer {
  const pageIds = pages.map((_, index) => 4 + index * 2);
  const objects = [
    CATALOG,
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`,
    HELVETICA,
    ...pages.flatMap((lines, index) => [pageObject(5 + index * 2), streamObject(pageContent(lines))]),
  ];
  return Buffer.from(serializePdf(objects), 'latin1');
}

/**
 * A one-page PDF whose content stream is `unit` repeated `times` times between BT and ET, Flate-compressed from
 * repeated chunks, so a stream of gigabytes is a file of about a thousandth of that. Whitespace makes a memory bomb
 * for readers that keep a decoded stream whole (pdf.js does); text operators make a file that is slow to interpret.
 * Not among the fixtures asked for: the extraction limit tests need a PDF that only some limits stop.
 */
export function makeFloodPdf(unit: string, times: number): Buffer {
  const pieces = [
    Buffer.from('BT /F1 12 Tf 72 720 Td\n'),
    ...repeatBytes(Buffer.from(unit, 'latin1'), times),
    Buffer.from('\nET'),
  ];
  const compressed = Buffer.concat(zlibWrap(pieces, deflateRepeated(pieces)));
  const stream = `<< /Length ${compressed.length} /Filter /FlateDecode >>\nstream\n${compressed.toString('latin1')}\nendstream`;
  const objects = [CATALOG, '<< /Type /Pages /Kids [4 0 R] /Count 1 >>', HELVETICA, pageObject(5), stream];
  return Buffer.from(serializePdf(objects), 'latin1');
}

function pageObject(contentId: number): string {
  return `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${contentId} 0 R >>`;
}

function pageContent(lines: readonly string[]): string {
  const shown = lines.map((line, index) => `${index === 0 ? '' : `0 -${LINE_HEIGHT} Td `}(${pdfString(line)}) Tj`);
  return ['BT', '/F1 12 Tf', `72 ${PAGE_TOP} Td`, ...shown, 'ET'].join('\n');
}

function streamObject(content: string): string {
  return `<< /Length ${content.length} >>\nstream\n${content}\nendstream`;
}

/** Latin-1 is WinAnsi for every character this keeps; '(', ')' and '\' would end or escape the string. */
function pdfString(text: string): string {
  const latin1 = text.replace(/[^\u0020-\u007e\u00a0-\u00ff]/g, '?');
  return latin1.replace(/[()\\]/g, (special) => `\\${special}`);
}

/** Every character is Latin-1, so string offsets are byte offsets. */
function serializePdf(objects: readonly string[]): string {
  let pdf = '%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n';
  const offsets: number[] = [];
  for (const [index, body] of objects.entries()) {
    offsets.push(pdf.length);
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  }
  const xrefOffset = pdf.length;
  // Each xref entry is exactly 20 bytes: the two-character end of line is ' \n'.
  const entries = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${entries}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return pdf;
}

/** A file that starts like a PDF and then breaks off into junk: no xref, no trailer, no pages. */
export function makeCorruptPdf(): Buffer {
  const start = Buffer.from(
    '%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pa',
    'latin1',
  );
  const junk = Buffer.alloc(4096);
  for (let index = 0; index < junk.length; index++) junk[index] = (index * 131 + 17) % 251;
  return Buffer.concat([start, junk]);
}

const WORD_NAMESPACE = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const DOCUMENT_START = `${XML_DECLARATION}<w:document xmlns:w="${WORD_NAMESPACE}"><w:body>`;
const DOCUMENT_END = '</w:body></w:document>';

const CONTENT_TYPES = `${XML_DECLARATION}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">\
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>\
<Default Extension="xml" ContentType="application/xml"/>\
<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>\
</Types>`;

const PACKAGE_RELATIONSHIPS = `${XML_DECLARATION}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">\
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>\
</Relationships>`;

/** A minimal valid DOCX with one Word paragraph per string. */
export function makeDocx(paragraphs: readonly string[]): Buffer {
  const body = paragraphs.map((text) => `<w:p><w:r><w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r></w:p>`);
  const document = `${DOCUMENT_START}${body.join('')}${DOCUMENT_END}`;
  return Buffer.from(
    zipSync({
      '[Content_Types].xml': Buffer.from(CONTENT_TYPES),
      '_rels/.rels': Buffer.from(PACKAGE_RELATIONSHIPS),
      'word/document.xml': Buffer.from(document),
    }),
  );
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"]/g, (special) => `&#${special.charCodeAt(0)};`);
}

/**
 * A DOCX whose word/document.xml inflates to exactly `inflatedBytes` while the file stays around a thousandth of that.
 * The bulk is whitespace between the body's elements, so it is no text: a reader can only stop it by counting
 * inflated bytes. The whitespace is never held in memory whole (see `deflateRepeated`).
 */
export function makeZipBombDocx(inflatedBytes: number): Buffer {
  const head = Buffer.from(DOCUMENT_START);
  const tail = Buffer.from(`<w:p><w:r><w:t>The end.</w:t></w:r></w:p>${DOCUMENT_END}`);
  const fillerBytes = inflatedBytes - head.length - tail.length;
  if (fillerBytes < 0) throw new Error(`a DOCX needs at least ${head.length + tail.length} bytes of XML`);
  const pieces = [head, ...repeatBytes(Buffer.from(' '), fillerBytes), tail];
  const crc = pieces.reduce((running, piece) => crc32(piece, running), 0);
  return zipStreaming([
    { name: '[Content_Types].xml', data: Buffer.from(CONTENT_TYPES) },
    { name: '_rels/.rels', data: Buffer.from(PACKAGE_RELATIONSHIPS) },
    { name: 'word/document.xml', deflated: deflateRepeated(pieces), size: inflatedBytes, crc },
  ]);
}

const CHUNK_BYTES = 1024 * 1024;

/** `unit` `times` times over, as one ~1 MiB Buffer repeated (the same object) and a shorter rest. */
function repeatBytes(unit: Buffer, times: number): Buffer[] {
  const unitsPerChunk = Math.max(1, Math.floor(CHUNK_BYTES / unit.length));
  const chunk = Buffer.concat(new Array(Math.min(unitsPerChunk, times)).fill(unit));
  const repeats: Buffer[] = new Array(Math.floor(times / unitsPerChunk)).fill(chunk);
  const restUnits = times % unitsPerChunk;
  return restUnits > 0 ? [...repeats, chunk.subarray(0, restUnits * unit.length)] : repeats;
}

/**
 * A raw deflate stream of the pieces laid end to end. Each piece is compressed on its own and ends on a byte
 * boundary without ending the stream (a sync flush), so compressed pieces can be concatenated; a repeated piece is
 * compressed once. A final empty block ends the stream.
 */
function deflateRepeated(pieces: readonly Buffer[]): Buffer[] {
  const known = new Map<Buffer, Buffer>();
  const deflateOnce = (piece: Buffer): Buffer => {
    const deflated = known.get(piece) ?? deflateRawSync(piece, { finishFlush: constants.Z_SYNC_FLUSH, level: 9 });
    known.set(piece, deflated);
    return deflated;
  };
  return [...pieces.map(deflateOnce), FINAL_EMPTY_BLOCK];
}

/** A fixed-Huffman block with BFINAL set and only the end-of-block code. */
const FINAL_EMPTY_BLOCK = Buffer.from([0x03, 0x00]);

/** The zlib format (as PDF's FlateDecode wants it): a header, the raw stream, the Adler-32 of the data. */
function zlibWrap(pieces: readonly Buffer[], deflated: readonly Buffer[]): Buffer[] {
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(adler32OfPieces(pieces));
  return [Buffer.from([0x78, 0xda]), ...deflated, checksum];
}

const ADLER_BASE = 65521;

/** Sums each distinct piece once and combines the checksums as zlib's adler32_combine does. */
function adler32OfPieces(pieces: readonly Buffer[]): number {
  const known = new Map<Buffer, number>();
  let adler = 1;
  for (const piece of pieces) {
    const pieceAdler = known.get(piece) ?? adler32(piece);
    known.set(piece, pieceAdler);
    adler = combineAdler32(adler, pieceAdler, piece.length);
  }
  return adler;
}

function adler32(bytes: Buffer): number {
  let low = 1;
  let high = 0;
  for (const byte of bytes) {
    low = (low + byte) % ADLER_BASE;
    high = (high + low) % ADLER_BASE;
  }
  return ((high << 16) | low) >>> 0;
}

function combineAdler32(first: number, second: number, secondLength: number): number {
  const remainder = secondLength % ADLER_BASE;
  const firstLow = first & 0xffff;
  const low = (firstLow + (second & 0xffff) + ADLER_BASE - 1) % ADLER_BASE;
  const high = ((remainder * firstLow) % ADLER_BASE) + (first >>> 16) + (second >>> 16) + ADLER_BASE - remainder;
  return (((high % ADLER_BASE) << 16) | low) >>> 0;
}

type ZipEntry =
  | { readonly name: string; readonly data: Buffer }
  | { readonly name: string; readonly deflated: readonly Buffer[]; readonly size: number; readonly crc: number };

/** fflate writes the zip container; entries given pre-deflated are passed through as they are. */
function zipStreaming(entries: readonly ZipEntry[]): Buffer {
  const output: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    output.push(chunk);
  });
  for (const entry of entries) {
    if ('data' in entry)
      addDeflatedEntry(zip, entry.name, [deflateRawSync(entry.data)], entry.data.length, crc32(entry.data));
    else addDeflatedEntry(zip, entry.name, entry.deflated, entry.size, entry.crc);
  }
  zip.end();
  return Buffer.concat(output);
}

function addDeflatedEntry(zip: Zip, filename: string, deflated: readonly Buffer[], size: number, crc: number): void {
  const file: ZipInputFile = { filename, size, crc, compression: 8, terminate: () => {} };
  zip.add(file);
  for (const [index, chunk] of deflated.entries())
    file.ondata?.(null, new Uint8Array(chunk), index === deflated.length - 1);
}
