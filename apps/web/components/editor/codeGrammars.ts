import type { LanguageFn } from 'highlight.js';

/**
 * The highlight.js grammars code blocks can use, each behind a dynamic `import()` of its own so the bundler
 * makes it a chunk of its own: the app shell carries none, and a note loads only the ones its blocks name
 * (CODE3). The import paths must stay literal for the bundler to see them.
 */
export const GRAMMAR_LOADERS = {
  bash: () => import('highlight.js/lib/languages/bash'),
  c: () => import('highlight.js/lib/languages/c'),
  clojure: () => import('highlight.js/lib/languages/clojure'),
  cpp: () => import('highlight.js/lib/languages/cpp'),
  csharp: () => import('highlight.js/lib/languages/csharp'),
  css: () => import('highlight.js/lib/languages/css'),
  dart: () => import('highlight.js/lib/languages/dart'),
  diff: () => import('highlight.js/lib/languages/diff'),
  dockerfile: () => import('highlight.js/lib/languages/dockerfile'),
  elixir: () => import('highlight.js/lib/languages/elixir'),
  go: () => import('highlight.js/lib/languages/go'),
  graphql: () => import('highlight.js/lib/languages/graphql'),
  haskell: () => import('highlight.js/lib/languages/haskell'),
  ini: () => import('highlight.js/lib/languages/ini'),
  java: () => import('highlight.js/lib/languages/java'),
  javascript: () => import('highlight.js/lib/languages/javascript'),
  json: () => import('highlight.js/lib/languages/json'),
  kotlin: () => import('highlight.js/lib/languages/kotlin'),
  latex: () => import('highlight.js/lib/languages/latex'),
  less: () => import('highlight.js/lib/languages/less'),
  lua: () => import('highlight.js/lib/languages/lua'),
  makefile: () => import('highlight.js/lib/languages/makefile'),
  markdown: () => import('highlight.js/lib/languages/markdown'),
  nginx: () => import('highlight.js/lib/languages/nginx'),
  objectivec: () => import('highlight.js/lib/languages/objectivec'),
  perl: () => import('highlight.js/lib/languages/perl'),
  php: () => import('highlight.js/lib/languages/php'),
  powershell: () => import('highlight.js/lib/languages/powershell'),
  protobuf: () => import('highlight.js/lib/languages/protobuf'),
  python: () => import('highlight.js/lib/languages/python'),
  r: () => import('highlight.js/lib/languages/r'),
  ruby: () => import('highlight.js/lib/languages/ruby'),
  rust: () => import('highlight.js/lib/languages/rust'),
  scala: () => import('highlight.js/lib/languages/scala'),
  scss: () => import('highlight.js/lib/languages/scss'),
  shell: () => import('highlight.js/lib/languages/shell'),
  sql: () => import('highlight.js/lib/languages/sql'),
  swift: () => import('highlight.js/lib/languages/swift'),
  typescript: () => import('highlight.js/lib/languages/typescript'),
  xml: () => import('highlight.js/lib/languages/xml'),
  yaml: () => import('highlight.js/lib/languages/yaml'),
} as const satisfies Record<string, () => Promise<{ default: LanguageFn }>>;

/** A grammar's name: its highlight.js module and the name it is registered and highlighted under. */
export type GrammarName = keyof typeof GRAMMAR_LOADERS;

/**
 * Grammars that hand parts of their text to another one (HTML's `<style>` and `<script>`, a Dockerfile's
 * `RUN` lines, a shell session's commands). highlight.js leaves such a part plain while the other grammar
 * is missing, so it is loaded alongside.
 */
const EMBEDDED_GRAMMARS: Partial<Record<GrammarName, readonly GrammarName[]>> = {
  dockerfile: ['bash'],
  markdown: ['xml'],
  shell: ['bash'],
  xml: ['css', 'javascript'],
};

/** The grammars `grammar` needs to highlight its whole text: itself first, then those it embeds. */
export function grammarsNeededBy(grammar: GrammarName): GrammarName[] {
  const needed = [grammar];
  for (let index = 0; index < needed.length; index++) {
    for (const embedded of EMBEDDED_GRAMMARS[needed[index] as GrammarName] ?? []) {
      if (!needed.includes(embedded)) needed.push(embedded);
    }
  }
  return needed;
}
