/**
 * Reads a data table written one row per line, cells separated by ` | ` (the corpus's hand-written data
 * stays one line per row instead of one line per field). Empty cells are ''.
 */
export function readTable(text: string): string[][] {
  return text
    .trim()
    .split('\n')
    .map((line) => line.split(' | ').map((cell) => cell.trim()));
}
