import { request as httpRequest } from 'node:http';

/** What came back: the status, the headers and the body as text. */
export interface HostAnswer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly text: string;
}

/**
 * A request to the relay on 127.0.0.1:`port` that names `host` in its `Host` header, as a browser does for a
 * page whose DNS name now points at the relay (DNS rebinding) or a client behind a proxy. `fetch` can't send
 * a `Host` of its own choosing.
 */
export function requestWithHost(
  port: number,
  host: string,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<HostAnswer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({
      host: '127.0.0.1',
      port,
      method: options.method ?? 'GET',
      path: options.path,
      setHost: false,
      headers: { Host: host, Connection: 'close', ...options.headers },
    });
    request.once('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.once('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          text: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    request.once('error', reject);
    request.end(options.body);
  });
}

/** The status a WebSocket upgrade of `/sync` naming `host` gets: 101 when the relay took the socket. */
export function upgradeStatusWithHost(
  port: number,
  host: string,
  headers: Record<string, string> = {},
): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({
      host: '127.0.0.1',
      port,
      path: '/sync',
      setHost: false,
      headers: {
        Host: host,
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
        ...headers,
      },
    });
    request.once('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.once('upgrade', (response, socket) => {
      socket.destroy();
      resolve(response.statusCode ?? 0);
    });
    request.once('error', reject);
    request.end();
  });
}
