import { describe, expect, it } from 'vitest';
import { fakeEncoderPort, READY } from './fakeEncoderPort';
import { startWorkerEncoder } from './workerEncoder';

describe('the encoder in its worker', () => {
  it('[SEMW3] is ready once the worker loaded the model, and answers each job by its id', async () => {
    const port = fakeEncoderPort();
    const starting = startWorkerEncoder(port);
    port.reply(READY);
    const { encoder, loadMs } = await starting;
    expect(encoder).toMatchObject({ name: 'use-lite-512-v1', dimensions: 2 });
    expect(loadMs).toBe(900);
    const first = encoder.embedBatch(['refund']);
    const second = encoder.embedBatch(['wifi', 'soup']);
    expect(port.jobs).toEqual([
      { id: 1, texts: ['refund'] },
      { id: 2, texts: ['wifi', 'soup'] },
    ]);
    const wifi = Float32Array.of(1, 0);
    port.reply({ kind: 'vectors', id: 2, vectors: [wifi, wifi] });
    port.reply({ kind: 'failed', id: 1, reason: 'out of memory' });
    expect(await second).toEqual([wifi, wifi]);
    await expect(first).rejects.toThrow('out of memory');
  });

  it('[SEMW6] rejects when the model can\u2019t be loaded, and stops the worker', async () => {
    const port = fakeEncoderPort();
    const starting = startWorkerEncoder(port);
    port.reply({ kind: 'loadFailed', reason: 'TypeError: Failed to fetch' });
    await expect(starting).rejects.toThrow(/unavailable: TypeError: Failed to fetch/);
    expect(port.terminated).toBe(true);
  });

  it('[SEMW3] a worker that crashes fails the jobs it holds, and every job after', async () => {
    const port = fakeEncoderPort();
    const starting = startWorkerEncoder(port);
    port.reply(READY);
    const { encoder } = await starting;
    const waiting = encoder.embedBatch(['refund']);
    port.crash('Uncaught RangeError');
    await expect(waiting).rejects.toThrow(/Uncaught RangeError/);
    await expect(encoder.embedBatch(['wifi'])).rejects.toThrow(/unavailable/);
    expect(port.jobs).toHaveLength(1);
  });
});
