import { describe, expect, it } from 'vitest';
import { createUtf8Decoder, decodeText } from './decodeText';

const utf16be = (text: string): Buffer => Buffer.from(text, 'utf16le').swap16();

describe('decoding text files', () => {
  it('[ATT4] UTF-8 is read as written, its byte order mark dropped', () => {
    expect(decodeText(Buffer.from('alice, café 😀\n'))).toBe('alice, café 😀\n');
    expect(decodeText(Buffer.from('\ufeffbob'))).toBe('bob');
  });

  it('[ATT4] a UTF-16 byte order mark, little- or big-endian, picks the encoding', () => {
    expect(decodeText(Buffer.from('\ufeffcarol 😀', 'utf16le'))).toBe('carol 😀');
    expect(decodeText(utf16be('\ufeffcarol 😀'))).toBe('carol 😀');
  });

  it('[ATT4] bytes that are not valid in the encoding become U+FFFD', () => {
    expect(decodeText(Buffer.from([0x61, 0xff, 0x62, 0xc3]))).toBe('a\ufffdb\ufffd');
    expect(decodeText(Buffer.from([0xff, 0xfe, 0x61, 0x00, 0x00, 0xd8, 0x62, 0x00]))).toBe('a\ufffdb');
  });

  it('[ATT4] with a character limit, enough is decoded to see the text runs past it', () => {
    const text = '€'.repeat(1000);
    const decoded = decodeText(Buffer.from(text), 10);
    expect(decoded.length).toBeGreaterThan(10);
    expect(decoded.slice(0, 10)).toBe(text.slice(0, 10));
    expect(decodeText(Buffer.from('short'), 10)).toBe('short');
  });

  it('[ATT4] the streaming decoder joins characters split across chunks', () => {
    const decode = createUtf8Decoder();
    const bytes = Buffer.from('é😀');
    expect(
      decode(bytes.subarray(0, 1), false) + decode(bytes.subarray(1, 3), false) + decode(bytes.subarray(3), true),
    ).toBe('é😀');
  });
});
