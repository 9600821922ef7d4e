import { describe, expect, it } from 'vitest';
import { isVersionReason, VERSION_REASONS } from './versionReasons';

describe('version reasons', () => {
  it('[VC5] the reasons are quiet, before-destructive-edit, before-restore, manual and draft-revision', () => {
    expect(VERSION_REASONS).toEqual(['quiet', 'before-destructive-edit', 'before-restore', 'manual', 'draft-revision']);
    for (const reason of VERSION_REASONS) expect(isVersionReason(reason)).toBe(true);
  });

  it('[VC5] anything else is not a reason', () => {
    for (const value of ['Quiet', 'restore', '', null, undefined, 0, ['quiet'], { reason: 'quiet' }]) {
      expect(isVersionReason(value)).toBe(false);
    }
  });
});
