import { describe, expect, it } from 'vitest';
import { syncUrlFor } from './syncSocket';

describe('sync socket URL', () => {
  it('uses the page origin, with wss behind https', () => {
    expect(syncUrlFor({ protocol: 'http:', host: '127.0.0.1:8799' })).toBe('ws://127.0.0.1:8799/sync');
    expect(syncUrlFor({ protocol: 'https:', host: 'notes.example.com' })).toBe('wss://notes.example.com/sync');
  });
});
