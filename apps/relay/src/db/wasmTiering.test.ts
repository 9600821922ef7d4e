import { describe, expect, it } from 'vitest';
import { optimizeOnlyHotWasm, withDefaultWasmTiering } from './wasmTiering';

describe('WebAssembly tiering', () => {
  it('[DB8] a kernel made under the default budget is what the caller gets, once; its failure reaches the caller', () => {
    optimizeOnlyHotWasm();
    let calls = 0;
    const made = withDefaultWasmTiering(() => {
      calls += 1;
      return { kernel: 'dots' };
    });
    expect(made).toEqual({ kernel: 'dots' });
    expect(calls).toBe(1);
    expect(() =>
      withDefaultWasmTiering(() => {
        throw new Error('no SIMD');
      }),
    ).toThrow('no SIMD');
  });
});
