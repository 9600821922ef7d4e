import { describe, expect, it } from 'vitest';
import type { Measurement } from './harness/measurement';
import { arenaLimitEnv } from './load/arenaLimit';
import type { MemoryReading } from './load/relayProtocol';
import { withPostgresRestarts } from './manyDocumentsBench';

// Only what the measurements read; the rest of a reading comes from a real relay.
const reading = (heapMiB: number, rssMiB: number) =>
  ({ heapUsed: heapMiB * 2 ** 20, rss: rssMiB * 2 ** 20 }) as MemoryReading;

const RESTARTED = '1,000 notes stored, none loaded (restarted on them';
const mib = (name: string, value: number): Measurement => ({ name, unit: 'MiB', value });
const MEASUREMENTS: Measurement[] = [
  { name: 'relay heap per idle loaded note, 2 clients each', unit: 'KiB', value: 52 },
  mib(`relay heap, ${RESTARTED}, PGlite)`, 40),
  mib(`relay RSS, ${RESTARTED}, PGlite)`, 189),
  mib(`relay heap, ${RESTARTED}, PGlite, MALLOC_ARENA_MAX=2)`, 40),
  mib(`relay RSS, ${RESTARTED}, PGlite, MALLOC_ARENA_MAX=2)`, 170),
  mib('relay heap, all loaded with 2 clients each', 90),
];

describe('withPostgresRestarts (BEN10)', () => {
  it("[BEN10] puts PostgreSQL's restarts, as npm start runs the relay and arena-limited, right after PGlite's", () => {
    const measurements = withPostgresRestarts(MEASUREMENTS, 1000, {
      restarted: reading(38, 121),
      arenaLimited: { arenas: 2, reading: reading(38, 110.5) },
    });
    expect(measurements.map(({ name }) => name)).toEqual([
      'relay heap per idle loaded note, 2 clients each',
      `relay heap, ${RESTARTED}, PGlite)`,
      `relay RSS, ${RESTARTED}, PGlite)`,
      `relay heap, ${RESTARTED}, PGlite, MALLOC_ARENA_MAX=2)`,
      `relay RSS, ${RESTARTED}, PGlite, MALLOC_ARENA_MAX=2)`,
      `relay heap, ${RESTARTED}, PostgreSQL)`,
      `relay RSS, ${RESTARTED}, PostgreSQL)`,
      `relay heap, ${RESTARTED}, PostgreSQL, MALLOC_ARENA_MAX=2)`,
      `relay RSS, ${RESTARTED}, PostgreSQL, MALLOC_ARENA_MAX=2)`,
      'relay heap, all loaded with 2 clients each',
    ]);
    expect(measurements.slice(5, 9).map(({ value }) => value)).toEqual([38, 121, 38, 110.5]);
  });

  it('[BEN10] says why there is no PostgreSQL measurement when no server was named', () => {
    const measurements = withPostgresRestarts(MEASUREMENTS.slice(0, 3), 1000, null);
    expect(measurements[3]).toEqual({
      name: `relay heap, ${RESTARTED}, PostgreSQL)`,
      unit: 'MiB',
      value: Number.NaN,
      note: expect.stringMatching(/^not measured: no --postgres/),
    });
  });

  it('[BEN10] refuses an arena limit it could not run as asked', () => {
    expect(arenaLimitEnv(2)).toEqual({ MALLOC_ARENA_MAX: '2' });
    for (const bad of [0, -1, 1.5, Number.NaN]) expect(() => arenaLimitEnv(bad)).toThrow(/--arena-max/);
  });
});
