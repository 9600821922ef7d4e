import { describe, expect, it } from 'vitest';
import { arenaLimitEnv } from './load/arenaLimit';
import type { BenchRow } from './load/compareRows';
import type { MemoryReading } from './load/relayProtocol';
import { withPostgresRestartRows } from './manyDocuments';

// Only what the rows print; the rest of a reading comes from a real relay.
const reading = (heapMiB: number, rssMiB: number) =>
  ({ heapUsed: heapMiB * 2 ** 20, rss: rssMiB * 2 ** 20 }) as MemoryReading;

const RESTARTED = 'relay heap / RSS, 1,000 notes stored, none loaded (restarted on them';
const ROWS: BenchRow[] = [
  ['relay heap per idle loaded note, 2 clients each — ours / bare Hocuspocus', '52.0 KiB / 50.8 KiB (1.02×)'],
  [`${RESTARTED}, PGlite) — ours / bare Hocuspocus`, '40.0 MiB / 189.0 MiB / 9.0 MiB / 60.0 MiB (4.44×)'],
  [`${RESTARTED}, PGlite, MALLOC_ARENA_MAX=2)`, '40.0 MiB / 170.0 MiB'],
  ['relay heap / RSS, all loaded with 2 clients each', '90.0 MiB / 300.0 MiB'],
];

describe('withPostgresRestartRows (BEN10)', () => {
  it("[BEN10] puts PostgreSQL's restarts, as npm start runs the relay and arena-limited, right after PGlite's", () => {
    const rows = withPostgresRestartRows(ROWS, 1000, {
      restarted: reading(38, 121),
      arenaLimited: { arenas: 2, reading: reading(38, 110.5) },
    });
    expect(rows.map(([name]) => name.replace(' — ours / bare Hocuspocus', ''))).toEqual([
      'relay heap per idle loaded note, 2 clients each',
      `${RESTARTED}, PGlite)`,
      `${RESTARTED}, PGlite, MALLOC_ARENA_MAX=2)`,
      `${RESTARTED}, PostgreSQL)`,
      `${RESTARTED}, PostgreSQL, MALLOC_ARENA_MAX=2)`,
      'relay heap / RSS, all loaded with 2 clients each',
    ]);
    expect(rows[3]?.[1]).toBe('38.0 MiB / 121.0 MiB');
    expect(rows[4]?.[1]).toBe('38.0 MiB / 110.5 MiB');
  });

  it('[BEN10] says why there is no PostgreSQL row when no server was named', () => {
    const rows = withPostgresRestartRows(ROWS.slice(0, 2), 1000, null);
    expect(rows[2]).toEqual([`${RESTARTED}, PostgreSQL)`, expect.stringMatching(/^not measured: no --postgres/)]);
  });

  it('[BEN10] refuses an arena limit it could not run as asked', () => {
    expect(arenaLimitEnv(2)).toEqual({ MALLOC_ARENA_MAX: '2' });
    for (const bad of [0, -1, 1.5, Number.NaN]) expect(() => arenaLimitEnv(bad)).toThrow(/--arena-max/);
  });
});
