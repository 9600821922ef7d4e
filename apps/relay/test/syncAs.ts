import { extractPlainText } from '@baalda/markdown';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import * as Y from 'yjs';
import { QuietWebSocket } from './quietWebSocket';

/** A provider as someone, recording what the relay says about access to the document. */
export interface Session {
  readonly doc: Y.Doc;
  readonly provider: HocuspocusProvider;
  /** Reasons of every `permission-denied` heard, in order. */
  readonly denials: string[];
  /** How many times the socket was closed under it. */
  closes(): number;
  /** Stateless messages heard (the vault channel's `treeChanged`), parsed. */
  readonly heard: Array<Record<string, unknown>>;
  /** Whether the relay answered `authenticated` read-only for the last authentication. */
  readOnly(): boolean | undefined;
  synced(): boolean;
  text(): string;
  destroy(): void;
}

/**
 * Opens `documentName` with `token` and resolves once it synced or was refused. With `cookie`, the socket's
 * upgrade carries that `Cookie` header, as a browser's does, and `token` may be empty.
 */
export async function openAs(syncUrl: string, token: string, documentName: string, cookie?: string): Promise<Session> {
  const doc = new Y.Doc();
  const socket = new HocuspocusProviderWebsocket({
    url: syncUrl,
    WebSocketPolyfill: cookie === undefined ? QuietWebSocket : withCookie(cookie),
  });
  const denials: string[] = [];
  let closes = 0;
  let readOnly: boolean | undefined;
  socket.on('close', () => {
    closes += 1;
  });
  const provider = new HocuspocusProvider({
    websocketProvider: socket,
    name: documentName,
    document: doc,
    token,
  });
  const heard: Array<Record<string, unknown>> = [];
  provider.on('stateless', ({ payload }: { payload: string }) => heard.push(JSON.parse(payload)));
  provider.on('authenticated', ({ scope }: { scope: string }) => {
    readOnly = scope === 'readonly';
  });
  const settled = new Promise<void>((resolve) => {
    provider.on('synced', () => resolve());
    provider.on('authenticationFailed', ({ reason }: { reason: string }) => {
      denials.push(reason);
      resolve();
    });
  });
  provider.attach();
  await settled;
  return {
    doc,
    provider,
    denials,
    heard,
    closes: () => closes,
    readOnly: () => readOnly,
    synced: () => provider.isSynced,
    text: () => extractPlainText(doc),
    destroy: () => {
      provider.destroy();
      socket.destroy();
    },
  };
}

// `ws` takes headers as the constructor's third argument; the provider passes only the URL.
function withCookie(cookie: string) {
  return class extends QuietWebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols ?? [], { headers: { cookie } });
    }
  };
}
