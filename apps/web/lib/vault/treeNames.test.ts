import { describe, expect, it } from 'vitest';
import { firstFreePath, folderForNewItems, planRename } from './treeNames';

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
