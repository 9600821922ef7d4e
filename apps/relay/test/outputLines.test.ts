import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { collectLines } from './outputLines';

describe('collectLines', () => {
  it('keeps a line whole when a chunk ends in the middle of it, and the last line without a newline', async () => {
    const stream = new PassThrough();
    const lines: string[] = [];
    collectLines(stream, lines);
    for (const chunk of ['mirror: a.md → relay (cre', 'ated)\n\nmirror: b.md → relay (created)\nlast wo', 'rds'])
      stream.write(chunk);
    stream.end();
    await new Promise((resolve) => stream.once('close', resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toEqual(['mirror: a.md → relay (created)', 'mirror: b.md → relay (created)', 'last words']);
  });
});
