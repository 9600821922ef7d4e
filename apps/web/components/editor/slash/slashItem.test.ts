import { describe, expect, it } from 'vitest';
import { blockSlashItems } from './blockSlashItems';
import { matchSlashItems } from './slashItem';

const idsFor = (typed: string) => matchSlashItems(blockSlashItems, typed).map((item) => item.id);

describe('matching what follows the slash', () => {
  it('[MENU1] an empty query offers every block, in the menu’s order', () => {
    expect(idsFor('')).toEqual(blockSlashItems.map((item) => item.id));
    expect(idsFor('')).toEqual([
      'heading1',
      'heading2',
      'heading3',
      'bulletList',
      'orderedList',
      'taskList',
      'table',
      'codeBlock',
      'blockquote',
      'callout',
      'horizontalRule',
    ]);
  });

  it('[MENU1] the start of a title finds its block, whatever the case', () => {
    expect(idsFor('tab')).toEqual(['table']);
    expect(idsFor('task')).toEqual(['taskList']);
    expect(idsFor('CODE')).toEqual(['codeBlock']);
    expect(idsFor('callout')).toEqual(['callout']);
    expect(idsFor('div')).toEqual(['horizontalRule']);
    expect(idsFor('quo')).toEqual(['blockquote']);
  });

  it('[MENU1] a title’s start ranks before a later word, a keyword and a match inside the title', () => {
    // "Task list" and "Table" both start with "ta": the menu's order breaks the tie.
    expect(idsFor('ta')).toEqual(['taskList', 'table']);
    // "list" is a later word of three titles, and a keyword of none that starts with it.
    expect(idsFor('list')).toEqual(['bulletList', 'orderedList', 'taskList']);
    // "Heading 2" by its second word; nothing else has a word starting with "2".
    expect(idsFor('2')).toEqual(['heading2']);
    // Keywords: what Markdown and other editors call the block.
    expect(idsFor('h3')).toEqual(['heading3']);
    expect(idsFor('todo')).toEqual(['taskList']);
    expect(idsFor('hr')).toEqual(['horizontalRule']);
    // Obsidian calls a plain callout a "note".
    expect(idsFor('no')).toEqual(['callout']);
    // Anywhere inside a title, its spaces left out: "Code block".
    expect(idsFor('ebl')).toEqual(['codeBlock']);
    expect(idsFor('ading')).toEqual(['heading1', 'heading2', 'heading3']);
  });

  it('[MENU1] text that matches no block offers nothing', () => {
    expect(idsFor('usr')).toEqual([]);
    expect(idsFor('tablex')).toEqual([]);
  });
});
