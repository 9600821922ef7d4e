export { DocumentWindow, WINDOW_SIZE, type WindowPriority } from './DocumentWindow';
export { quietWebSocket, type WebSocketClass } from './quietWebSocket';
export { WindowedProvider, type WindowedProviderConfiguration } from './WindowedProvider';
