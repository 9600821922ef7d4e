import { type Failure, fail, type Result } from '../result';

/** How version capture behaves for a vault (VC1 quiet period, VC3 cap). */
export interface VersionSettings {
  /** VC1: how long a note must go without edits before its text is captured, in ms. */
  readonly quietMs: number;
  /** VC3: the most versions kept per note. */
  readonly maxVersions: number;
}

/** VC1/VC3 defaults: a version after 10 quiet minutes, at most 50 per note. */
export const VERSION_DEFAULTS: VersionSettings = { quietMs: 600_000, maxVersions: 50 };

/**
 * Bounds on {@link VersionSettings}. Below a second, every pause in typing would be a version; past a day
 * a note edited daily would never get one. The cap bounds storage per note (VC3).
 */
export const VERSION_SETTINGS_LIMITS = {
  minQuietMs: 1_000,
  maxQuietMs: 86_400_000,
  minMaxVersions: 1,
  maxMaxVersions: 1_000,
} as const;

/** Settings as given by an operator; a missing field takes its {@link VERSION_DEFAULTS} value. */
export interface VersionSettingsInput {
  readonly quietMs?: number | undefined;
  readonly maxVersions?: number | undefined;
}

/**
 * Checks version settings against {@link VERSION_SETTINGS_LIMITS}, filling in defaults.
 * @example parseVersionSettings({ maxVersions: 20 }) // { ok: true, settings: { quietMs: 600000, maxVersions: 20 } }
 */
export function parseVersionSettings(
  input: VersionSettingsInput,
): Result<{ settings: VersionSettings }, 'VERSION_SETTINGS_INVALID'> {
  const { minQuietMs, maxQuietMs, minMaxVersions, maxMaxVersions } = VERSION_SETTINGS_LIMITS;
  const quietMs = input.quietMs ?? VERSION_DEFAULTS.quietMs;
  const maxVersions = input.maxVersions ?? VERSION_DEFAULTS.maxVersions;
  if (!isIntegerWithin(quietMs, minQuietMs, maxQuietMs)) {
    return invalid(`VC1: quietMs must be a whole number of ms from ${minQuietMs} (1 s) to ${maxQuietMs} (24 h).`);
  }
  if (!isIntegerWithin(maxVersions, minMaxVersions, maxMaxVersions)) {
    return invalid(`VC3: maxVersions must be a whole number from ${minMaxVersions} to ${maxMaxVersions}.`);
  }
  return { ok: true, settings: { quietMs, maxVersions } };
}

function isIntegerWithin(value: unknown, min: number, max: number): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

function invalid(message: string): Failure<'VERSION_SETTINGS_INVALID'> {
  return fail('VERSION_SETTINGS_INVALID', message);
}
