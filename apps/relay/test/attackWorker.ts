import { connect } from 'node:net';
import * as decoding from 'lib0/decoding';
import WebSocket from 'ws';

/**
 * The attacker as a process of its own (`node dist-test/attackWorker.mjs`, compiled by the test run): the
 * latency probe must measure the relay, and an attacker masking megabytes of frames in the probe's own
 * event loop would measure the test instead. The job describes the attack; the answer is how the relay ended each socket.
 */
export interface AttackJob {
  readonly url: string;
  /** Frame lists (base64), one per socket; `concurrency` sockets run at a time. */
  readonly sockets: readonly (readonly string[])[];
  readonly concurrency: number;
  /** After its frames, a socket still open is left open this long, then dropped. */
  readonly lingerMs: number;
  /** When set, each socket first authenticates this document and waits for the relay's yes. */
  readonly authenticate?: { readonly frame: string; readonly documentName: string };
  /** Raw HTTP requests sent over plain TCP instead (`sockets` is then empty), `concurrency` at a time. */
  readonly raw?: readonly string[];
  /** The relay's port, for `raw`. */
  readonly port?: number;
}

/**
 * One socket's end: the close code and reason, `open` when it outlived `lingerMs`, `failed` if refused;
 * for a raw request, the HTTP status it got (null: none before the relay closed).
 */
export type AttackEnd = { code: number; reason: string } | { status: number | null } | 'open' | 'failed';

async function runSocket(job: AttackJob, frames: readonly string[]): Promise<AttackEnd> {
  const ws = new WebSocket(job.url);
  ws.on('error', () => {});
  const closed = new Promise<AttackEnd>((resolve) =>
    ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  const opened = await new Promise<boolean>((resolve) => {
    ws.once('open', () => resolve(true));
    ws.once('close', () => resolve(false));
  });
  if (!opened) return 'failed';
  if (job.authenticate) {
    const authenticated = waitForAuthenticated(ws, job.authenticate.documentName);
    ws.send(Buffer.from(job.authenticate.frame, 'base64'));
    if (!(await authenticated)) return 'failed';
  }
  for (const frame of frames) {
    if (ws.readyState !== ws.OPEN) break;
    ws.send(Buffer.from(frame, 'base64'));
  }
  const lingered = new Promise<AttackEnd>((resolve) => setTimeout(() => resolve('open'), job.lingerMs));
  const end = await Promise.race([closed, lingered]);
  ws.terminate();
  return end;
}

// Hocuspocus answers an auth frame with `<name> 2 2` (authenticated) or `<name> 2 1 <reason>` (denied).
function waitForAuthenticated(ws: WebSocket, documentName: string): Promise<boolean> {
  return new Promise((resolve) => {
    ws.once('close', () => resolve(false));
    ws.on('message', (data: Buffer) => {
      const decoder = decoding.createDecoder(new Uint8Array(data));
      if (decoding.readVarString(decoder).split('\0')[0] !== documentName) return;
      if (decoding.readVarUint(decoder) !== 2) return;
      resolve(decoding.readVarUint(decoder) === 2);
    });
  });
}

function sendRawRequest(port: number, request: string): Promise<AttackEnd> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let head = '';
    const finish = () => {
      socket.destroy();
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1];
      resolve({ status: status === undefined ? null : Number(status) });
    };
    socket.setTimeout(5_000, finish);
    socket.on('data', (chunk: Buffer) => {
      head += chunk.toString('latin1');
    });
    socket.on('end', finish);
    socket.on('error', finish);
    socket.write(request);
  });
}

async function runInBatches<T>(items: readonly T[], size: number, run: (item: T) => Promise<AttackEnd>) {
  const ends: AttackEnd[] = [];
  for (let start = 0; start < items.length; start += size) {
    ends.push(...(await Promise.all(items.slice(start, start + size).map(run))));
  }
  return ends;
}

function runJob(job: AttackJob): Promise<AttackEnd[]> {
  if (job.raw) return runInBatches(job.raw, job.concurrency, (request) => sendRawRequest(job.port ?? 0, request));
  return runInBatches(job.sockets, job.concurrency, (frames) => runSocket(job, frames));
}

// Protocol on stdin/stdout, one line each: the job in, `ready` out (startup is done, so it costs the
// measured window nothing), `go` in, the ends out.
let input = '';
let job: AttackJob | undefined;
process.stdin.on('data', async (chunk: Buffer) => {
  input += chunk.toString();
  const newline = input.indexOf('\n');
  if (newline < 0) return;
  const line = input.slice(0, newline);
  input = input.slice(newline + 1);
  if (job === undefined) {
    job = JSON.parse(line) as AttackJob;
    process.stdout.write('ready\n');
  } else {
    process.stdout.write(`${JSON.stringify(await runJob(job))}\n`);
    process.exit(0);
  }
});
