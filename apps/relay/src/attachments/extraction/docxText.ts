import { createUtf8Decoder } from './decodeText';
import { type ExtractionFailure, failed, overInflated } from './extractionFailure';
import type { TextSink } from './textSink';
import { createWordXmlReader } from './wordXmlText';
import { readZipEntry } from './zipEntry';

const MAIN_DOCUMENT = 'word/document.xml';

/**
 * The text of a DOCX's main document. Nothing is inflated whole: the XML streams from the zip through the parser
 * into the sink, and the zip-bomb guard counts every inflated byte.
 */
export async function extractDocxText(
  archive: Buffer,
  sink: TextSink,
  maxInflatedBytes: number,
): Promise<ExtractionFailure | undefined> {
  const reader = createWordXmlReader(sink);
  const decode = createUtf8Decoder();
  const outcome = await readZipEntry(archive, MAIN_DOCUMENT, maxInflatedBytes, (chunk) => {
    reader.write(decode(chunk, false));
    return !sink.isFull;
  });
  if (outcome === 'overInflated') return overInflated(maxInflatedBytes);
  if (outcome !== 'read') return failed('CORRUPT_FILE', 'The file is not a valid Word document (DOCX).');
  reader.write(decode(new Uint8Array(0), true));
  reader.end();
  return undefined;
}
