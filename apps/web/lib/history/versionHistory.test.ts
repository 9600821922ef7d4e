import { fail } from '@baalda/core';
import { describe, expect, it, vi } from 'vitest';
import type { VersionApi, VersionDetail, VersionSummary } from './versionApi';
import { createVersionHistory, OFFLINE_ACTION_MESSAGE } from './versionHistory';

const docId = 'alice_note_00000000001';
const offline = fail('NETWORK_UNAVAILABLE', 'The relay could not be reached.');

/** A relay's history for one note, in memory: restores capture the current text first (VC6), as the relay does. */
function createFakeHistory() {
  let current = 'The long original text';
  let next = 1;
  const versions: VersionDetail[] = [];
  const capture = (reason: string): VersionSummary => {
    const version = { id: `v${next++}`, reason, capturedAt: Date.UTC(2026, 2, 12, 14, next), length: 0, text: current };
    versions.unshift(version);
    return version;
  };
  // Whether the relay can be reached; tests flip it.
  const link = { online: true };
  return {
    link,
    versions,
    capture,
    setText: (text: string) => {
      current = text;
    },
    currentText: () => current,
    api: {
      listVersions: vi.fn<VersionApi['listVersions']>(async () =>
        link.online ? { ok: true, versions: versions.map(({ text: _text, ...summary }) => summary) } : offline,
      ),
      readVersion: vi.fn<VersionApi['readVersion']>(async (_docId, versionId) => {
        const version = versions.find((candidate) => candidate.id === versionId);
        return version ? { ok: true, version } : fail('VERSION_NOT_FOUND', 'No version has that id.');
      }),
      saveVersion: vi.fn<VersionApi['saveVersion']>(async () =>
        versions[0]?.text === current ? { ok: true, saved: null } : { ok: true, saved: capture('manual') },
      ),
      restoreVersion: vi.fn<VersionApi['restoreVersion']>(async (_docId, versionId) => {
        if (!link.online) return offline;
        const version = versions.find((candidate) => candidate.id === versionId);
        if (!version) return fail('VERSION_NOT_FOUND', 'No version has that id.');
        const captured = versions[0]?.text === current ? null : capture('before-restore').id;
        current = version.text;
        return { ok: true, captured };
      }),
    } satisfies VersionApi,
  };
}

describe('a note’s history in the panel', () => {
  it('[VC2, VC6] restoring the version before a large deletion refreshes the list with the before-restore version', async () => {
    const relay = createFakeHistory();
    const destructive = relay.capture('before-destructive-edit');
    relay.setText('The');
    const history = createVersionHistory(docId, relay.api);
    await history.refresh();
    expect(history.getState().list).toEqual({ status: 'ready', versions: [expect.objectContaining({ id: 'v1' })] });

    await history.select(destructive.id);
    expect(history.getState().selected).toMatchObject({ status: 'ready', version: { text: 'The long original text' } });
    await history.restore(destructive.id);
    expect(relay.currentText()).toBe('The long original text');
    const { list, notice, action } = history.getState();
    expect(action).toBeNull();
    expect(notice).toEqual({ kind: 'restored', capturedAt: destructive.capturedAt, keptCurrent: true });
    expect(list.status === 'ready' && list.versions.map((version) => version.reason)).toEqual([
      'before-restore',
      'before-destructive-edit',
    ]);
  });

  it('says history is on the server when the relay is out of reach, and reads it on the next refresh', async () => {
    const relay = createFakeHistory();
    relay.link.online = false;
    const history = createVersionHistory(docId, relay.api);
    await history.refresh();
    expect(history.getState().list).toEqual({ status: 'offline' });
    relay.link.online = true;
    await history.refresh();
    expect(history.getState().list).toEqual({ status: 'ready', versions: [] });
  });

  it('keeps a shown list when a later refresh fails, and says why once', async () => {
    const relay = createFakeHistory();
    relay.capture('quiet');
    const history = createVersionHistory(docId, relay.api);
    await history.refresh();
    relay.link.online = false;
    await history.restore('v1');
    expect(history.getState().list).toMatchObject({ status: 'ready', versions: [{ id: 'v1' }] });
    expect(history.getState().notice).toEqual({ kind: 'failed', message: OFFLINE_ACTION_MESSAGE });
  });

  it('a note the relay doesn’t have has no history, rather than an error', async () => {
    const relay = createFakeHistory();
    relay.api.listVersions.mockResolvedValueOnce(fail('NOTE_NOT_FOUND', 'No note has that id.'));
    const history = createVersionHistory(docId, relay.api);
    await history.refresh();
    expect(history.getState().list).toEqual({ status: 'unknownNote' });
  });

  it('[VC4] saving unchanged text says so instead of adding a version', async () => {
    const relay = createFakeHistory();
    const history = createVersionHistory(docId, relay.api);
    await history.saveNow();
    expect(history.getState().notice).toEqual({ kind: 'saved' });
    await history.saveNow();
    expect(history.getState().notice).toEqual({ kind: 'unchanged' });
    expect(history.getState().list).toMatchObject({ status: 'ready', versions: [{ reason: 'manual' }] });
  });

  it('shows only the newest list answer: a slow older one can’t replace it', async () => {
    const relay = createFakeHistory();
    let answerSlowly: () => void = () => {};
    relay.api.listVersions.mockImplementationOnce(
      () => new Promise((resolve) => (answerSlowly = () => resolve({ ok: true, versions: [] }))),
    );
    const history = createVersionHistory(docId, relay.api);
    const slow = history.refresh();
    relay.capture('manual');
    await history.refresh();
    answerSlowly();
    await slow;
    expect(history.getState().list).toMatchObject({ status: 'ready', versions: [{ id: 'v1' }] });
  });

  it('reads a version’s text once, and shows a missing version’s error where its text would be', async () => {
    const relay = createFakeHistory();
    relay.capture('quiet');
    const history = createVersionHistory(docId, relay.api);
    await history.select('v1');
    await history.select('v1');
    expect(relay.api.readVersion).toHaveBeenCalledTimes(1);
    await history.select('gone');
    expect(history.getState().selected).toEqual({ id: 'gone', status: 'failed', message: 'No version has that id.' });
  });

  it('stops telling the panel anything once disposed', async () => {
    const relay = createFakeHistory();
    const history = createVersionHistory(docId, relay.api);
    const listener = vi.fn();
    history.subscribe(listener);
    history.dispose();
    await history.refresh();
    expect(listener).not.toHaveBeenCalled();
  });
});
