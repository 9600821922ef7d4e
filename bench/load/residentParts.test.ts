import { describe, expect, it } from 'vitest';
import { residentParts } from './residentParts';

// The relay's compiler settings have WebAssembly's types but not its value: it is read from the global object.
const { Memory } = (
  globalThis as unknown as { WebAssembly: { Memory: new (size: { initial: number }) => { buffer: ArrayBuffer } } }
).WebAssembly;
const MIB = 2 ** 20;
const PAGE_BYTES = 65_536;

// Linux only: elsewhere there is no /proc and every part reads 0.
describe.runIf(process.platform === 'linux')('residentParts (BEN8)', () => {
  it('[BEN8] counts a WebAssembly memory once its pages are touched, and only then', () => {
    const before = residentParts();
    const memory = new Memory({ initial: (32 * MIB) / PAGE_BYTES });
    const reserved = residentParts();
    new Uint8Array(memory.buffer).fill(1);
    const touched = residentParts();
    expect(reserved.rssWasm - before.rssWasm).toBeLessThan(MIB);
    expect(touched.rssWasm - reserved.rssWasm).toBeGreaterThanOrEqual(31 * MIB);
    expect(touched.rssWasm - reserved.rssWasm).toBeLessThan(34 * MIB);
    expect(touched.rssAnon).toBeGreaterThanOrEqual(touched.rssWasm);
  });

  // Only the WebAssembly part is compared: allocating the array may collect an earlier test's memory, which
  // moves the anonymous total either way.
  it('[BEN8] leaves out anonymous memory that is not WebAssembly', () => {
    const before = residentParts();
    const plain = new Uint8Array(32 * MIB).fill(1);
    const after = residentParts();
    expect(after.rssWasm - before.rssWasm).toBeLessThan(MIB);
    expect(plain[plain.length - 1]).toBe(1);
  });
});
