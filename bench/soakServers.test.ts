import { describe, expect, it } from 'vitest';
import { beyondBareRows, SOAK_SERVERS, type SoakReport, soakServersFrom } from './soak';

describe('soakServersFrom (BEN9)', () => {
  it('[BEN9] runs the relay beside bare Hocuspocus unless the baseline is left out', () => {
    expect(soakServersFrom([]).map((server) => server.kind)).toEqual(['baalda', 'bare']);
    expect(soakServersFrom(['--without-bare']).map((server) => server.label)).toEqual(['relay']);
  });

  it('[BEN9] adds one relay per variant: an arena limit in its environment, each Node flag on its own', () => {
    const servers = soakServersFrom(['--arena-max', '2', '--node-flags', '--single-threaded-gc,--x-y=4']);
    expect(servers.slice(2)).toEqual([
      { label: 'relay, MALLOC_ARENA_MAX=2', kind: 'baalda', env: { MALLOC_ARENA_MAX: '2' } },
      { label: 'relay, --single-threaded-gc', kind: 'baalda', nodeFlags: ['--single-threaded-gc'] },
      { label: 'relay, --x-y=4', kind: 'baalda', nodeFlags: ['--x-y=4'] },
    ]);
  });

  it('[BEN9] refuses a variant it could not run as asked', () => {
    expect(() => soakServersFrom(['--arena-max', '0'])).toThrow(/--arena-max/);
    expect(() => soakServersFrom(['--arena-max', 'two'])).toThrow(/--arena-max/);
    expect(() => soakServersFrom(['--node-flags', 'single-threaded'])).toThrow(/--node-flags/);
    expect(() => soakServersFrom(['--node-flags', '--a;rm -rf /'])).toThrow(/--node-flags/);
  });
});

// Only what beyondBareRows reads; the rest of a report comes from a real soak.
function reportOf(index: number, heapSlope: number, rssSlope: number): SoakReport {
  const server = SOAK_SERVERS[index] as SoakReport['server'];
  return {
    server,
    minutes: 30,
    settledSlopeMiBPer10Minutes: heapSlope,
    settledRssSlopeMiBPer10Minutes: rssSlope,
  } as SoakReport;
}

describe('beyondBareRows (BEN9)', () => {
  it("[BEN9] gives each relay's slopes less bare Hocuspocus's, signed", () => {
    const rows = beyondBareRows([reportOf(0, 4.25, 7.96), reportOf(1, 3.61, 8.5)]);
    expect(rows).toEqual([
      ["soak 30 min, relay: heap / RSS slope from minute 2 beyond bare Hocuspocus's", '+0.64 / −0.54 MiB per 10 min'],
    ]);
  });

  it('[BEN9] has nothing to compare with when the baseline was left out', () => {
    expect(beyondBareRows([reportOf(0, 4.25, 7.96)])).toEqual([]);
  });
});
