// `baalda-relay/testing`: what the tests of other workspaces (the CLI's) use to run against a real relay.
// Everything here is a test helper of the relay; other workspaces import only this entry, never the
// relay's source, so the relay may rearrange its files without breaking them.
export type { Logger } from '../src/support/logger';
export { type ApiBody, readBody } from './apiBody';
export { pgliteBackend, type TestBackend } from './backends';
export { appendParagraph, connectPeer, eventually, type Peer } from './clients';
export { type Faults, type FaultyProxy, NO_FAULTS, startFaultyProxy } from './convergence/faultyProxy';
export { type RelayCluster, type StoredNote, startSingleRelay } from './convergence/relayCluster';
export { runPooled } from './convergence/seedSelection';
export { callTool, connectMcp, createAndReadRefunds, type ToolAnswer } from './mcpClients';
export { collectLines } from './outputLines';
export { QuietWebSocket } from './quietWebSocket';
export { adminFetch, authedFetch, sessionCookie, startTestRelay, TEST_OWNER, type TestRelay } from './relays';
export { isRefusalLine, recordingLogger } from './relayWarnings';
export { seededRandom } from './seededRandom';
export { setStoredPath } from './storedRows';
export {
  createOwnedVault,
  type OwnedVault,
  openNote,
  randomId,
  relayMarkdown,
  sendVaultOps,
  untilAcknowledged,
} from './testVaults';
