import { describe, expect, it } from 'vitest';
import { createEncoderOnDemand } from './encoderOnDemand';
import { type FakeEncoderPort, fakeEncoderPort, READY } from './fakeEncoderPort';

function setUp() {
  const ports: FakeEncoderPort[] = [];
  const timers: Array<{ callback: () => void; cancelled: boolean }> = [];
  const encoders = createEncoderOnDemand(
    () => {
      const port = fakeEncoderPort();
      ports.push(port);
      return port;
    },
    (callback) => {
      const timer = { callback, cancelled: false };
      timers.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
  );
  const runDueTimers = () => {
    for (const timer of timers.splice(0)) if (!timer.cancelled) timer.callback();
  };
  return { encoders, ports, runDueTimers };
}

describe('the encoder started on demand', () => {
  it('[SEMW3] starts one worker for everyone who asks, on the first ask', async () => {
    const { encoders, ports } = setUp();
    expect(ports).toHaveLength(0);
    const first = encoders.get();
    const second = encoders.get();
    ports[0]?.reply(READY);
    expect((await first).name).toBe('use-lite-512-v1');
    expect((await second).name).toBe('use-lite-512-v1');
    expect(ports).toHaveLength(1);
  });

  it('[SEMW3] stops an idle worker, never one that is embedding, and starts another when asked again', async () => {
    const { encoders, ports, runDueTimers } = setUp();
    const starting = encoders.get();
    ports[0]?.reply(READY);
    const encoder = await starting;
    const embedding = encoder.embedBatch(['refund']);
    runDueTimers();
    expect(ports[0]?.terminated).toBe(false);
    ports[0]?.reply({ kind: 'vectors', id: 1, vectors: [Float32Array.of(1, 0)] });
    await embedding;
    runDueTimers();
    await Promise.resolve();
    expect(ports[0]?.terminated).toBe(true);
    const again = encoders.get();
    ports[1]?.reply(READY);
    await again;
    expect(ports).toHaveLength(2);
  });

  it('[SEMW6] after a load that failed, the next ask tries again', async () => {
    const { encoders, ports } = setUp();
    const failing = encoders.get();
    ports[0]?.reply({ kind: 'loadFailed', reason: 'offline' });
    await expect(failing).rejects.toThrow(/offline/);
    const retry = encoders.get();
    ports[1]?.reply(READY);
    await expect(retry).resolves.toMatchObject({ name: 'use-lite-512-v1' });
  });
});
