import { describe, expect, it } from 'vitest';
import { firstFreePath, folderForNewItems, planRename, renameFieldOf } from './treeNames';

describe('names in the tree', () => {
  it('picks Untitled, then Untitled 2, 3… in the folder, by key', () => {
    expect(firstFreePath('', 'Untitled', '.md', new Set())).toBe('Untitled.md');
    expect(firstFreePath('Work', 'Untitled', '.md', new Set(['work/untitled.md', 'work/untitled 2.md']))).toBe(
      'Work/Untitled 3.md',
    );
    expect(firstFreePath('', 'New folder', '', new Set(['new folder']))).toBe('New folder 2');
  });

  it('renames a note within its folder, with or without ".md" typed', () => {
    expect(planRename('note', 'Work/Untitled.md', ' Ideas ')).toEqual({ kind: 'move', path: 'Work/Ideas.md' });
    expect(planRename('note', 'Work/Untitled.md', 'Ideas.md')).toEqual({ kind: 'move', path: 'Work/Ideas.md' });
    expect(planRename('note', 'Work/Ideas.md', 'Ideas')).toEqual({ kind: 'unchanged' });
    expect(planRename('note', 'Work/Ideas.md', '')).toEqual({ kind: 'unchanged' });
    expect(planRename('folder', 'Work/Old', 'New')).toEqual({ kind: 'move', path: 'Work/New' });
  });

  it('[PATH2, PATH5] refuses names core refuses, with the rule in the message', () => {
    expect(planRename('note', 'Untitled.md', 'a/../b')).toMatchObject({ kind: 'invalid', failure: { rule: 'PATH2' } });
    expect(planRename('note', 'Untitled.md', 'bad:name')).toMatchObject({
      kind: 'invalid',
      failure: { rule: 'PATH5', message: expect.stringMatching(/^PATH5: /) },
    });
  });

  it('puts new items in the picked folder while it exists, else next to the open note, else at the root', () => {
    expect(folderForNewItems('Work', ['Work'], 'Home/Plan.md')).toBe('Work');
    expect(folderForNewItems('', ['Work'], 'Home/Plan.md')).toBe('');
    expect(folderForNewItems('Gone', ['Work'], 'Home/Plan.md')).toBe('Home');
    expect(folderForNewItems(null, [], null)).toBe('');
  });
});

describe('renaming attachments', () => {
  it('[PATH11] takes an attachment’s name as typed: any extension, or none, but never .md', () => {
    expect(planRename('note', 'Work/Scan.pdf', 'Invoice.pdf')).toEqual({ kind: 'move', path: 'Work/Invoice.pdf' });
    expect(planRename('note', 'Work/Scan.pdf', 'Scan.PDF')).toEqual({ kind: 'move', path: 'Work/Scan.PDF' });
    expect(planRename('note', 'Work/Scan.pdf', 'Scan')).toEqual({ kind: 'move', path: 'Work/Scan' });
    expect(planRename('note', 'Work/Scan.pdf', 'Scan.pdf')).toEqual({ kind: 'unchanged' });
    expect(planRename('note', 'Work/Scan.pdf', 'Scan.md')).toMatchObject({
      kind: 'invalid',
      failure: { rule: 'PATH11', message: expect.stringMatching(/^PATH11: /) },
    });
  });

  it('[PATH8] a note still keeps its .md, whatever extension is typed', () => {
    expect(planRename('note', 'Plan.md', 'Plan.pdf')).toEqual({ kind: 'move', path: 'Plan.pdf.md' });
  });

  it('starts the field with a note’s title, or an attachment’s whole name with only the part before the extension selected', () => {
    expect(renameFieldOf('Work/Plan.md')).toEqual({ text: 'Plan', selectionEnd: 4 });
    expect(renameFieldOf('Work/Scan 2.pdf')).toEqual({ text: 'Scan 2.pdf', selectionEnd: 6 });
    expect(renameFieldOf('archive.tar.gz')).toEqual({ text: 'archive.tar.gz', selectionEnd: 11 });
    expect(renameFieldOf('.env')).toEqual({ text: '.env', selectionEnd: 4 });
  });
});
