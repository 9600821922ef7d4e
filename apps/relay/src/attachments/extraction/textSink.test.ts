import { describe, expect, it } from 'vitest';
import { createTextSink, cutText } from './textSink';

describe('text sink', () => {
  it('[ATT4] text within the limit comes back whole and not truncated', () => {
    const sink = createTextSink(11);
    sink.append('alice ');
    sink.append('');
    sink.append('wrote');
    expect(sink.isFull).toBe(false);
    expect(sink.finish()).toEqual({ text: 'alice wrote', truncated: false });
  });

  it('[ATT4] text past the limit is cut to an exact prefix and marked truncated', () => {
    const sink = createTextSink(8);
    sink.append('alice ');
    sink.append('wrote it');
    expect(sink.isFull).toBe(true);
    sink.append('and more that nobody keeps');
    expect(sink.finish()).toEqual({ text: 'alice wr', truncated: true });
  });

  it('[ATT4] a cut never splits a surrogate pair', () => {
    expect(cutText('ab😀cd', 3)).toBe('ab');
    expect(cutText('ab😀cd', 4)).toBe('ab😀');
    expect(cutText('ab😀cd', 2)).toBe('ab');
  });
});
