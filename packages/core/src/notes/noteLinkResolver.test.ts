import { linkNameKey } from '@baalda/markdown';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { entryKindOf, NOTE_EXTENSION, pathKey } from '../paths/notePath';
import { createNoteLinkResolver } from './noteLinkResolver';

// Names built from the characters case folding and `.md` detection care about: ASCII and non-ASCII letters
// in both cases (ß folds to ss, K-the-Kelvin-sign to k), combining marks that NFC composes, dots and inner
// spaces (no name of a vault path starts with a space, PATH6).
const PIECES = ['a', 'B', 'ß', 'SS', 'Ü', 'u\u0308', 'K', '\u212A', 'é', 'É', '.', '.md', '.MD', '.Md', 'x y', '1'];
const arbitraryName = fc
  .array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 6 })
  .map((parts) => parts.join(''));
const arbitraryPath = fc.array(arbitraryName, { minLength: 1, maxLength: 3 }).map((names) => names.join('/'));

function withoutNoteExtension(path: string): string {
  return entryKindOf(path) === 'note' ? path.slice(0, -NOTE_EXTENSION.length) : path;
}

describe('link names against paths', () => {
  it('[LNK3] markdown’s linkNameKey keys a vault path exactly as core’s pathKey does, without `.md` (fast-check)', () => {
    fc.assert(
      fc.property(arbitraryPath, (path) => {
        expect(linkNameKey(path)).toBe(pathKey(withoutNoteExtension(path)));
      }),
    );
  });

  it('[LNK3] a name typed in another case, with `.md` or a leading slash, reads as its note', () => {
    const links = createNoteLinkResolver([{ docId: 'd-strasse', path: 'Plans/Straße.md' }]);
    expect(links.docIdOf('/plans/STRASSE.MD')).toBe('d-strasse');
  });
});
