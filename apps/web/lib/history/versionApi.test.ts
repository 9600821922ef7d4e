import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createRelayVersionApi,
  readRestoreAnswer,
  readSaveAnswer,
  readVersionDetail,
  readVersionList,
} from './versionApi';

const docId = 'alice_note_00000000001';
const capturedAt = '2026-03-12T14:03:22.000Z';
const quiet = { id: 'v2', reason: 'quiet', capturedAt, length: 42 };
const answered = (answer: unknown) => ({ ok: true as const, answer });

describe('reading the relay’s history answers', () => {
  it('[VC5] reads a version list newest first, skipping an entry it can’t read instead of showing it broken', () => {
    const list = readVersionList(
      answered({
        versions: [
          quiet,
          { id: 'v1', reason: 'manual', capturedAt: 'yesterday', length: 3 },
          { id: 'v0', reason: 'manual', capturedAt, length: -1 },
          { id: 'v-1', reason: 'some-new-reason', capturedAt, length: 0 },
        ],
      }),
    );
    expect(list).toEqual({
      ok: true,
      versions: [
        { id: 'v2', reason: 'quiet', capturedAt: Date.parse(capturedAt), length: 42 },
        { id: 'v-1', reason: 'some-new-reason', capturedAt: Date.parse(capturedAt), length: 0 },
      ],
    });
  });

  it('says clearly when a body has the wrong shape', () => {
    for (const body of [undefined, {}, { versions: 'none' }]) {
      expect(readVersionList(answered(body))).toEqual({
        ok: false,
        code: 'RESPONSE_INVALID',
        message: 'The server sent a version list this app could not read.',
      });
    }
    expect(readVersionDetail(answered({ version: quiet }))).toMatchObject({ ok: false, code: 'RESPONSE_INVALID' });
    expect(readRestoreAnswer(answered({ captured: 'v9' }))).toMatchObject({ ok: false, code: 'RESPONSE_INVALID' });
    expect(readSaveAnswer(answered({ version: null }))).toMatchObject({ ok: false, code: 'RESPONSE_INVALID' });
  });

  it('reads a version with its whole text', () => {
    expect(readVersionDetail(answered({ version: { ...quiet, text: 'Milk\nEggs' } }))).toEqual({
      ok: true,
      version: { id: 'v2', reason: 'quiet', capturedAt: Date.parse(capturedAt), length: 42, text: 'Milk\nEggs' },
    });
  });

  it('[VC4] a manual save of unchanged text is an answer, not an error', () => {
    expect(readSaveAnswer(answered({ version: null, unchanged: true }))).toEqual({ ok: true, saved: null });
    expect(readSaveAnswer(answered({ version: { ...quiet, reason: 'manual' } }))).toMatchObject({
      ok: true,
      saved: { id: 'v2', reason: 'manual' },
    });
  });

  it('[VC6] a restore says which version kept the replaced text, or that none was needed', () => {
    expect(readRestoreAnswer(answered({ restored: 'v2', captured: 'v3' }))).toEqual({ ok: true, captured: 'v3' });
    expect(readRestoreAnswer(answered({ restored: 'v2', captured: null }))).toEqual({ ok: true, captured: null });
  });

  it('passes the relay’s failures through unchanged', () => {
    const failure = { ok: false as const, code: 'NOTE_NOT_FOUND', message: 'No note has that id.' };
    expect(readVersionList(failure)).toBe(failure);
    expect(readRestoreAnswer(failure)).toBe(failure);
  });
});

describe('the history API over fetch', () => {
  afterEach(() => vi.unstubAllGlobals());
  const relayVersionApi = createRelayVersionApi('default');

  function stubFetch(status: number, body: unknown) {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status }));
    vi.stubGlobal('fetch', fetch);
    return fetch;
  }

  it('asks for a note’s versions at its URL, never from a cache', async () => {
    const fetch = stubFetch(200, { versions: [quiet] });
    const list = await relayVersionApi.listVersions(docId);
    expect(list).toMatchObject({ ok: true, versions: [{ id: 'v2' }] });
    expect(fetch.mock.calls[0]?.[0]).toBe(`/api/vaults/default/notes/${docId}/versions`);
    expect(fetch.mock.calls[0]?.[1]).toMatchObject({ method: 'GET', cache: 'no-store' });
  });

  it('asks the vault it was made for', async () => {
    const fetch = stubFetch(200, { versions: [] });
    await createRelayVersionApi('team-notes').listVersions(docId);
    expect(fetch.mock.calls[0]?.[0]).toBe(`/api/vaults/team-notes/notes/${docId}/versions`);
  });

  it('[VC6] restores with a JSON POST to the version’s restore URL, its id escaped', async () => {
    const fetch = stubFetch(200, { restored: 'v/2', captured: null });
    expect(await relayVersionApi.restoreVersion(docId, 'v/2')).toEqual({ ok: true, captured: null });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe(`/api/vaults/default/notes/${docId}/versions/v%2F2/restore`);
    expect(init).toMatchObject({ method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
  });

  it('reads the relay’s error body, and an unreachable relay as NETWORK_UNAVAILABLE', async () => {
    stubFetch(404, { error: { code: 'VERSION_NOT_FOUND', message: 'No version has that id.' } });
    expect(await relayVersionApi.readVersion(docId, 'gone')).toEqual({
      ok: false,
      code: 'VERSION_NOT_FOUND',
      message: 'No version has that id.',
    });
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await relayVersionApi.saveVersion(docId)).toMatchObject({ ok: false, code: 'NETWORK_UNAVAILABLE' });
  });
});
