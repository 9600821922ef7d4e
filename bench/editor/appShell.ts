// What the web app's first load costs in JavaScript, read from a static build (`apps/web/out`): the scripts
// `index.html` loads, gzipped as a server would send them, and which highlight.js grammars stayed out of them.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** One JavaScript file of the build and what it weighs. */
export interface ScriptSize {
  /** Its URL path, e.g. `/_next/static/chunks/0a1b.js`. */
  readonly path: string;
  readonly bytes: number;
  readonly gzipBytes: number;
}

/** A chunk that holds highlight.js grammars, by the grammars' ids. */
export interface GrammarChunk extends ScriptSize {
  readonly grammars: readonly string[];
}

/** The app shell of one build. */
export interface AppShellReport {
  readonly firstLoad: readonly ScriptSize[];
  readonly firstLoadGzipBytes: number;
  /** Every chunk of the build with a grammar in it, first-load ones included. */
  readonly grammarChunks: readonly GrammarChunk[];
  /** Grammars found in the first-load scripts: none, while they load on demand. */
  readonly grammarsInFirstLoad: readonly string[];
}

const SCRIPT_TAG = /<script\b([^>]*)>/gi;
const PRELOAD_TAG = /<link\b([^>]*)>/gi;

/**
 * The URL paths of the scripts a page loads before it runs: `<script src>` (leaving out `nomodule` ones, which
 * browsers that run modules skip) and `<link rel="preload|modulepreload" as="script">`, each once, in order.
 */
export function firstLoadScripts(html: string): string[] {
  const tags = withoutText(html);
  const paths: string[] = [];
  for (const [, attributes = ''] of tags.matchAll(SCRIPT_TAG)) {
    const src = attributeOf(attributes, 'src');
    if (src !== undefined && attributeOf(attributes, 'nomodule') === undefined) paths.push(src);
  }
  for (const [, attributes = ''] of tags.matchAll(PRELOAD_TAG)) {
    const rel = attributeOf(attributes, 'rel');
    const isScript = rel === 'modulepreload' || (rel === 'preload' && attributeOf(attributes, 'as') === 'script');
    const href = attributeOf(attributes, 'href');
    if (isScript && href !== undefined) paths.push(href);
  }
  return [...new Set(paths.map((path) => new URL(path, 'http://app.invalid/').pathname))];
}

// A script's text and a comment are not markup, whatever they hold (Next's inline payload quotes HTML).
function withoutText(html: string): string {
  return html.replace(/<!--[\s\S]*?-->/g, '').replace(/(<script\b[^>]*>)[\s\S]*?<\/script\s*>/gi, '$1');
}

// Attribute names are case-insensitive (React writes `noModule`); a bare attribute has the empty string.
function attributeOf(attributes: string, name: string): string | undefined {
  const match = new RegExp(`(?:^|\\s)${name}(?:\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+)))?(?=\\s|/|$)`, 'i').exec(
    attributes,
  );
  return match ? (match[1] ?? match[2] ?? match[3] ?? '') : undefined;
}

/** How to recognize one highlight.js grammar in minified code: a string only its module writes. */
export interface GrammarSignature {
  /** Its module's name, `highlight.js/lib/languages/<id>`. */
  readonly id: string;
  /** What the minified module contains, e.g. `name:"Python"`. */
  readonly marker: string;
}

/**
 * The signature of the grammar whose module source is `source`: its display name as a minified property
 * (`name:"Python"`; the module's own grammar is the last one named, as TypeScript's file names JavaScript's
 * first), or for a grammar without one (PHP) its first long string literal that none of `otherSources` holds
 * (minifiers keep string literals as they are, only in double quotes).
 */
export function grammarSignature(id: string, source: string, otherSources: readonly string[]): GrammarSignature {
  const name = [...source.matchAll(/\n {4}name: ['"]([^'"]+)['"]/g)].at(-1)?.[1];
  if (name !== undefined) return { id, marker: `name:${JSON.stringify(name)}` };
  // A literal joined to another with `+` may be folded into one by the minifier, so those are left out.
  const literals = [...source.matchAll(/(?<!\+\s*)'([\w$-][\w$ -]{8,}[\w$-])'(?!\s*\+)/g)].map(
    ([, literal = '']) => literal,
  );
  const unique = literals.find((literal) => !otherSources.some((other) => other.includes(literal)));
  if (unique === undefined) throw new Error(`no way to recognize the highlight.js grammar ${id} in a build`);
  return { id, marker: JSON.stringify(unique) };
}

/** The ids of the grammars whose signature `chunk` holds. */
export function grammarsIn(chunk: string, signatures: readonly GrammarSignature[]): string[] {
  return signatures.filter((signature) => chunk.includes(signature.marker)).map((signature) => signature.id);
}

/** The grammars the app loads on demand (codeGrammars.ts imports each from `highlight.js/lib/languages/<id>`). */
export async function appGrammarSignatures(root: string): Promise<GrammarSignature[]> {
  const loaders = await readFile(join(root, 'apps/web/components/editor/codeGrammars.ts'), 'utf8');
  const ids = [...new Set([...loaders.matchAll(/highlight\.js\/lib\/languages\/([\w-]+)'/g)].map(([, id = '']) => id))];
  const languages = join(root, 'node_modules/highlight.js/lib/languages');
  const sources = await Promise.all(ids.map((id) => readFile(join(languages, `${id}.js`), 'utf8')));
  const core = await readFile(join(root, 'node_modules/highlight.js/lib/core.js'), 'utf8');
  return ids.map((id, index) =>
    grammarSignature(id, sources[index] ?? '', [core, ...sources.filter((_, other) => other !== index)]),
  );
}

/** Sizes the first load of the build in `outDir` and finds the grammar chunks among all its scripts. */
export async function measureAppShell(outDir: string, grammars: readonly GrammarSignature[]): Promise<AppShellReport> {
  const html = await readFile(join(outDir, 'index.html'), 'utf8');
  const firstLoadPaths = firstLoadScripts(html);
  const chunkDir = join(outDir, '_next/static/chunks');
  const allPaths = (await readdir(chunkDir, { recursive: true }))
    .filter((file) => file.endsWith('.js'))
    .map((file) => `/_next/static/chunks/${file}`);
  const grammarChunks: GrammarChunk[] = [];
  for (const path of new Set([...firstLoadPaths, ...allPaths])) {
    const source = await readScript(outDir, path);
    const found = grammarsIn(source.toString('utf8'), grammars);
    if (found.length > 0) grammarChunks.push({ ...sizeOf(path, source), grammars: found });
  }
  const firstLoad = await Promise.all(firstLoadPaths.map(async (path) => sizeOf(path, await readScript(outDir, path))));
  return {
    firstLoad,
    firstLoadGzipBytes: firstLoad.reduce((sum, script) => sum + script.gzipBytes, 0),
    grammarChunks,
    grammarsInFirstLoad: grammarChunks
      .filter((chunk) => firstLoadPaths.includes(chunk.path))
      .flatMap((c) => c.grammars),
  };
}

/** A script of the build, gzipped as the bench counts it (level 9). */
export function sizeOf(path: string, source: Buffer): ScriptSize {
  return { path, bytes: source.length, gzipBytes: gzipSync(source, { level: 9 }).length };
}

/** A script of the build by its URL path. */
export function readScript(outDir: string, path: string): Promise<Buffer> {
  return readFile(join(outDir, path));
}
