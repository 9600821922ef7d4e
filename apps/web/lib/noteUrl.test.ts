import { describe, expect, it } from 'vitest';
import { noteHref, readNoteParam, readVaultParam } from './noteUrl';

describe('app URLs', () => {
  it('name the vault beside the note, and read both back', () => {
    const href = noteHref('V1StGXR8_Z5jdHi6B-myT', 'team');
    expect(href).toBe('/?vault=team&note=V1StGXR8_Z5jdHi6B-myT');
    const search = href.slice(1);
    expect(readVaultParam(search)).toBe('team');
    expect(readNoteParam(search)).toBe('V1StGXR8_Z5jdHi6B-myT');
  });

  it('keep the pre-vault form for a note alone, and the root for nothing', () => {
    expect(noteHref('V1StGXR8_Z5jdHi6B-myT')).toBe('/?note=V1StGXR8_Z5jdHi6B-myT');
    expect(noteHref(null)).toBe('/');
    expect(noteHref(null, 'default')).toBe('/?vault=default');
    expect(readVaultParam('?vault=')).toBeNull();
  });
});
