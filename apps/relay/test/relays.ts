import type { VersionSettings } from '@baalda/core';
import type { DatabaseTarget } from '../src/db/openDatabase';
import { silentLogger } from '../src/server/logger';
import { type Relay, startRelay } from '../src/server/startRelay';

/** Starts a relay on port 0 on the given database; `storeDebounceMs` is short so tests are quick. */
export function startTestRelay(
  database: DatabaseTarget,
  overrides: {
    storeDebounceMs?: number;
    webDir?: string;
    clock?: () => Date;
    versionSettings?: VersionSettings;
  } = {},
): Promise<Relay> {
  return startRelay({
    database,
    port: 0,
    host: '127.0.0.1',
    webDir: overrides.webDir ?? '/nonexistent-web-dir',
    logger: silentLogger,
    storeDebounceMs: overrides.storeDebounceMs ?? 50,
    clock: overrides.clock,
    versionSettings: overrides.versionSettings,
  });
}
