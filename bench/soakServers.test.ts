import { describe, expect, it } from 'vitest';
import { SOAK_SERVERS, type SoakReport } from './soak';
import { beyondBareMeasurements, soakServersFrom } from './soakBench';

describe('soakServersFrom (BEN9)', () => {
  it('[BEN9] runs the relay beside bare Hocuspocus unless the baseline is left out', () => {
    expect(soakServersFrom({}).map((server) => server.kind)).toEqual(['baalda', 'bare']);
    expect(soakServersFrom({ withoutBare: true }).map((server) => server.label)).toEqual(['relay']);
  });

  it('[BEN9] adds one relay per variant: an arena limit in its environment, each Node flag on its own', () => {
    const servers = soakServersFrom({ arenaMax: '2', nodeFlags: '--single-threaded-gc,--x-y=4' });
    expect(servers.slice(2)).toEqual([
      { label: 'relay, MALLOC_ARENA_MAX=2', kind: 'baalda', env: { MALLOC_ARENA_MAX: '2' } },
      { label: 'relay, --single-threaded-gc', kind: 'baalda', nodeFlags: ['--single-threaded-gc'] },
      { label: 'relay, --x-y=4', kind: 'baalda', nodeFlags: ['--x-y=4'] },
    ]);
  });

  it('[BEN9] refuses a variant it could not run as asked', () => {
    expect(() => soakServersFrom({ arenaMax: '0' })).toThrow(/--arena-max/);
    expect(() => soakServersFrom({ arenaMax: 'two' })).toThrow(/--arena-max/);
    expect(() => soakServersFrom({ nodeFlags: 'single-threaded' })).toThrow(/--node-flags/);
    expect(() => soakServersFrom({ nodeFlags: '--a;rm -rf /' })).toThrow(/--node-flags/);
  });
});

// Only what beyondBareMeasurements reads; the rest of a report comes from a real soak.
function reportOf(index: number, heapSlope: number, rssSlope: number): SoakReport {
  const server = SOAK_SERVERS[index] as SoakReport['server'];
  return {
    server,
    minutes: 30,
    settledSlopeMiBPer10Minutes: heapSlope,
    settledRssSlopeMiBPer10Minutes: rssSlope,
  } as SoakReport;
}

describe('beyondBareMeasurements (BEN9)', () => {
  it("[BEN9] gives each relay's slopes less bare Hocuspocus's, signed", () => {
    const measurements = beyondBareMeasurements([reportOf(0, 4.25, 7.96), reportOf(1, 3.61, 8.5)]);
    const name = "soak 30 min, relay: slope from minute 2 beyond bare Hocuspocus's";
    expect(measurements.map(({ name }) => name)).toEqual([`${name}, heap`, `${name}, RSS`]);
    expect(measurements[0]?.value).toBeCloseTo(0.64);
    expect(measurements[1]?.value).toBeCloseTo(-0.54);
    expect(measurements.every(({ unit }) => unit === 'MiB per 10 min')).toBe(true);
  });

  it('[BEN9] has nothing to compare with when the baseline was left out', () => {
    expect(beyondBareMeasurements([reportOf(0, 4.25, 7.96)])).toEqual([]);
  });
});
