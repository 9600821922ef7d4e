import { describe, expect, it } from 'vitest';
import { parseScaleMessage } from './scaleEvents';

const docId = '0192f3a4-5b6c-7d8e-9f01-23456789abcd';

describe('scale-out events on the wire', () => {
  it('[SCALE3, SCALE4, SCALE5] reads the three events with their sender', () => {
    expect(parseScaleMessage(JSON.stringify({ from: 'a', type: 'index', docIds: [docId] }))).toEqual({
      from: 'a',
      type: 'index',
      docIds: [docId],
    });
    expect(parseScaleMessage(JSON.stringify({ from: 'a', type: 'purged', docIds: [] }))?.type).toBe('purged');
    expect(parseScaleMessage(JSON.stringify({ from: 'c', type: 'resync' }))).toEqual({ from: 'c', type: 'resync' });
    expect(parseScaleMessage(JSON.stringify({ from: 'b', type: 'tree', vaultId: 'default', version: 7 }))).toEqual({
      from: 'b',
      type: 'tree',
      vaultId: 'default',
      version: 7,
    });
  });

  it.each([
    ['not JSON', '{'],
    ['no sender', JSON.stringify({ type: 'index', docIds: [docId] })],
    ['an unknown type', JSON.stringify({ from: 'a', type: 'reload' })],
    ['a resync with no sender', JSON.stringify({ type: 'resync' })],
    ['a bad doc id', JSON.stringify({ from: 'a', type: 'index', docIds: ['../x'] })],
    ['a bad vault id', JSON.stringify({ from: 'a', type: 'tree', vaultId: 'Not A Vault!', version: 1 })],
    ['a fractional version', JSON.stringify({ from: 'a', type: 'tree', vaultId: 'default', version: 1.5 })],
  ])('[SCALE3] ignores %s', (_, raw) => {
    expect(parseScaleMessage(raw)).toBeNull();
  });
});
