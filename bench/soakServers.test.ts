import { describe, expect, it } from 'vitest';
import { soakServersFrom } from './soak';

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
