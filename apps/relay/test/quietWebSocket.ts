import { quietWebSocket } from '@baalda/sync-client';
import WebSocket from 'ws';

/**
 * `ws`'s WebSocket with an `error` listener (SW2), made by the same helper the mirror and the web app use:
 * every sync socket a test opens is the production kind, so a socket closed mid-handshake (often, in chaos
 * runs and refusal tests) never fails the run with an uncaught error.
 */
export const QuietWebSocket = quietWebSocket(WebSocket);
