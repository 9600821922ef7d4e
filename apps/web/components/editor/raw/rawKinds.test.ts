import { describe, expect, it } from 'vitest';
import { rawBlockKindOf, rawInlineKindOf, rawKindLabelOf, rawSourceEditOf } from './rawKinds';

const blockLabelOf = (source: string) => rawKindLabelOf(rawBlockKindOf(source));
const inlineLabelOf = (source: string) => rawKindLabelOf(rawInlineKindOf(source));

describe('what Markdown kept as typed is', () => {
  it('[RAW1] a block is labelled HTML, Math, Footnote, Comment or Link definition by how it starts', () => {
    expect(blockLabelOf('<div align="center">\n  <b>Hi</b>\n</div>')).toBe('HTML');
    expect(blockLabelOf('<!-- draft -->')).toBe('HTML');
    expect(blockLabelOf('$$\n\\int_0^1 x\\,dx\n$$')).toBe('Math');
    expect(blockLabelOf('[^1]: The source, with a [link](https://example.com).')).toBe('Footnote');
    expect(blockLabelOf('%%\nnot shown in reading view\n%%')).toBe('Comment');
    expect(blockLabelOf('[docs]: https://example.com/docs "The docs"')).toBe('Link definition');
  });

  it('[RAW1] a footnote is not taken for a link definition, though it has the shape of one', () => {
    expect(blockLabelOf('[^note]: text')).toBe('Footnote');
    expect(blockLabelOf('[a \\] b]: /url')).toBe('Link definition');
  });

  it('[RAW1] up to three spaces before a block do not change its kind; anything else is Markdown', () => {
    expect(blockLabelOf('   <table>')).toBe('HTML');
    expect(blockLabelOf('  [^2]: later')).toBe('Footnote');
    expect(blockLabelOf('[not a definition]')).toBe('Markdown');
    expect(blockLabelOf('    <indented code, not HTML>')).toBe('Markdown');
    expect(blockLabelOf('')).toBe('Markdown');
  });

  it('[RAW2] an inline piece is labelled by how it starts: a tag, a footnote, math, a comment, a block id, an image', () => {
    expect(inlineLabelOf('<span style="color: red">')).toBe('HTML');
    expect(inlineLabelOf('</span>')).toBe('HTML');
    expect(inlineLabelOf('[^1]')).toBe('Footnote');
    expect(inlineLabelOf('$e^{i\\pi} + 1 = 0$')).toBe('Math');
    expect(inlineLabelOf('%%aside%%')).toBe('Comment');
    expect(inlineLabelOf('^summary-1')).toBe('Block id');
    expect(inlineLabelOf('![A cat](cat.png "Cat")')).toBe('Image');
    expect(inlineLabelOf('{{template}}')).toBe('Markdown');
  });
});

describe('editing an inline piece’s source', () => {
  it('[RAW3] the same source writes nothing; another is written exactly as typed, spaces included', () => {
    expect(rawSourceEditOf('[^1]', '[^1]')).toEqual({ kind: 'keep' });
    expect(rawSourceEditOf('[^1]', ' [^2] ')).toEqual({ kind: 'set', source: ' [^2] ' });
  });

  it('[RAW3] an empty or blank source removes the piece', () => {
    expect(rawSourceEditOf('[^1]', '')).toEqual({ kind: 'delete' });
    expect(rawSourceEditOf('[^1]', ' \n ')).toEqual({ kind: 'delete' });
  });
});
