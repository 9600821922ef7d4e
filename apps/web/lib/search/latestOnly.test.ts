import { describe, expect, it } from 'vitest';
import { createLatestOnly } from './latestOnly';

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('only the latest search is shown', () => {
  it('drops an answer that arrives after a newer query was sent', async () => {
    const latest = createLatestOnly();
    const slow = deferred<string>();
    const fast = deferred<string>();
    const first = latest.run(() => slow.promise);
    const second = latest.run(() => fast.promise);
    fast.resolve('refund');
    slow.resolve('ref');
    expect(await second).toEqual({ stale: false, value: 'refund' });
    expect(await first).toEqual({ stale: true });
  });

  it('drops every answer on its way once cancelled (the field was cleared, the palette closed)', async () => {
    const latest = createLatestOnly();
    const pending = latest.run(async () => 'ref');
    latest.cancel();
    expect(await pending).toEqual({ stale: true });
    expect(await latest.run(async () => 'refund')).toEqual({ stale: false, value: 'refund' });
  });
});
