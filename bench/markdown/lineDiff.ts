/** One line of a line diff: in both texts (' '), only in the first ('-'), or only in the second ('+'). */
export interface DiffLine {
  readonly sign: ' ' | '-' | '+';
  readonly text: string;
}

/**
 * The lines of `before` and `after` merged along their longest common subsequence, so both texts read in
 * full and the changed lines stand out. Quadratic, which is fine for a note's few hundred lines.
 */
export function lineDiff(before: string, after: string): DiffLine[] {
  const a = before.split('\n');
  const b = after.split('\n');
  const lengths = commonLengths(a, b);
  const lines: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      lines.push({ sign: ' ', text: a[i++] as string });
      j++;
    } else if (i < a.length && (j === b.length || cell(lengths, i + 1, j) >= cell(lengths, i, j + 1))) {
      lines.push({ sign: '-', text: a[i++] as string });
    } else {
      lines.push({ sign: '+', text: b[j++] as string });
    }
  }
  return lines;
}

// lengths[i][j]: the length of the longest common subsequence of a[i..] and b[j..].
function commonLengths(a: readonly string[], b: readonly string[]): number[][] {
  const lengths = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      const row = lengths[i] as number[];
      row[j] = a[i] === b[j] ? cell(lengths, i + 1, j + 1) + 1 : Math.max(cell(lengths, i + 1, j), row[j + 1] ?? 0);
    }
  }
  return lengths;
}

function cell(lengths: readonly number[][], i: number, j: number): number {
  return lengths[i]?.[j] ?? 0;
}
