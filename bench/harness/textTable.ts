// The one table printer of the benches: Markdown, each column padded to its widest cell.

/** The table as lines of Markdown. */
export function tableLines(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (row: readonly string[]) =>
    `| ${widths.map((width, column) => (row[column] ?? '').padEnd(width)).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)];
}

/** Prints the table, then a blank line. */
export function printTable(header: readonly string[], rows: readonly (readonly string[])[]): void {
  console.log(`${tableLines(header, rows).join('\n')}\n`);
}
