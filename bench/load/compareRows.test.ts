import { describe, expect, it } from 'vitest';
import { compareRows } from './compareRows';

describe('load rows beside bare Hocuspocus', () => {
  it('pairs rows by name, with the ratio of their first numbers; rows without a baseline stay', () => {
    const ours: Array<[string, string]> = [
      ['heap per note', '30.0 KiB'],
      ['p95', '12.0 ms'],
      ['dropped', '0'],
      ['only ours', 'x'],
    ];
    const bare: Array<[string, string]> = [
      ['heap per note', '20.0 KiB'],
      ['p95', '10.0 ms'],
      ['dropped', '0'],
    ];
    expect(compareRows(ours, bare)).toEqual([
      ['heap per note — ours / bare Hocuspocus', '30.0 KiB / 20.0 KiB (1.50×)'],
      ['p95 — ours / bare Hocuspocus', '12.0 ms / 10.0 ms (1.20×)'],
      ['dropped — ours / bare Hocuspocus', '0 / 0'],
      ['only ours', 'x'],
    ]);
  });
});
