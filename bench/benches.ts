// Every bench the harness knows, in the order a run runs them: the order `npm run bench` always ran them in
// (the quick ones first, the load benches, then the editor and start-up, which rebuild things).
import { attachmentsBench } from './attachments';
import { editorBench } from './editor/editorBench';
import { fanoutBench } from './fanout';
import type { Bench } from './harness/benchDefinition';
import { hostileInputsBench } from './hostileInputs';
import { editLatencyBench, editToSearchableBench } from './latency';
import { manyDocumentsBench } from './manyDocumentsBench';
import { mcpEditsBench } from './mcpEdits';
import { mcpSearchBench } from './mcpSearch';
import { mirrorSyncBench } from './mirrorSync';
import { oauthFlowBench } from './oauthFlow';
import { openDocumentWritesBench } from './openDocumentWrites';
import { reindexBench } from './reindexThroughput';
import { retrievalBench } from './retrieval/retrievalBench';
import { searchLatencyBench } from './searchLatency';
import { semanticBench } from './semantic';
import { semanticBrowserBench } from './semanticBrowser';
import { semanticImportBench } from './semanticImport';
import { signUpCostBench } from './signUpCost';
import { soakBench } from './soakBench';
import { startupBench } from './startupBench';
import { ciBench, npmTestBench } from './wallTimes';

/** The benches, in run order. */
export const BENCHES: readonly Bench[] = [
  editLatencyBench,
  searchLatencyBench,
  editToSearchableBench,
  reindexBench,
  retrievalBench,
  semanticBench,
  semanticBrowserBench,
  mcpSearchBench,
  mcpEditsBench,
  oauthFlowBench,
  signUpCostBench,
  hostileInputsBench,
  attachmentsBench,
  fanoutBench,
  semanticImportBench,
  manyDocumentsBench,
  openDocumentWritesBench,
  soakBench,
  editorBench,
  startupBench,
  npmTestBench,
  ciBench,
  mirrorSyncBench,
];
