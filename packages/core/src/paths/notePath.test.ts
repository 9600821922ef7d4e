import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../limits/limits';
import {
  ancestorFoldersOf,
  entryKindOf,
  extensionOf,
  isInsideFolder,
  parentFolderOf,
  pathKey,
  refuseDotName,
  titleFromPath,
  validateAttachmentPath,
  validateEntryPath,
  validateFolderFilter,
  validateFolderPath,
  validateNotePath,
} from './notePath';

describe('paths', () => {
  it('[PATH*] accepts ordinary note paths and returns them in NFC', () => {
    expect(validateNotePath('Policies/Refunds.md')).toEqual({ ok: true, path: 'Policies/Refunds.md' });
    expect(validateNotePath('Cafe\u0301.md')).toEqual({ ok: true, path: 'Café.md' });
    expect(validateNotePath('日本語/メモ.md').ok).toBe(true);
  });

  it.each([
    ['', 'PATH1'],
    ['/Ideas.md', 'PATH1'],
    ['Ideas/', 'PATH1'],
    ['a//b.md', 'PATH1'],
    ['./a.md', 'PATH2'],
    ['a/../b.md', 'PATH2'],
    ['tab\there.md', 'PATH3'],
    ['bell\u0007.md', 'PATH3'],
    ['c1\u0085.md', 'PATH3'],
    ['back\\slash.md', 'PATH4'],
    ['what?.md', 'PATH5'],
    ['a:b.md', 'PATH5'],
    ['CON.md', 'PATH5'],
    ['lpt1/x.md', 'PATH5'],
    ['Trailing./x.md', 'PATH6'],
    ['Trailing /x.md', 'PATH6'],
    [' Leading.md', 'PATH6'],
    // LIM6: the path limits are PATH7's.
    [`${'a'.repeat(256)}.md`, 'PATH7'],
    [`${'é'.repeat(127)}.md`, 'PATH7'],
    [
      Array.from({ length: 200 }, () => 'folder')
        .join('/')
        .concat('/x.md'),
      'PATH7',
    ],
    ['notes.txt', 'PATH8'],
    ['Sub/md', 'PATH8'],
    ['.md', 'PATH12'],
    ['.obsidian/plugins/x.md', 'PATH12'],
    ['Sub/.git/config.md', 'PATH12'],
    ['.hidden.md', 'PATH12'],
    ['Bad\ud800.md', 'PATH13'],
    ['\udc00/x.md', 'PATH13'],
    ['invoice\u202Efdp.exe.md', 'PATH14'],
    ['H\u200bR/x.md', 'PATH14'],
    ['\ufeffHR/x.md', 'PATH14'],
    ['Pay\u00adroll.md', 'PATH14'],
    ['a\u2028b.md', 'PATH14'],
    ['\u041dR/x.md', 'PATH15'],
    ['p\u0430id.md', 'PATH15'],
  ])('[%s] is refused and the error names %s', (path, rule) => {
    const result = validateNotePath(path);
    expect(result).toMatchObject({ ok: false, code: 'PATH_INVALID', rule });
    if (!result.ok) expect(result.message.startsWith(`${rule}: `)).toBe(true);
  });

  it('[PATH12] every name along a path is checked for a leading dot; "." and ".." stay PATH2', () => {
    expect(refuseDotName('Sub/.git/config')).toMatchObject({ ok: false, code: 'PATH_INVALID', rule: 'PATH12' });
    expect(refuseDotName('Notes/a.b/c.md')).toBeNull();
    expect(refuseDotName('../x.md')).toBeNull();
    expect(validateAttachmentPath('.git/config')).toMatchObject({ ok: false, rule: 'PATH12' });
    expect(validateFolderPath('Projects/.github')).toMatchObject({ ok: false, rule: 'PATH12' });
    expect(validateNotePath('v1.2 notes.md').ok).toBe(true);
  });

  it('[PATH12, PATH14, PATH15] a folder that only narrows a read may be one stored before those rules', () => {
    for (const folder of ['.obsidian', 'H\u200bR', '\u041dR']) {
      expect(validateFolderPath(folder).ok).toBe(false);
      expect(validateFolderFilter(folder)).toEqual({ ok: true, path: folder });
    }
    expect(validateFolderFilter('Bad\ud800')).toMatchObject({ ok: false, rule: 'PATH13' });
    expect(validateFolderFilter('a/../b')).toMatchObject({ ok: false, rule: 'PATH2' });
  });

  it('[PATH13] the refusal of a lone surrogate never quotes it (the message must be storable)', () => {
    const result = validateNotePath('Bad\ud800.md');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(/\p{Cs}/u.test(result.message)).toBe(false);
  });

  it('[PATH7] a name of exactly 255 UTF-8 bytes is allowed', () => {
    expect(validateFolderPath(`${'é'.repeat(127)}a`).ok).toBe(true);
    expect(validateFolderPath('x'.repeat(LIMITS.maxPathSegmentBytes)).ok).toBe(true);
  });

  it('[PATH9] keys ignore case and Unicode composition, as a case-insensitive disk would', () => {
    expect(pathKey('Ideas.md')).toBe(pathKey('IDEAS.MD'));
    expect(pathKey('Café.md')).toBe(pathKey('CAFE\u0301.md'));
    expect(pathKey('Straße.md')).toBe(pathKey('STRASSE.md'));
    expect(pathKey('Ideas.md')).not.toBe(pathKey('Idea.md'));
  });

  it('[PATH9] pathKey is idempotent and equal keys have equal numbers of folders', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (path) => {
        const key = pathKey(path);
        expect(pathKey(key)).toBe(key);
        expect(key.split('/').length).toBe(path.split('/').length);
      }),
    );
  });

  it('[TTL1] a note title is its file name without .md', () => {
    expect(titleFromPath('Policies/Refunds.md')).toBe('Refunds');
    expect(titleFromPath('Ideas (conflict 2026-11-30).md')).toBe('Ideas (conflict 2026-11-30)');
  });

  it('folder helpers agree with each other', () => {
    expect(parentFolderOf('a/b/c.md')).toBe('a/b');
    expect(parentFolderOf('c.md')).toBe('');
    expect(ancestorFoldersOf('a/b/c.md')).toEqual(['a', 'a/b']);
    expect(isInsideFolder('A/b/c.md', 'a')).toBe(true);
    expect(isInsideFolder('ab/c.md', 'a')).toBe(false);
  });
});

describe('attachment paths', () => {
  it('[PATH11] the kind is read from the name: .md is a note, anything else an attachment', () => {
    expect(entryKindOf('A/Plan.MD')).toBe('note');
    expect(entryKindOf('A/Plan.md.pdf')).toBe('attachment');
    expect(entryKindOf('LICENSE')).toBe('attachment');
    expect(validateAttachmentPath('Reports/Q3.pdf')).toEqual({ ok: true, path: 'Reports/Q3.pdf' });
    expect(validateAttachmentPath('Reports/Q3.md')).toMatchObject({ ok: false, rule: 'PATH11' });
    expect(validateAttachmentPath('Reports/bad:name.pdf')).toMatchObject({ ok: false, rule: 'PATH5' });
    expect(validateEntryPath('Q3.pdf', 'note')).toMatchObject({ ok: false, rule: 'PATH8' });
  });

  it('[PATH11] an extension is the last dot’s part; a leading dot is part of the name', () => {
    expect(extensionOf('a/b.tar.gz')).toBe('.gz');
    expect(extensionOf('.env')).toBe('');
    expect(extensionOf('README')).toBe('');
  });
});
