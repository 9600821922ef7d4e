import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { versionsToPrune } from './pruneVersions';

describe('pruning versions', () => {
  it('[VC3] nothing is pruned at or under the cap', () => {
    expect(versionsToPrune([], 1)).toEqual([]);
    expect(versionsToPrune([{ id: 'a', capturedAt: 1 }], 1)).toEqual([]);
  });

  it('[VC3] the oldest versions go first, ties by id', () => {
    const versions = [
      { id: 'd', capturedAt: 40 },
      { id: 'c', capturedAt: 10 },
      { id: 'a', capturedAt: 30 },
      { id: 'b', capturedAt: 10 },
    ];
    expect(versionsToPrune(versions, 1)).toEqual(['b', 'c', 'a']);
    expect(versionsToPrune(versions, 3)).toEqual(['b']);
  });

  it('[VC3] the default cap is 50 per note', () => {
    const versions = Array.from({ length: 52 }, (_, index) => ({ id: `v${index}`, capturedAt: index }));
    expect(versionsToPrune(versions)).toEqual(['v0', 'v1']);
  });

  it('[VC3] the input is not reordered', () => {
    const versions = [
      { id: 'b', capturedAt: 2 },
      { id: 'a', capturedAt: 1 },
    ];
    versionsToPrune(versions, 1);
    expect(versions.map((version) => version.id)).toEqual(['b', 'a']);
  });

  it('[VC3] a cap that is not a positive integer is a broken invariant', () => {
    expect(() => versionsToPrune([], 0)).toThrow(RangeError);
    expect(() => versionsToPrune([], 1.5)).toThrow(RangeError);
  });

  it('[VC3] what remains is the newest maxVersions, whatever the input order', () => {
    const version = fc.record({ id: fc.string({ maxLength: 3 }), capturedAt: fc.nat(20) });
    const versions = fc.uniqueArray(version, { selector: (v) => v.id, maxLength: 30 });
    fc.assert(
      fc.property(versions, fc.integer({ min: 1, max: 10 }), (all, maxVersions) => {
        const pruned = versionsToPrune(all, maxVersions);
        const kept = all.filter((v) => !pruned.includes(v.id));
        expect(kept.length).toBe(Math.min(all.length, maxVersions));
        const newestPruned = Math.max(...all.filter((v) => pruned.includes(v.id)).map((v) => v.capturedAt));
        for (const v of kept) expect(v.capturedAt).toBeGreaterThanOrEqual(newestPruned);
        expect(versionsToPrune([...all].reverse(), maxVersions)).toEqual(pruned);
      }),
    );
  });
});
