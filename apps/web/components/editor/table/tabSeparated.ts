/**
 * The cells of tab-separated text, as spreadsheets put a copied range on the clipboard's `text/plain`
 * (Excel, Google Sheets, LibreOffice, Numbers): rows end at a line break (`\r\n`, `\n` or `\r`), cells at a
 * tab. A cell holding a tab, a line break or a quote is quoted, its quotes doubled (`"a ""b""\tc"`), as Excel
 * writes it; a quote that doesn't open such a cell is text. The line break that ends the last row doesn't
 * start another, and short rows are padded with empty cells, so every row has the widest one's cells.
 *
 * @example parseTabSeparated('Item\tCost\r\n"Rent\nflat"\t1200\r\n') // [['Item', 'Cost'], ['Rent\nflat', '1200']]
 */
export function parseTabSeparated(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let index = 0;
  while (index < text.length) {
    const { value, end } = readCell(text, index);
    row.push(value);
    const lineBreak = lineBreakAt(text, end);
    const isTab = end < text.length && lineBreak === 0;
    // After a tab another cell follows, an empty one when the tab ends the text.
    if (isTab && end + 1 === text.length) row.push('');
    if (!isTab || end + 1 === text.length) {
      rows.push(row);
      row = [];
    }
    index = end + (isTab ? 1 : lineBreak);
  }
  return paddedRows(rows);
}

/** A cell starting at `start`: a quoted one when it is closed before a tab, a line break or the end. */
function readCell(text: string, start: number): { value: string; end: number } {
  if (text[start] === '"') {
    const quoted = readQuotedCell(text, start);
    if (quoted) return quoted;
  }
  let end = start;
  while (end < text.length && text[end] !== '\t' && lineBreakAt(text, end) === 0) end += 1;
  return { value: text.slice(start, end), end };
}

function readQuotedCell(text: string, start: number): { value: string; end: number } | null {
  let value = '';
  let index = start + 1;
  while (index < text.length) {
    const char = text[index] as string;
    if (char !== '"') {
      value += char;
      index += 1;
    } else if (text[index + 1] === '"') {
      value += '"';
      index += 2;
    } else {
      const end = index + 1;
      const closesCell = end === text.length || text[end] === '\t' || lineBreakAt(text, end) > 0;
      // Line breaks inside a cell are written `\n` by Excel but `\r\n` by some; the cell keeps one kind.
      return closesCell ? { value: value.replace(/\r\n?/g, '\n'), end } : null;
    }
  }
  return null;
}

/** The length of the line break at `index` (0 when there is none). */
function lineBreakAt(text: string, index: number): number {
  if (text[index] === '\r') return text[index + 1] === '\n' ? 2 : 1;
  return text[index] === '\n' ? 1 : 0;
}

function paddedRows(rows: string[][]): string[][] {
  const width = Math.max(0, ...rows.map((row) => row.length));
  return rows.map((row) => [...row, ...Array.from({ length: width - row.length }, () => '')]);
}
