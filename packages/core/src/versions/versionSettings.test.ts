import { describe, expect, it } from 'vitest';
import { parseVersionSettings, VERSION_DEFAULTS, VERSION_SETTINGS_LIMITS } from './versionSettings';

describe('version settings', () => {
  it('[VC1, VC3] the defaults are 10 quiet minutes and 50 versions per note', () => {
    expect(VERSION_DEFAULTS).toEqual({ quietMs: 600_000, maxVersions: 50 });
    expect(parseVersionSettings({})).toEqual({ ok: true, settings: VERSION_DEFAULTS });
  });

  it('[VC1, VC3] a missing field takes its default and a given one is kept', () => {
    expect(parseVersionSettings({ maxVersions: 20 })).toEqual({
      ok: true,
      settings: { quietMs: 600_000, maxVersions: 20 },
    });
    expect(parseVersionSettings({ quietMs: 1_000, maxVersions: undefined })).toEqual({
      ok: true,
      settings: { quietMs: 1_000, maxVersions: 50 },
    });
  });

  it('[VC1] quietMs is accepted from 1 s to 24 h inclusive', () => {
    expect(parseVersionSettings({ quietMs: VERSION_SETTINGS_LIMITS.minQuietMs }).ok).toBe(true);
    expect(parseVersionSettings({ quietMs: VERSION_SETTINGS_LIMITS.maxQuietMs }).ok).toBe(true);
    for (const quietMs of [999, 86_400_001, 1_500.5, Number.NaN, Number.POSITIVE_INFINITY, -1]) {
      const result = parseVersionSettings({ quietMs });
      expect(result).toMatchObject({ ok: false, code: 'VERSION_SETTINGS_INVALID' });
      expect(result.ok ? '' : result.message).toMatch(/^VC1: quietMs/);
    }
  });

  it('[VC3] maxVersions is accepted from 1 to 1000 inclusive', () => {
    expect(parseVersionSettings({ maxVersions: 1 }).ok).toBe(true);
    expect(parseVersionSettings({ maxVersions: 1_000 }).ok).toBe(true);
    for (const maxVersions of [0, 1_001, 2.5, Number.NaN, -3]) {
      const result = parseVersionSettings({ maxVersions });
      expect(result).toMatchObject({ ok: false, code: 'VERSION_SETTINGS_INVALID' });
      expect(result.ok ? '' : result.message).toMatch(/^VC3: maxVersions/);
    }
  });
});
