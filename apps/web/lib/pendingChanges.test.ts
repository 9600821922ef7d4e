import { describe, expect, it } from 'vitest';
import { createPendingChangeCounter, isDelivered } from './pendingChanges';

const provider = { name: 'provider' };
const persistence = { name: 'persistence' };
const editorOrigin = { name: 'y-sync plugin' };
const delivered = { connection: 'connected', handshakeDone: true, unsyncedChanges: 0, unsavedLocalWrites: 0 } as const;

describe('pending change counter', () => {
  it('[SYNC6] counts local edits and ignores updates from the relay and from IndexedDB', () => {
    const counter = createPendingChangeCounter(0, [provider, persistence]);
    expect(counter.recordUpdate(editorOrigin)).toBe(true);
    expect(counter.recordUpdate(null)).toBe(true);
    expect(counter.recordUpdate(provider)).toBe(false);
    expect(counter.recordUpdate(persistence)).toBe(false);
    expect(counter.count).toBe(2);
  });

  it('[SYNC6] keeps counting while offline and resets only once the relay acknowledged everything', () => {
    const counter = createPendingChangeCounter(0, [provider]);
    counter.recordUpdate(editorOrigin);
    counter.recordUpdate(editorOrigin);
    expect(counter.observeDelivery({ ...delivered, connection: 'disconnected', handshakeDone: false })).toBe(false);
    expect(counter.observeDelivery({ ...delivered, handshakeDone: false, unsyncedChanges: 1 })).toBe(false);
    expect(counter.observeDelivery({ ...delivered, unsyncedChanges: 1 })).toBe(false);
    expect(counter.count).toBe(2);
    expect(counter.observeDelivery(delivered)).toBe(true);
    expect(counter.count).toBe(0);
  });

  it('starts from the count persisted before a reload', () => {
    const counter = createPendingChangeCounter(3, [provider]);
    counter.recordUpdate(editorOrigin);
    expect(counter.count).toBe(4);
  });

  it('reports no reset when there was nothing pending', () => {
    expect(createPendingChangeCounter(0, []).observeDelivery(delivered)).toBe(false);
  });

  it('never trusts a disconnected provider, even one that still says it synced', () => {
    expect(isDelivered({ ...delivered, connection: 'disconnected' })).toBe(false);
    expect(isDelivered({ ...delivered, connection: 'connecting' })).toBe(false);
    expect(isDelivered(delivered)).toBe(true);
  });

  it('[SYNC6] keeps edits pending while the relay has them but IndexedDB has not committed them (regression: a reload right after "Synced" lost the last keystrokes offline)', () => {
    const counter = createPendingChangeCounter(0, [provider]);
    counter.recordUpdate(editorOrigin);
    expect(counter.observeDelivery({ ...delivered, unsavedLocalWrites: 1 })).toBe(false);
    expect(counter.count).toBe(1);
    expect(counter.observeDelivery(delivered)).toBe(true);
  });
});
