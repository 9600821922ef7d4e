// `npm run baalda -- <command>`: the vault tree from a terminal, through a running relay's HTTP API.
// Paths are checked locally first (same rules as the relay), so a bad path never leaves the machine.
import {
  createFolder,
  createNote,
  emptyTrash,
  listTrash,
  listTree,
  move,
  reindex,
  restore,
  trash,
  UsageError,
} from './commands';
import { createRelayClient, type RelayClient } from './relayClient';

const USAGE = `usage: npm run baalda -- [--relay URL] <command>

commands:
  tree                       list folders and notes
  trash                      list the trash
  new <path.md>              create an empty note
  mkdir <folder>             create a folder
  mv <note|folder> <path>    rename or move
  rm <note|folder>           move to the trash
  restore <path|docId>       bring back from the trash
  empty-trash                delete everything in the trash for good
  reindex [--embedder NAME]  rebuild the search index from the stored notes

--relay defaults to $BAALDA_RELAY_URL or http://127.0.0.1:8787`;

type Command = (client: RelayClient, args: string[], options: { embedder?: string }) => Promise<string>;

const COMMANDS: Record<string, { arity: number; run: Command }> = {
  tree: { arity: 0, run: (client) => listTree(client) },
  trash: { arity: 0, run: (client) => listTrash(client) },
  new: { arity: 1, run: (client, [path = '']) => createNote(client, path) },
  mkdir: { arity: 1, run: (client, [path = '']) => createFolder(client, path) },
  mv: { arity: 2, run: (client, [from = '', to = '']) => move(client, from, to) },
  rm: { arity: 1, run: (client, [target = '']) => trash(client, target) },
  restore: { arity: 1, run: (client, [target = '']) => restore(client, target) },
  'empty-trash': { arity: 0, run: (client) => emptyTrash(client) },
  reindex: { arity: 0, run: (client, _args, options) => reindex(client, options.embedder, process.stderr) },
};

// Removes `--flag value` from `rest` and returns the value.
function takeFlag(rest: string[], flag: string): string | undefined {
  const position = rest.indexOf(flag);
  if (position < 0) return undefined;
  const value = rest[position + 1];
  if (value === undefined || value.startsWith('--')) throw new UsageError(`${flag} needs a value.`);
  rest.splice(position, 2);
  return value;
}

function parseArguments(argv: string[]): { relay: string; name: string; args: string[]; embedder?: string } {
  const rest = [...argv];
  const embedder = takeFlag(rest, '--embedder');
  let relay = process.env.BAALDA_RELAY_URL ?? 'http://127.0.0.1:8787';
  const flag = rest.indexOf('--relay');
  if (flag >= 0) {
    relay = rest[flag + 1] ?? '';
    rest.splice(flag, 2);
  }
  if (!/^https?:\/\/[^\s]+$/.test(relay)) throw new UsageError(`--relay must be an http(s) URL, got "${relay}".`);
  const [name = '', ...args] = rest;
  const command = COMMANDS[name];
  if (!command) throw new UsageError(name ? `Unknown command "${name}".\n\n${USAGE}` : USAGE);
  if (args.length !== command.arity) throw new UsageError(`"${name}" takes ${command.arity} argument(s).\n\n${USAGE}`);
  if (embedder !== undefined && name !== 'reindex') throw new UsageError('--embedder goes with reindex only.');
  return { relay, name, args, embedder };
}

async function main(): Promise<void> {
  const { relay, name, args, embedder } = parseArguments(process.argv.slice(2));
  console.log(await COMMANDS[name]?.run(createRelayClient(relay), args, { embedder }));
}

main().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(error instanceof UsageError ? error.exitCode : 1);
});
