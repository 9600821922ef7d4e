import { describe, expect, it } from 'vitest';
import { planRestore, shouldCaptureText } from './captureText';

describe('capturing text', () => {
  it('[VC4] the first version of a note is always captured, even an empty one', () => {
    expect(shouldCaptureText('draft', null)).toBe(true);
    expect(shouldCaptureText('', null)).toBe(true);
  });

  it('[VC4] a text identical to the latest version is not captured again', () => {
    expect(shouldCaptureText('draft', 'draft')).toBe(false);
    expect(shouldCaptureText('', '')).toBe(false);
  });

  it('[VC4] any difference, even whitespace, is captured', () => {
    expect(shouldCaptureText('draft ', 'draft')).toBe(true);
    expect(shouldCaptureText('draft', '')).toBe(true);
  });

  it('[VC6] a restore captures the current text first, reason before-restore', () => {
    expect(planRestore('current', 'older')).toEqual({ captureFirst: true, reason: 'before-restore' });
    expect(planRestore('current', null)).toEqual({ captureFirst: true, reason: 'before-restore' });
  });

  it('[VC6, VC4] a restore skips that capture when the current text is already the latest version', () => {
    expect(planRestore('current', 'current')).toEqual({ captureFirst: false, reason: 'before-restore' });
  });
});
