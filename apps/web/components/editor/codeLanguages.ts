import { FRONT_MATTER_LANGUAGE } from '@baalda/markdown';
import type { GrammarName } from './codeGrammars';

/** A language a code block can be in: what the picker writes, shows, and highlights it with. */
export interface CodeLanguage {
  /** The word the picker writes as the block's `language` (the fence's info string). */
  readonly name: string;
  readonly label: string;
  readonly grammar: GrammarName;
  /** Other words that mean this language in a fence's info string (GitHub's and Obsidian's usual ones). */
  readonly aliases: readonly string[];
  /** False for a language only the app writes (front matter): the picker shows it but doesn't offer it. */
  readonly offered: boolean;
}

function language(name: string, label: string, grammar: GrammarName, aliases: readonly string[] = []): CodeLanguage {
  return { name, label, grammar, aliases, offered: true };
}

/** The languages the picker offers, in the order it lists them. */
export const CODE_LANGUAGES: readonly CodeLanguage[] = [
  language('bash', 'Bash', 'bash', ['sh', 'shell', 'zsh']),
  language('c', 'C', 'c', ['h']),
  language('csharp', 'C#', 'csharp', ['c#', 'cs']),
  language('cpp', 'C++', 'cpp', ['c++', 'cc', 'cxx', 'hpp', 'hh', 'hxx', 'h++']),
  language('clojure', 'Clojure', 'clojure', ['clj', 'cljs', 'edn']),
  language('css', 'CSS', 'css'),
  language('dart', 'Dart', 'dart'),
  language('diff', 'Diff', 'diff', ['patch']),
  language('dockerfile', 'Dockerfile', 'dockerfile', ['docker']),
  language('elixir', 'Elixir', 'elixir', ['ex', 'exs']),
  language('go', 'Go', 'go', ['golang']),
  language('graphql', 'GraphQL', 'graphql', ['gql']),
  language('haskell', 'Haskell', 'haskell', ['hs']),
  language('html', 'HTML', 'xml', ['htm', 'xhtml']),
  language('ini', 'INI', 'ini', ['cfg', 'conf']),
  language('java', 'Java', 'java'),
  language('javascript', 'JavaScript', 'javascript', ['js', 'jsx', 'mjs', 'cjs', 'node']),
  language('json', 'JSON', 'json', ['jsonc', 'json5']),
  language('kotlin', 'Kotlin', 'kotlin', ['kt', 'kts']),
  language('latex', 'LaTeX', 'latex', ['tex']),
  language('less', 'Less', 'less'),
  language('lua', 'Lua', 'lua'),
  language('makefile', 'Makefile', 'makefile', ['make', 'mk', 'mak']),
  language('markdown', 'Markdown', 'markdown', ['md', 'mkd']),
  language('nginx', 'Nginx', 'nginx', ['nginxconf']),
  language('objectivec', 'Objective-C', 'objectivec', ['objc', 'objective-c', 'obj-c', 'mm']),
  language('perl', 'Perl', 'perl', ['pl', 'pm']),
  language('php', 'PHP', 'php'),
  language('powershell', 'PowerShell', 'powershell', ['ps1', 'pwsh', 'ps']),
  language('protobuf', 'Protocol Buffers', 'protobuf', ['proto']),
  language('python', 'Python', 'python', ['py', 'py3', 'python3', 'gyp']),
  language('r', 'R', 'r'),
  language('ruby', 'Ruby', 'ruby', ['rb', 'gemspec']),
  language('rust', 'Rust', 'rust', ['rs']),
  language('scala', 'Scala', 'scala', ['sc']),
  language('scss', 'SCSS', 'scss', ['sass']),
  language('console', 'Shell session', 'shell', ['shellsession', 'shell-session']),
  language('sql', 'SQL', 'sql', ['mysql', 'postgres', 'postgresql', 'sqlite']),
  language('swift', 'Swift', 'swift'),
  language('toml', 'TOML', 'ini'),
  language('typescript', 'TypeScript', 'typescript', ['ts', 'tsx', 'mts', 'cts']),
  language('xml', 'XML', 'xml', ['svg', 'xsd', 'xsl', 'xslt', 'plist', 'rss', 'atom']),
  language('yaml', 'YAML', 'yaml', ['yml']),
];

/** The code block that holds a note's front matter (core's MD6): YAML, shown as what it is. */
const FRONT_MATTER: CodeLanguage = {
  name: FRONT_MATTER_LANGUAGE,
  label: 'Front matter',
  grammar: 'yaml',
  aliases: [],
  offered: false,
};

const LANGUAGE_BY_WORD: ReadonlyMap<string, CodeLanguage> = new Map(
  [...CODE_LANGUAGES, FRONT_MATTER].flatMap((entry) => [entry.name, ...entry.aliases].map((word) => [word, entry])),
);

/** The first word of a fence's info string (`python title="a.py"` → `python`): the part that names the language. */
function languageWordOf(info: string): string {
  return info.trim().split(/\s+/, 1)[0] ?? '';
}

/**
 * The language a code block's `language` attribute names, by its first word, case-insensitively (`Py`,
 * `python {linenos}`); null for none or a word not known here, which is then shown plain (CODE1).
 * @example codeLanguageOf('ts')?.label // 'TypeScript'
 */
export function codeLanguageOf(info: unknown): CodeLanguage | null {
  if (typeof info !== 'string') return null;
  return LANGUAGE_BY_WORD.get(languageWordOf(info).toLowerCase()) ?? null;
}

/** One entry of the language picker: the word it writes (PLAIN_TEXT for none) and what it shows. */
export interface LanguageChoice {
  readonly value: string;
  readonly label: string;
}

/** The picker's value for a block without a language. */
export const PLAIN_TEXT = '';

const OFFERED_CHOICES: readonly LanguageChoice[] = [
  { value: PLAIN_TEXT, label: 'Plain text' },
  ...CODE_LANGUAGES.filter((entry) => entry.offered)
    .map((entry) => ({ value: entry.name, label: entry.label }))
    .sort((a, b) => a.label.localeCompare(b.label, 'en')),
];

/**
 * What the picker lists for a block whose info string is `info`, and which entry is selected. A language
 * the picker doesn't offer (front matter, or one unknown here) is listed first, as typed, so the picker
 * shows it and choosing another can be undone (CODE4).
 */
export function languageChoicesFor(info: unknown): { choices: readonly LanguageChoice[]; selected: string } {
  const written = typeof info === 'string' ? info.trim() : '';
  if (!written) return { choices: OFFERED_CHOICES, selected: PLAIN_TEXT };
  const known = codeLanguageOf(written);
  if (known?.offered) return { choices: OFFERED_CHOICES, selected: known.name };
  const own = known ? { value: known.name, label: known.label } : { value: written, label: written };
  return { choices: [own, ...OFFERED_CHOICES], selected: own.value };
}

/**
 * The info string after the picker chose `choice` for a block whose info string is `info`. The first word
 * is replaced and the rest (`title="a.py"`, say) kept, as another tool may read it; plain text drops it
 * all, since its rest would otherwise be read as the language; the block's own unknown language, chosen
 * again, leaves it as it was (CODE4).
 * @example infoAfterChoice('py title="a.py"', 'ruby') // 'ruby title="a.py"'
 */
export function infoAfterChoice(info: unknown, choice: string): string | null {
  const written = typeof info === 'string' ? info.trim() : '';
  if (choice === PLAIN_TEXT) return null;
  if (!LANGUAGE_BY_WORD.has(choice)) return typeof info === 'string' && info !== '' ? info : null;
  const rest = written.slice(languageWordOf(written).length).trim();
  return rest ? `${choice} ${rest}` : choice;
}
