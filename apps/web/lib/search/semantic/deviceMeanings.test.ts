import { describe, expect, it, vi } from 'vitest';
import { createDeviceMeanings } from './deviceMeanings';
import { createNoteMeanings, sha256TextKey } from './noteMeanings';
import { memoryMeaningStore, standInEncoder } from './testEncoders';

const texts = new Map([
  ['alice_note_00000000001', 'Refund window: 30 days from delivery.'],
  ['alice_note_00000000002', 'The office wifi password changed on Monday.'],
]);

function setUp(load: () => Promise<ReturnType<typeof standInEncoder>>) {
  return createDeviceMeanings({ get: load }, createNoteMeanings(memoryMeaningStore(), sha256TextKey));
}

describe('the meaning of one palette’s notes', () => {
  it('[SEMW5] is ready once every note has its vectors; the query is embedded once, then remembered', async () => {
    const encoder = standInEncoder();
    const session = setUp(async () => encoder).startSession(texts);
    expect(session.isReady()).toBe(false);
    expect(await session.semanticFor('refund')).toBeUndefined();
    await session.ready;
    expect(session.isReady()).toBe(true);
    const semantic = await session.semanticFor('refund');
    expect(semantic?.query).toHaveLength(encoder.dimensions);
    expect(semantic?.vectorsOf('alice_note_00000000001')?.dimensions).toBe(encoder.dimensions);
    expect(semantic?.vectorsOf('bob_note_0000000000009')).toBeUndefined();
    await session.semanticFor('refund');
    expect(encoder.embedded.filter((text) => text === 'refund')).toHaveLength(1);
  });

  it('[SEMW6] never becomes ready when the model can’t be loaded, and says so calmly in the console only', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const session = setUp(async () => {
      throw new Error('The sentence encoder is unavailable: TypeError: Failed to fetch');
    }).startSession(texts);
    const settled = await Promise.race([
      session.ready.then(() => 'ready'),
      new Promise((r) => setTimeout(r, 20, 'waiting')),
    ]);
    expect(settled).toBe('waiting');
    expect(session.isReady()).toBe(false);
    expect(await session.semanticFor('refund')).toBeUndefined();
    expect(info).toHaveBeenCalledWith(expect.stringMatching(/by words/), expect.any(Error));
    info.mockRestore();
  });
});
