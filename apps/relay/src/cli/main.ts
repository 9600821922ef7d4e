// `npm run baalda -- <command>`: the vault tree from a terminal, through a running relay's HTTP API.
// Paths are checked locally first (same rules as the relay), so a bad path never leaves the machine.
import {
  createFolder,
  createNote,
  emptyTrash,
  listTrash,
  listTree,
  move,
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

--relay defaults to $BAALDA_RELAY_URL or http://127.0.0.1:8787`;

type Command = (client: RelayClient, args: string[]) => Promise<string>;

const COMMANDS: Record<string, { arity: number; run: Command }> = {
  tree: { arity: 0, run: (client) => listTree(client) },
  trash: { arity: 0, run: (client) => listTrash(client) },
  new: { arity: 1, run: (client, [path = '']) => createNote(client, path) },
  mkdir: { arity: 1, run: (client, [path = '']) => createFolder(client, path) },
  mv: { arity: 2, run: (client, [from = '', to = '']) => move(client, from, to) },
  rm: { arity: 1, run: (client, [target = '']) => trash(client, target) },
  restore: { arity: 1, run: (client, [target = '']) => restore(client, target) },
  'empty-trash': { arity: 0, run: (client) => emptyTrash(client) },
};

function parseArguments(argv: string[]): { relay: string; name: string; args: string[] } {
  const rest = [...argv];
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
  return { relay, name, args };
}

async function main(): Promise<void> {
  const { relay, name, args } = parseArguments(process.argv.slice(2));
  console.log(await COMMANDS[name]?.run(createRelayClient(relay), args));
}

main().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(error instanceof UsageError ? error.exitCode : 1);
});
