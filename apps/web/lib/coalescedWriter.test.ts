import { describe, expect, it } from 'vitest';
import { createCoalescedWriter } from './coalescedWriter';

describe('coalesced writer', () => {
  it('merges patches that arrive during a write and always stores the latest values', async () => {
    const stored: object[] = [];
    let release: () => void = () => undefined;
    const writer = createCoalescedWriter<{ title?: string; pendingChanges?: number }>(
      async (patch) => {
        stored.push(patch);
        if (stored.length === 1) await new Promise<void>((resolve) => (release = resolve));
      },
      () => undefined,
    );
    writer.write({ title: 'a' });
    writer.write({ pendingChanges: 1 });
    writer.write({ pendingChanges: 2, title: 'ab' });
    release();
    await writer.flush();
    expect(stored).toEqual([{ title: 'a' }, { pendingChanges: 2, title: 'ab' }]);
  });

  it('keeps writing after a failed write', async () => {
    const errors: unknown[] = [];
    const stored: object[] = [];
    const writer = createCoalescedWriter<{ n: number }>(
      async (patch) => {
        if (patch.n === 1) throw new Error('quota');
        stored.push(patch);
      },
      (error) => errors.push(error),
    );
    writer.write({ n: 1 });
    await writer.flush();
    writer.write({ n: 2 });
    await writer.flush();
    expect(errors).toHaveLength(1);
    expect(stored).toEqual([{ n: 2 }]);
  });
});
