/** One run of consecutive lines of one kind; `text` is the lines joined with '\n' (VD1). */
export interface DiffHunk {
  readonly kind: 'same' | 'added' | 'removed';
  readonly text: string;
}

/** Bounds on {@link diffLines}' work, past which it shows the differing lines as one removed + added pair. */
export interface DiffLimits {
  /** Lines of both texts together, after common first and last lines are set aside. */
  readonly maxLines: number;
  /** Lines removed plus lines added (Myers' D). */
  readonly maxEdits: number;
}

/** VD1: the default bounds. Work is O((N+M)·D) time and O(D²) memory, so at most ~20 M steps and ~1 M cells. */
export const DIFF_LIMITS: DiffLimits = { maxLines: 20_000, maxEdits: 1_000 };

type LineEdit = { readonly kind: DiffHunk['kind']; readonly line: string };

/**
 * VD1: a line diff for people to read, by Myers' O((N+M)·D) algorithm. Joining the texts of the `same` and
 * `added` hunks with '\n' gives `after`; `same` and `removed` give `before`. Within a change, removed lines
 * come before added ones. Past `limits`, the differing lines become one removed and one added hunk.
 * @example diffLines('a\nb', 'a\nc') // [{ kind: 'same', text: 'a' }, { kind: 'removed', text: 'b' }, { kind: 'added', text: 'c' }]
 */
export function diffLines(before: string, after: string, limits: DiffLimits = DIFF_LIMITS): DiffHunk[] {
  const a = splitLines(before);
  const b = splitLines(after);
  const shorter = Math.min(a.length, b.length);
  let prefix = 0;
  while (prefix < shorter && a[prefix] === b[prefix]) prefix++;
  let suffix = 0;
  while (suffix < shorter - prefix && a[a.length - 1 - suffix] === b[b.length - 1 - suffix]) suffix++;
  const middleA = a.slice(prefix, a.length - suffix);
  const middleB = b.slice(prefix, b.length - suffix);
  const middle =
    middleA.length + middleB.length > limits.maxLines ? null : myersEdits(middleA, middleB, limits.maxEdits);
  const edits: LineEdit[] = [
    ...a.slice(0, prefix).map((line) => same(line)),
    ...(middle ?? wholesale(middleA, middleB)),
    ...a.slice(a.length - suffix).map((line) => same(line)),
  ];
  return toHunks(edits);
}

// An empty text has no lines, so the diff of two empty texts is empty rather than one blank 'same' line.
function splitLines(text: string): string[] {
  return text === '' ? [] : text.split('\n');
}

function same(line: string): LineEdit {
  return { kind: 'same', line };
}

function wholesale(a: readonly string[], b: readonly string[]): LineEdit[] {
  return [
    ...a.map((line): LineEdit => ({ kind: 'removed', line })),
    ...b.map((line): LineEdit => ({ kind: 'added', line })),
  ];
}

/**
 * Myers' greedy forward pass. `trace[d]` keeps the furthest x on diagonals -d-1 … d+1 before step d
 * (index k + d + 1), which is all the backtrack reads: O(D²) memory instead of O((N+M)·D).
 * Returns null when more than `maxEdits` lines differ.
 */
function myersEdits(a: readonly string[], b: readonly string[], maxEdits: number): LineEdit[] | null {
  const n = a.length;
  const m = b.length;
  const offset = n + m + 1;
  const v = new Int32Array(2 * offset + 1);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= Math.min(n + m, maxEdits); d++) {
    trace.push(v.slice(offset - d - 1, offset + d + 2));
    for (let k = -d; k <= d; k += 2) {
      const down = k === -d || (k !== d && (v[offset + k - 1] ?? 0) < (v[offset + k + 1] ?? 0));
      let x = down ? (v[offset + k + 1] ?? 0) : (v[offset + k - 1] ?? 0) + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) return backtrack(a, b, trace);
    }
  }
  return null;
}

function backtrack(a: readonly string[], b: readonly string[], trace: readonly Int32Array[]): LineEdit[] {
  const reversed: LineEdit[] = [];
  let x = a.length;
  let y = b.length;
  for (let d = trace.length - 1; d >= 0; d--) {
    const v = trace[d] as Int32Array;
    const at = (k: number): number => v[k + d + 1] ?? 0;
    const k = x - y;
    const previousK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
    const previousX = at(previousK);
    const previousY = previousX - previousK;
    for (; x > previousX && y > previousY; x--, y--) reversed.push(same(a[x - 1] as string));
    if (d > 0 && x === previousX) reversed.push({ kind: 'added', line: b[y - 1] as string });
    else if (d > 0) reversed.push({ kind: 'removed', line: a[x - 1] as string });
    x = previousX;
    y = previousY;
  }
  return reversed.reverse();
}

// Merges runs into hunks; within a run of changes, all removed lines come first, then all added ones.
function toHunks(edits: readonly LineEdit[]): DiffHunk[] {
  const hunks: DiffHunk[] = [];
  let removed: string[] = [];
  let added: string[] = [];
  let unchanged: string[] = [];
  const flushChanges = (): void => {
    if (removed.length > 0) hunks.push({ kind: 'removed', text: removed.join('\n') });
    if (added.length > 0) hunks.push({ kind: 'added', text: added.join('\n') });
    removed = [];
    added = [];
  };
  const flushSame = (): void => {
    if (unchanged.length > 0) hunks.push({ kind: 'same', text: unchanged.join('\n') });
    unchanged = [];
  };
  for (const edit of edits) {
    if (edit.kind === 'same') {
      flushChanges();
      unchanged.push(edit.line);
    } else {
      flushSame();
      (edit.kind === 'removed' ? removed : added).push(edit.line);
    }
  }
  flushChanges();
  flushSame();
  return hunks;
}
