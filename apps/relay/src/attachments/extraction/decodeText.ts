/**
 * A text file's bytes as a string: a UTF-8, UTF-16 LE or UTF-16 BE byte order mark picks the encoding (and is
 * dropped), anything else is read as UTF-8. Bytes that are not valid in the encoding become U+FFFD.
 *
 * With `maxChars`, only as many bytes are decoded as could make `maxChars + 1` UTF-16 units, so a 50 MB file cut to a
 * few characters costs a few bytes. No encoding here spends more than 3 bytes on one unit, so the result is still
 * longer than `maxChars` whenever the file's text is.
 */
export function decodeText(bytes: Uint8Array, maxChars = Number.POSITIVE_INFINITY): string {
  const { encoding, bomLength } = detectEncoding(bytes);
  const budget = Number.isFinite(maxChars) ? bomLength + (maxChars + 1) * 3 : bytes.length;
  const body = bytes.subarray(bomLength, Math.min(bytes.length, budget));
  // ignoreBOM keeps a second, in-text BOM as written: the first one was already removed above.
  return new TextDecoder(encoding, { ignoreBOM: true }).decode(body);
}

/** A streaming UTF-8 decoder for text that arrives in chunks, such as XML from a zip entry. */
export function createUtf8Decoder(): (chunk: Uint8Array, isLast: boolean) => string {
  const decoder = new TextDecoder('utf-8');
  return (chunk, isLast) => decoder.decode(chunk, { stream: !isLast });
}

function detectEncoding(bytes: Uint8Array): { encoding: string; bomLength: number } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', bomLength: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', bomLength: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', bomLength: 2 };
  return { encoding: 'utf-8', bomLength: 0 };
}
