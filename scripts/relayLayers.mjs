// The relay's layers, top to bottom, and the check that its imports only point down. A folder of
// `apps/relay/src` may import its own files and folders of lower layers, never a higher one nor another
// folder of its own layer, so no two folders can use each other (no folder cycles). A folder that is in
// no layer fails the check, so a new one gets a place.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/**
 * Layer of each folder (and of the files at the root of src/): higher numbers sit on top. Why this order:
 * access is the door every domain passes (callers, guards, the auth stores), so it sits under them and
 * above the stores it reads; routing enters each declared route as its caller (through access), and every
 * folder that serves routes sits above it, the account routes among them; links are what search and the
 * vault both write; search
 * keeps the index the vault's tree changes place rows in; the vault's tree is what attachments,
 * versions, sync and scale-out work within; the MCP route uses all of them; the app wires everything.
 */
export const RELAY_LAYERS = {
  '.': 11, // main.ts: reads the environment and starts the app
  app: 10, // the composition root: wiring, the HTTP handler, shutdown, configuration
  mcp: 9, // the assistants' tools, over every domain below
  accounts: 8, // the routes of sign-in, accounts, tokens, invites, private folders and the admin's accounts
  attachments: 8,
  oauth: 8, // the OAuth authorization server for remote assistants (the SDK's handlers, consent routes)
  scale: 8,
  sync: 8,
  versions: 8,
  vault: 7,
  search: 6,
  links: 5,
  routing: 4, // the API's routes served from their declarations in core, each entered by its caller
  access: 3,
  store: 2,
  db: 1,
  http: 1,
  support: 0,
  generated: 0,
};

const IMPORT = /(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'generated' ? [] : sourceFiles(path);
    return /\.(ts|mts)$/.test(name) ? [path] : [];
  });
}

function folderOf(srcDir, path) {
  const parts = relative(srcDir, path).split(sep);
  return parts.length === 1 ? '.' : parts[0];
}

/** Every import in `srcDir` that points up a layer, across one, or into an unplaced folder, as readable lines. */
export function relayLayerProblems(srcDir, layers = RELAY_LAYERS) {
  const problems = [];
  for (const file of sourceFiles(srcDir)) {
    const from = folderOf(srcDir, file);
    if (!(from in layers)) {
      problems.push(`${relative(srcDir, file)}: folder "${from}" has no layer in scripts/relayLayers.mjs`);
      continue;
    }
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = resolve(dirname(file), specifier);
      if (!target.startsWith(srcDir + sep)) continue;
      const to = folderOf(srcDir, target);
      if (to === from) continue;
      if (!(to in layers) || layers[to] >= layers[from]) {
        problems.push(
          `${relative(srcDir, file)} imports ${specifier}: ${from} (layer ${layers[from]}) may not use ${to} (layer ${layers[to] ?? 'none'})`,
        );
      }
    }
  }
  return problems;
}

/** Folders that run no SQL of their own: they read and write through the domains below them. */
export const FOLDERS_WITHOUT_SQL = ['mcp'];
const SQL =
  /\$(queryRaw|executeRaw|queryRawUnsafe|executeRawUnsafe|transaction)\b|from\s+['"]\.\.\/(generated\/prisma|db)\//;

/**
 * Files of FOLDERS_WITHOUT_SQL that touch the database themselves (raw SQL, a transaction, the Prisma client
 * or db/): the MCP route reads the vault as the vault reader does, so ACL5 and paging are written once.
 */
export function sqlOutsideItsPlaceProblems(srcDir, folders = FOLDERS_WITHOUT_SQL) {
  const problems = [];
  for (const file of sourceFiles(srcDir)) {
    if (!folders.includes(folderOf(srcDir, file))) continue;
    const match = SQL.exec(readFileSync(file, 'utf8'));
    if (match)
      problems.push(`${relative(srcDir, file)} runs SQL of its own (${match[0]}): read through vault/ instead`);
  }
  return problems;
}

// A route entry written by hand: an object with a `pattern` of its own, a RegExp literal or one built.
const HAND_WRITTEN_ROUTE = /\bpattern:\s*(\/|new RegExp\b)/;

/**
 * API1: every route of the relay is served from its declaration in core (`serve(API.x, handler)` builds the
 * entry), so a route table entry with its own `pattern` is a route the OpenAPI document and the typed
 * client know nothing of.
 */
export function undeclaredRouteProblems(srcDir) {
  const problems = [];
  for (const file of sourceFiles(srcDir)) {
    const match = HAND_WRITTEN_ROUTE.exec(readFileSync(file, 'utf8'));
    if (match)
      problems.push(`${relative(srcDir, file)} writes a route by hand (${match[0]}): declare it in core's api/`);
  }
  return problems;
}
