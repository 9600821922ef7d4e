import { describe, expect, it } from 'vitest';
import { createSerialQueue, createSingleFlight } from './taskQueue';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('task queues', () => {
  it('runs serial tasks in call order, one at a time, past a failure', async () => {
    const serial = createSerialQueue();
    const seen: string[] = [];
    const slow = serial(async () => {
      await tick();
      seen.push('slow');
    });
    const failing = serial(async () => {
      throw new Error('boom');
    });
    const fast = serial(async () => {
      seen.push('fast');
      return 7;
    });
    await slow;
    await expect(failing).rejects.toThrow('boom');
    expect(await fast).toBe(7);
    expect(seen).toEqual(['slow', 'fast']);
  });

  it('runs a single-flight task once more when asked while it runs, never twice at once', async () => {
    let runs = 0;
    let concurrent = 0;
    const flight = createSingleFlight(async () => {
      concurrent += 1;
      expect(concurrent).toBe(1);
      await tick();
      runs += 1;
      concurrent -= 1;
    });
    await Promise.all([flight.run(), flight.run(), flight.run()]);
    expect(runs).toBe(2);
    await flight.run();
    expect(runs).toBe(3);
  });
});
