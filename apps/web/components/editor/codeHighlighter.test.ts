import { createLowlight } from 'lowlight';
import { describe, expect, it } from 'vitest';
import { GRAMMAR_LOADERS, type GrammarName, grammarsNeededBy } from './codeGrammars';
import { grammarsGenerationNow, highlightCode, loadGrammars, shouldLoadGrammar, spansOf } from './codeHighlighter';

const ALL_GRAMMARS = Object.keys(GRAMMAR_LOADERS) as GrammarName[];

describe('code highlighter', () => {
  it('[CODE3] nothing is highlighted before its grammar has loaded; then its spans carry hljs classes', async () => {
    expect(highlightCode('lua', 'local x = 1')).toBeNull();
    expect(shouldLoadGrammar('lua')).toBe(true);
    const before = grammarsGenerationNow();
    await loadGrammars(['lua']);
    expect(shouldLoadGrammar('lua')).toBe(false);
    expect(grammarsGenerationNow()).toBeGreaterThan(before);
    expect(highlightCode('lua', 'local x = 1')).toEqual([
      { from: 0, to: 5, className: 'hljs-keyword' },
      { from: 10, to: 11, className: 'hljs-number' },
    ]);
  });

  // Through lowlight directly: grammars load once per page, and here once per worker, which the other
  // test files share, so each file loads through the highlighter only grammars no other file uses.
  it('[CODE3] every grammar of the loader map loads and highlights', async () => {
    for (const grammar of ALL_GRAMMARS) {
      const lowlight = createLowlight({ [grammar]: (await GRAMMAR_LOADERS[grammar]()).default });
      expect(lowlight.registered(grammar), grammar).toBe(true);
      expect(lowlight.highlight(grammar, 'x = "a" # 1').children.length, grammar).toBeGreaterThan(0);
    }
  });

  it('[CODE3] a grammar that embeds others needs them too, each once', () => {
    expect(grammarsNeededBy('xml')).toEqual(['xml', 'css', 'javascript']);
    expect(grammarsNeededBy('markdown')).toEqual(['markdown', 'xml', 'css', 'javascript']);
    expect(grammarsNeededBy('python')).toEqual(['python']);
  });

  it('[CODE1] nested elements become runs of text with every class around them', async () => {
    const python = (await GRAMMAR_LOADERS.python()).default;
    const text = 'def greet(name):\n    return f"hi {name}"';
    const spans = spansOf(createLowlight({ python }).highlight('python', text).children);
    expect(spans.map((span) => [text.slice(span.from, span.to), span.className])).toEqual([
      ['def', 'hljs-keyword'],
      ['greet', 'hljs-title function_'],
      ['name', 'hljs-params'],
      ['return', 'hljs-keyword'],
      ['f"hi ', 'hljs-string'],
      ['{name}', 'hljs-string hljs-subst'],
      ['"', 'hljs-string'],
    ]);
  });
});
