import { writeFileSync } from 'node:fs';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer as createTcpServer, type Socket, type Server as TcpServer } from 'node:net';
import { join } from 'node:path';
import { appendParagraph, eventually } from 'baalda-relay/testing';
import { describe, expect } from 'vitest';
import { WebSocketServer } from 'ws';
import { createRemoteNote, livePaths, readText, relayMarkdown, startCuttableLink } from './mirrorFixtures';
import { foreignLines, freePort, mirrorTest } from './mirrorHarness';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How a stand-in for the relay refuses the sync socket (its HTTP requests go on to the relay). */
type SyncRefusal = 'close-4429' | 'reset-upgrade' | 'silent-upgrade';

/** A server in the relay's place that refuses what a mirror needs. */
interface RefusingRelay {
  readonly url: string;
  /** Sync sockets (or, for a TCP resetter, connections) it refused so far. */
  refused(): number;
  close(): Promise<void>;
}

async function startSyncRefuser(relayPort: number, refusal: SyncRefusal): Promise<RefusingRelay> {
  let refused = 0;
  const upgrades = new Set<Socket>();
  const server = createServer((request, response) => forwardHttp(relayPort, request, response));
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (request: IncomingMessage, socket: Socket, head: Buffer) => {
    refused += 1;
    upgrades.add(socket);
    socket.on('error', () => {});
    if (refusal === 'close-4429')
      wss.handleUpgrade(request, socket, head, (ws) => ws.close(4429, 'PRE_AUTH_LIMIT: too many documents'));
    if (refusal === 'reset-upgrade') socket.resetAndDestroy();
    // 'silent-upgrade': never answered, so the socket stays connecting until the mirror gives up on it.
  });
  const url = await listen(server);
  return {
    url,
    refused: () => refused,
    close: () =>
      new Promise((resolve) => {
        for (const socket of upgrades) socket.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Accepts every TCP connection and resets it at once: HTTP and the sync socket alike. */
async function startTcpResetter(): Promise<RefusingRelay> {
  let refused = 0;
  const server = createTcpServer((socket) => {
    refused += 1;
    socket.resetAndDestroy();
  });
  const url = await listen(server);
  return { url, refused: () => refused, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function listen(server: Server | TcpServer): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

// The relay's HTTP API, passed on as it answers, so the mirror reaches the tree and the ops.
function forwardHttp(relayPort: number, request: IncomingMessage, response: ServerResponse): void {
  const options = {
    host: '127.0.0.1',
    port: relayPort,
    method: request.method,
    path: request.url,
    headers: request.headers,
  };
  const upstream = httpRequest(options, (answer) => {
    response.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(response);
  });
  upstream.on('error', () => response.destroy());
  request.pipe(upstream);
}

const REFUSALS: Array<{ what: string; start: (relayPort: number) => Promise<RefusingRelay>; tries: number }> = [
  {
    what: 'closes every sync socket at once with 4429 PRE_AUTH_LIMIT',
    start: (port) => startSyncRefuser(port, 'close-4429'),
    tries: 3,
  },
  {
    what: 'resets every sync socket during its upgrade',
    start: (port) => startSyncRefuser(port, 'reset-upgrade'),
    tries: 3,
  },
  {
    what: 'never answers the sync socket’s upgrade (the mirror stops while it connects)',
    start: (port) => startSyncRefuser(port, 'silent-upgrade'),
    tries: 1,
  },
  { what: 'accepts every TCP connection and resets it, HTTP too', start: () => startTcpResetter(), tries: 3 },
];

describe('mirror: an unreachable or refusing relay (SW2, MIR8, MIR10)', { timeout: 60_000 }, () => {
  mirrorTest(
    '[MIR8] started where nothing listens: it keeps running, says it works offline, and syncs once a relay appears there',
    async ({ relay, vault, folder, processes, closeAfter }) => {
      const port = await freePort();
      await createRemoteNote(relay, vault, 'From the relay.md', (peer) => appendParagraph(peer.doc, 'Made elsewhere.'));
      writeFileSync(join(folder, 'Offline.md'), 'Written while the relay was away.\n');
      const mirror = await processes.mirror(folder, { url: `http://127.0.0.1:${port}` });
      await eventually(
        () => mirror.lines.some((line) => line.startsWith('mirror: watching')),
        () => mirror.lines.join('\n'),
      );
      expect(mirror.lines[0]).toMatch(
        new RegExp(
          `^mirror: relay unreachable \\(Cannot reach the relay at http://127\\.0\\.0\\.1:${port} \\(connect ECONNREFUSED 127\\.0\\.0\\.1:${port}\\)\\. .*\\); working offline, changes wait in ${folder}/\\.baalda$`,
        ),
      );
      // Several retries later it still runs, and has said it once.
      await sleep(2000);
      expect(mirror.isRunning()).toBe(true);
      expect(mirror.lines.filter((line) => line.includes('relay unreachable'))).toHaveLength(1);

      // The relay appears at that address: both sides arrive.
      closeAfter(await startCuttableLink(relay.port, { port }));
      await eventually(
        async () =>
          (await livePaths(vault)).join('|') === 'From the relay.md|Offline.md' &&
          (await readText(folder, 'From the relay.md')) === 'Made elsewhere.\n',
        () => mirror.lines.join('\n'),
        20_000,
      );
      const offline = (await vault.client.tree()).notes.find((note) => note.path === 'Offline.md');
      await eventually(
        async () => (await relayMarkdown(relay, vault, offline?.docId ?? '')) === 'Written while the relay was away.\n',
        () => mirror.lines.join('\n'),
      );
      expect(mirror.lines).toContain('mirror: relay reachable again; sending what waited');
      mirror.child.kill('SIGTERM');
      expect(await mirror.exited).toBe(0);
      expect(foreignLines(mirror.lines)).toEqual([]);
    },
  );

  for (const { what, start, tries } of REFUSALS) {
    mirrorTest(
      `[SW2][MIR10] a relay that ${what}: the mirror never dies of it, and stops cleanly`,
      async ({ relay, folder, processes, closeAfter }) => {
        const stand = await start(relay.port);
        closeAfter(stand);
        writeFileSync(join(folder, 'Plan.md'), 'Alpha\n');
        const mirror = await processes.mirror(folder, { url: stand.url });
        await eventually(
          () => stand.refused() >= tries && mirror.lines.some((line) => line.startsWith('mirror: watching')),
          () => `${stand.refused()} refused; the mirror said:\n${mirror.lines.join('\n')}`,
          20_000,
        );
        await sleep(500);
        expect(mirror.isRunning(), mirror.lines.join('\n')).toBe(true);
        mirror.child.kill('SIGTERM');
        expect(await mirror.exited, mirror.lines.join('\n')).toBe(0);
        expect(foreignLines(mirror.lines)).toEqual([]);
        expect(mirror.lines.at(-1)).toBe('mirror: stopped; everything is saved in .baalda/');
      },
    );
  }
});
