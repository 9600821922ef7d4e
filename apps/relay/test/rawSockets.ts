import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import WebSocket from 'ws';

/** Hocuspocus message types and y-protocols sync subtypes, as a hostile client writes them by hand. */
export const MESSAGE = { sync: 0, awareness: 1, auth: 2, syncReply: 4 } as const;
export const SYNC = { step1: 0, step2: 1, update: 2 } as const;

/** How the relay closed a socket, or `open` when it was still open after the wait. */
export type SocketEnd = { code: number; reason: string } | 'open';

/** A raw `ws` socket to the relay, with its close recorded as soon as it happens. */
export interface RawSocket {
  readonly ws: WebSocket;
  /** Resolves when the relay closes the socket. */
  readonly closed: Promise<{ code: number; reason: string }>;
  /** The close, or `open` if none came within `ms`. */
  endWithin(ms: number): Promise<SocketEnd>;
}

/** Opens a socket to `url`; rejects if the upgrade fails. */
export async function openRawSocket(url: string): Promise<RawSocket> {
  const ws = new WebSocket(url);
  ws.on('error', () => {});
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('unexpected-response', (_request, response) => reject(new Error(`upgrade: ${response.statusCode}`)));
    closed.then(() => reject(new Error('closed before open')));
  });
  const endWithin = (ms: number) =>
    Promise.race([closed, new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), ms))]);
  return { ws, closed, endWithin };
}

/** A Hocuspocus auth frame carrying `token` for `documentName`. */
export function authFrame(documentName: string, token: string): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarString(encoder, documentName);
  encoding.writeVarUint(encoder, MESSAGE.auth);
  encoding.writeVarUint(encoder, 0);
  encoding.writeVarString(encoder, token);
  return encoding.toUint8Array(encoder);
}

/** A sync frame (`type` sync or syncReply) of `subtype` carrying `payload`. */
export function syncFrame(
  documentName: string,
  payload: Uint8Array,
  subtype: number = SYNC.update,
  type: number = MESSAGE.sync,
): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarString(encoder, documentName);
  encoding.writeVarUint(encoder, type);
  encoding.writeVarUint(encoder, subtype);
  encoding.writeVarUint8Array(encoder, payload);
  return encoding.toUint8Array(encoder);
}

/** Opens a socket and authenticates `documentName` with `token`; resolves once the relay said yes. */
export async function openAuthenticatedSocket(url: string, documentName: string, token: string): Promise<RawSocket> {
  const socket = await openRawSocket(url);
  const authenticated = new Promise<void>((resolve, reject) => {
    socket.closed.then((end) => reject(new Error(`closed before authenticating: ${end.code} ${end.reason}`)));
    socket.ws.on('message', (data: Buffer) => {
      const decoder = decoding.createDecoder(new Uint8Array(data));
      if (decoding.readVarString(decoder).split('\0')[0] !== documentName) return;
      if (decoding.readVarUint(decoder) !== MESSAGE.auth) return;
      if (decoding.readVarUint(decoder) === 2) resolve();
      else reject(new Error(`not authenticated for ${documentName}`));
    });
  });
  socket.ws.send(authFrame(documentName, token));
  await authenticated;
  return socket;
}
