import { FRONT_MATTER_LANGUAGE } from '@baalda/markdown';
import { describe, expect, it } from 'vitest';
import { GRAMMAR_LOADERS } from './codeGrammars';
import { CODE_LANGUAGES, codeLanguageOf, infoAfterChoice, languageChoicesFor, PLAIN_TEXT } from './codeLanguages';

describe('code block languages', () => {
  it('[CODE1] a language is named by the first word of the info string, any case, or by an alias', () => {
    expect(codeLanguageOf('python')?.grammar).toBe('python');
    expect(codeLanguageOf('Py')?.name).toBe('python');
    expect(codeLanguageOf('  ts title="a.ts" ')?.name).toBe('typescript');
    expect(codeLanguageOf('tsx')?.grammar).toBe('typescript');
    expect(codeLanguageOf('jsx')?.grammar).toBe('javascript');
    expect(codeLanguageOf('sh')?.name).toBe('bash');
    expect(codeLanguageOf('shell')?.name).toBe('bash');
    expect(codeLanguageOf('c++')?.name).toBe('cpp');
    expect(codeLanguageOf('C#')?.name).toBe('csharp');
    expect(codeLanguageOf('toml')?.grammar).toBe('ini');
    expect(codeLanguageOf('html')?.grammar).toBe('xml');
    expect(codeLanguageOf('yml')?.name).toBe('yaml');
    expect(codeLanguageOf(FRONT_MATTER_LANGUAGE)).toMatchObject({ grammar: 'yaml', offered: false });
  });

  it('[CODE1] an unknown language, none, or a non-string names no language (the block stays plain)', () => {
    for (const info of ['klingon', '', '   ', null, undefined, 42, 'title="a.py"']) {
      expect(codeLanguageOf(info)).toBeNull();
    }
  });

  it('[CODE1] every word names one language, and every language has a grammar to load', () => {
    const words = CODE_LANGUAGES.flatMap((language) => [language.name, ...language.aliases]);
    expect(new Set(words).size).toBe(words.length);
    for (const word of words) {
      expect(word).toBe(word.toLowerCase());
      expect(word).not.toMatch(/\s/);
    }
    for (const language of CODE_LANGUAGES) expect(Object.keys(GRAMMAR_LOADERS)).toContain(language.grammar);
  });

  it('[CODE4] the picker selects a known language by its name, however it was typed', () => {
    const { choices, selected } = languageChoicesFor('py');
    expect(selected).toBe('python');
    expect(choices[0]).toEqual({ value: PLAIN_TEXT, label: 'Plain text' });
    expect(choices.map((choice) => choice.value)).toContain('python');
    const labels = choices.slice(1).map((choice) => choice.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'en')));
    expect(languageChoicesFor(null).selected).toBe(PLAIN_TEXT);
  });

  it('[CODE4] a language the picker does not offer is listed first, as typed, and selected', () => {
    expect(languageChoicesFor('klingon v2').choices[0]).toEqual({ value: 'klingon v2', label: 'klingon v2' });
    expect(languageChoicesFor('klingon v2').selected).toBe('klingon v2');
    expect(languageChoicesFor(FRONT_MATTER_LANGUAGE).choices[0]).toEqual({
      value: FRONT_MATTER_LANGUAGE,
      label: 'Front matter',
    });
    expect(languageChoicesFor('python').choices.map((choice) => choice.value)).not.toContain(FRONT_MATTER_LANGUAGE);
  });

  it('[CODE4] choosing a language replaces the first word and keeps the rest; plain text drops it all', () => {
    expect(infoAfterChoice('py title="a.py"', 'ruby')).toBe('ruby title="a.py"');
    expect(infoAfterChoice('python', 'javascript')).toBe('javascript');
    expect(infoAfterChoice(null, 'go')).toBe('go');
    expect(infoAfterChoice('klingon {x}', 'rust')).toBe('rust {x}');
    expect(infoAfterChoice('py title="a.py"', PLAIN_TEXT)).toBeNull();
    expect(infoAfterChoice('klingon {x}', 'klingon {x}')).toBe('klingon {x}');
  });
});
