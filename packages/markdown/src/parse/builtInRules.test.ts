import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { builtInBlockRule, builtInInlineRule } from './builtInRules';
import { markdownParser } from './markdownIt';

describe('markdown-it rules read through the public Ruler API', () => {
  it('[MD11] the rules wrapped to keep sources are the ones markdown-it itself runs', () => {
    const plain = new MarkdownIt('default');
    expect(plain.block.ruler.getRules('')).toContain(builtInBlockRule('reference'));
    expect(plain.inline.ruler.getRules('')).toContain(builtInInlineRule('image'));
  });

  it('[MD11] a reference definition and an image come back with their sources', () => {
    const tokens = markdownParser.parse('![a *b*](x.png "t")\n\n[ref]: <https://e.x>  "T"\n', {});
    const image = tokens[1]?.children?.find((token) => token.type === 'image');
    expect(image?.meta?.source).toBe('![a *b*](x.png "t")');
    expect(tokens.find((token) => token.type === 'reference_definition')?.content).toBe('[ref]: <https://e.x>  "T"');
  });

  it('[MD11] a rule markdown-it does not have is refused, not silently skipped', () => {
    expect(() => builtInBlockRule('no such rule')).toThrow();
  });
});
