import { LIMITS } from '@baalda/core';
import { describe, expect, it } from 'vitest';
import { DocumentWindow, WINDOW_SIZE } from './DocumentWindow';

const member = (name: string) => ({ name });

describe('DocumentWindow', () => {
  it('[SW1] the window stays under the relay limits before authentication', () => {
    expect(WINDOW_SIZE).toBeLessThan(LIMITS.maxPreAuthDocuments);
  });

  it('[SW1] grants at most `size` slots; a settled one passes its slot to the next in line', async () => {
    const window = new DocumentWindow(2);
    const [a, b, c] = [member('a'), member('b'), member('c')];
    const granted: string[] = [];
    for (const one of [a, b, c]) void window.request(one).then((ok) => ok && granted.push(one.name));
    await Promise.resolve();
    expect(granted).toEqual(['a', 'b']);
    expect([window.pendingCount, window.waitingCount]).toEqual([2, 1]);
    window.settle(a);
    await Promise.resolve();
    expect(granted).toEqual(['a', 'b', 'c']);
  });

  it('[SW1] foreground documents go before background ones, each kind in the order it asked', async () => {
    const window = new DocumentWindow(1);
    const order: string[] = [];
    const first = member('first');
    void window.request(first);
    const queued = (['bg1', 'bg2', 'fg1', 'fg2'] as const).map((name) => {
      const one = member(name);
      void window.request(one, name.startsWith('fg') ? 'foreground' : 'background').then(() => order.push(name));
      return one;
    });
    let holder: object = first;
    for (const _ of queued) {
      window.settle(holder);
      await Promise.resolve();
      holder = queued.find((one) => one.name === order.at(-1)) as object;
    }
    expect(order).toEqual(['fg1', 'fg2', 'bg1', 'bg2']);
  });

  it('[SW1] a withdrawn member gives back its slot, and one still in line is told it got none', async () => {
    const window = new DocumentWindow(1);
    const [a, b, c] = [member('a'), member('b'), member('c')];
    void window.request(a);
    const second = window.request(b);
    const third = window.request(c);
    window.withdraw(b);
    expect(await second).toBe(false);
    window.withdraw(a);
    expect(await third).toBe(true);
    expect(window.pendingCount).toBe(1);
  });

  it('[SW1] a background document promoted while in line goes before the other background ones', async () => {
    const window = new DocumentWindow(1);
    const holder = member('holder');
    void window.request(holder);
    const order: string[] = [];
    const [early, late] = [member('early'), member('late')];
    void window.request(early).then(() => order.push('early'));
    void window.request(late).then(() => order.push('late'));
    window.promote(late);
    window.settle(holder);
    await Promise.resolve();
    expect(order).toEqual(['late']);
  });
});
