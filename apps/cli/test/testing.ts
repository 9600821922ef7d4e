// `baalda-cli/testing`: what the benches drive of the CLI (its relay client, mirror, import and export), so
// they take the path a person's files take without importing the CLI's files by path. Other workspaces import
// only this entry, so the CLI may rearrange its files without breaking them.
export { CliError } from '../src/cliError';
export { forEachConcurrently } from '../src/mirror/concurrently';
export { scanDisk } from '../src/mirror/diskScan';
export { normalizedMarkdown } from '../src/mirror/markdownMerge';
export { isIgnoredPath } from '../src/mirror/mirrorLayout';
export { remoteHashOf, sendOps } from '../src/mirror/relayCalls';
export { startMirror } from '../src/mirror/startMirror';
export { createRelayClient, type RelayClient } from '../src/relayClient';
export { TRANSFER_COMMANDS } from '../src/transfer/transferCommands';
