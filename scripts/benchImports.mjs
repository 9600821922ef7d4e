// BEN16: the benches reach an app only through the entries its package.json exports (`baalda-relay/testing`,
// `baalda-cli/testing`, `baalda-web/testing`), as the CLI reaches the relay: never an app's file by a relative
// path (`../apps/relay/src/...`) nor by a deep path its exports do not name (`baalda-relay/src/...`). An app may
// then rearrange its files without breaking a bench, and what the benches use of it is one list.
import { posix } from 'node:path';

const IMPORT =
  /(?:^|\s)(?:import|export)\b[^'"]*?from\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]|(?:^|\s)import\s+['"]([^'"]+)['"]/g;

/** Every module specifier `text` imports or re-exports. */
export function importsOf(text) {
  return [...text.matchAll(IMPORT)].map((match) => match[1] ?? match[2] ?? match[3]);
}

/**
 * The lines saying which bench file imports an app the wrong way. `files` are `{ path, text }` with paths from
 * the repository's root; `apps` are `{ dir, name, entries }`: an app's folder, its package name and the
 * subpaths its package.json exports (`./testing`).
 */
export function benchImportProblems(files, apps) {
  return files.flatMap(({ path, text }) =>
    importsOf(text)
      .map((specifier) => problemOf(path, specifier, apps))
      .filter(Boolean),
  );
}

function problemOf(path, specifier, apps) {
  if (specifier.startsWith('.')) {
    const target = posix.normalize(posix.join(posix.dirname(path), specifier));
    const app = apps.find(({ dir }) => target === dir || target.startsWith(`${dir}/`));
    if (!app) return null;
    return `${path} imports ${specifier}: a file of ${app.dir} by path (use ${entriesOf(app)})`;
  }
  const app = apps.find(({ name }) => specifier === name || specifier.startsWith(`${name}/`));
  if (!app) return null;
  const subpath = `.${specifier.slice(app.name.length)}`;
  if (app.entries.includes(subpath)) return null;
  return `${path} imports ${specifier}: a path ${app.name} does not export (use ${entriesOf(app)})`;
}

function entriesOf(app) {
  const names = app.entries.map((entry) => `${app.name}${entry.slice(1)}`);
  return names.length > 0 ? names.join(' or ') : `an entry ${app.name}'s package.json exports`;
}
