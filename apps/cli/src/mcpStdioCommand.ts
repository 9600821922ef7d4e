import { isAccessTokenShape } from '@baalda/core';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CliError, EXIT } from './cliError';
import type { Command, CommandInput } from './commandTypes';
import { optionOf } from './inputChecks';
import { createBridgeServer } from './mcpStdioBridge';
import { connectRelay, RelayRefusal } from './mcpStdioRelay';

const NO_TOKEN =
  'pass --token or set BAALDA_TOKEN (create one in the web app or with `npm run baalda -- token create …`)';

/**
 * `mcp-stdio [--url URL] --token T`: bridges a stdio-only MCP client to the relay's `POST /mcp`. The
 * token is checked at start (the relay's answer to `initialize`), so a bad token or an absent relay is
 * one line on stderr and exit code 1, before the client sees a protocol that can't work. stdout is the
 * protocol channel: everything else goes to stderr, and the command prints nothing when it ends (on
 * stdin's end, Ctrl-C or SIGTERM, exit code 0).
 */
async function bridgeStdio(input: CommandInput): Promise<string> {
  // parseCommandLine resolves --url, --relay, $BAALDA_RELAY_URL and the default into --relay.
  const url = optionOf(input, '--relay') ?? '';
  const relay = await connectRelay(url, tokenOf(input)).catch((error: unknown) => {
    throw startFailureOf(error);
  });
  const server = createBridgeServer(relay, input.note);
  await server.connect(new StdioServerTransport());
  // Listening for Ctrl-C before saying so: a client that signals as soon as it reads the line (a test on a
  // loaded machine did) must find the handler there, not Node's default exit by signal.
  const left = untilClientLeaves(server);
  input.note(`baalda mcp-stdio: serving ${url.replace(/\/$/, '')}/mcp on stdin/stdout`);
  await left;
  await Promise.allSettled([server.close(), relay.close()]);
  return '';
}

function tokenOf(input: CommandInput): string {
  const token = (optionOf(input, '--token') ?? process.env.BAALDA_TOKEN ?? '').trim();
  if (!token) throw new CliError(NO_TOKEN);
  if (!isAccessTokenShape(token)) throw new CliError('The token is not a Baalda access token (baalda_pat_…).');
  return token;
}

// A refusal is already one line with its code; anything else at start (a relay speaking another
// protocol version, a broken answer) is said as plainly as the SDK says it.
function startFailureOf(error: unknown): CliError {
  if (error instanceof RelayRefusal) return new CliError(error.message, EXIT.refused);
  return new CliError(`The relay's /mcp could not be used: ${(error as Error).message}`, EXIT.refused);
}

// The client is gone when stdin ends, when stdout can no longer be written (EPIPE), on Ctrl-C or
// SIGTERM, or when the transport closes itself (unreadable input). The stdout listener stays: a write
// failing while both sides close must not become an uncaught error.
function untilClientLeaves(server: Server): Promise<void> {
  return new Promise((resolve) => {
    const signals = ['SIGINT', 'SIGTERM'] as const;
    const leave = () => {
      process.stdin.off('end', leave);
      for (const signal of signals) process.off(signal, leave);
      resolve();
    };
    process.stdin.once('end', leave);
    process.stdout.on('error', leave);
    for (const signal of signals) process.once(signal, leave);
    server.onclose = leave;
  });
}

/** MCP for stdio-only clients, through the relay, as the token's holder. */
export const MCP_STDIO_COMMAND: Command = {
  arity: 0,
  options: ['--url', '--token'],
  usage: `  mcp-stdio [--url URL]      serve the token's vault as MCP tools on stdin/stdout, for assistants
                             that only start local servers (--url is --relay; use npm run -s)`,
  run: bridgeStdio,
};
