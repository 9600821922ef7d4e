import { describe, expect, it } from 'vitest';
import { parseTabSeparated } from './tabSeparated';

describe('tab-separated text as spreadsheets copy a range', () => {
  it('[TBL4] rows end at any line break, cells at tabs; the last line break starts no row', () => {
    expect(parseTabSeparated('Item\tCost\r\nRent\t1200\r\n')).toEqual([
      ['Item', 'Cost'],
      ['Rent', '1200'],
    ]);
    expect(parseTabSeparated('a\tb\nc\td')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(parseTabSeparated('a\tb\rc\td\r')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(parseTabSeparated('')).toEqual([]);
  });

  it('[TBL4] empty cells are kept: between tabs, at a row’s ends and in empty rows', () => {
    expect(parseTabSeparated('\ta\t\n\n\t\tz\n')).toEqual([
      ['', 'a', ''],
      ['', '', ''],
      ['', '', 'z'],
    ]);
    expect(parseTabSeparated('a\t')).toEqual([['a', '']]);
  });

  it('[TBL4] a quoted cell holds tabs, line breaks and doubled quotes, as Excel writes them', () => {
    const copied = 'Name\tNote\r\n"Rent\nflat"\t"say ""hi""\tthen go"\r\n"a\r\nb"\t""\r\n';
    expect(parseTabSeparated(copied)).toEqual([
      ['Name', 'Note'],
      ['Rent\nflat', 'say "hi"\tthen go'],
      ['a\nb', ''],
    ]);
  });

  it('[TBL4] a quote that opens no quoted cell is text', () => {
    expect(parseTabSeparated('"quoted" word\t5" screen\n"open\tx')).toEqual([
      ['"quoted" word', '5" screen'],
      ['"open', 'x'],
    ]);
  });

  it('[TBL4] ragged rows are padded to the widest', () => {
    expect(parseTabSeparated('a\tb\tc\nd\n\te')).toEqual([
      ['a', 'b', 'c'],
      ['d', '', ''],
      ['', 'e', ''],
    ]);
  });
});
