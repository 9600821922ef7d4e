// `baalda-relay/testing/benchProcesses`: what the load benches' own processes need — the relay host
// (bench/load/relayHost.ts) and the client workers (clientHost.ts). An entry of its own, not
// `baalda-relay/testing`, because the benches read those processes' memory and busy time: they must load the
// relay or a client and nothing else (the testing entry brings vitest and the convergence helpers).
export { createAccessService } from '../src/access/accessService';
export { TEST_PASSWORD_COST } from '../src/access/passwords';
export { lostConnections, openConnections } from '../src/access/recheckPass';
export { lostConnectionsAsBefore } from '../src/access/recheckPassAsBefore';
export { startRelay } from '../src/app/startRelay';
export type { DatabaseTarget } from '../src/db/openDatabase';
export { silentLogger } from '../src/support/logger';
export { appendParagraph } from './clients';
export { countingClient } from './queryCounter';
