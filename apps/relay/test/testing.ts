// `baalda-relay/testing`: what the tests of other workspaces (the CLI's) and the benches use to run against a
// real relay, or against its parts (the search copy, the stores) as the bench measures them. Other workspaces
// import only this entry, never the relay's source, so the relay may rearrange its files without breaking them.
export { buildBenchHosts } from '../build.mjs';
export { DEFAULT_PASSWORD_COST, TEST_PASSWORD_COST } from '../src/access/passwords';
export { readConfig } from '../src/app/readConfig';
export { type Relay, startRelay } from '../src/app/startRelay';
export { type Database, openDatabase } from '../src/db/openDatabase';
export type { SqlDriver } from '../src/db/sqlDriver';
export { optimizeOnlyHotWasm } from '../src/db/wasmTiering';
export type { PrismaClient } from '../src/generated/prisma/client';
export { type IndexPlace, SearchIndex } from '../src/search/searchIndex';
export { SearchIndexes } from '../src/search/searchIndexes';
export { searchNotes } from '../src/search/searchService';
export { HttpEmbeddings } from '../src/search/semantic/httpEmbeddings';
export type { SemanticSettings } from '../src/search/semantic/semanticSearch';
export { encodeVector } from '../src/search/vectorCodec';
export { createPrismaNoteStore } from '../src/store/prismaNoteStore';
export { LOCAL_EDGE } from '../src/support/edgeSettings';
export { type Logger, silentLogger } from '../src/support/logger';
export { createVaultService } from '../src/vault/vaultService';
export { type ApiBody, readBody } from './apiBody';
export { makeDocx, makePdf, makeZipBombDocx } from './attachmentFixtures';
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
