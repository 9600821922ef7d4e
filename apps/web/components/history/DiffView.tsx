'use client';

import { diffLines } from '@baalda/markdown';
import { useMemo, useState } from 'react';
import { type DiffRow, describeFold, hasChanges, toDiffRows } from '../../lib/history/diffRows';
import styles from './DiffView.module.css';
import panelStyles from './HistoryPanel.module.css';

// `del` and `ins` tell assistive technology what a block is; the hidden words say it where they don't.
const BLOCKS = {
  same: { Element: 'div', marker: ' ', spoken: '', className: styles.same },
  removed: { Element: 'del', marker: '−', spoken: 'Removed since this version:', className: styles.removed },
  added: { Element: 'ins', marker: '+', spoken: 'Added since this version:', className: styles.added },
} as const;

/**
 * What changed from a version (`before`) to the note as it is now (`after`), line by line (VD1). Each line
 * carries a − or + as well as its colour, and each block says what it is to a screen reader.
 */
export function DiffView({ before, after }: { before: string; after: string }) {
  const hunks = useMemo(() => diffLines(before, after), [before, after]);
  const rows = useMemo(() => toDiffRows(hunks), [hunks]);
  const [unfolded, setUnfolded] = useState<ReadonlySet<string>>(new Set());
  return (
    <section className={styles.diff} data-testid="history-diff" aria-label="Changes since this version">
      {hasChanges(hunks) ? (
        <p className={styles.legend}>
          Since this version: <span className={styles.legendRemoved}>− removed</span> ·{' '}
          <span className={styles.legendAdded}>+ added</span>
        </p>
      ) : (
        <p className={styles.legend} data-testid="history-no-changes">
          This version matches the note as it is now.
        </p>
      )}
      {rows.map((row, index) =>
        row.kind === 'folded' && !unfolded.has(row.key) ? (
          <button
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional; a fold's key is its position too.
            key={index}
            type="button"
            className={styles.fold}
            aria-label={`Show ${describeFold(row.lines.length)}`}
            onClick={() => setUnfolded(new Set([...unfolded, row.key]))}
          >
            <span aria-hidden="true">⋯ </span>
            {describeFold(row.lines.length)}
          </button>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional and re-derived from the texts.
          <DiffBlock key={index} row={row} />
        ),
      )}
    </section>
  );
}

function DiffBlock({ row }: { row: DiffRow }) {
  const block = BLOCKS[row.kind === 'folded' ? 'same' : row.kind];
  const { Element } = block;
  return (
    <Element className={block.className}>
      {block.spoken && <span className={panelStyles.visuallyHidden}>{block.spoken}</span>}
      {row.lines.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the same line can repeat; its position is its identity.
        <div key={index} className={styles.line}>
          <span className={styles.marker} aria-hidden="true">
            {block.marker}
          </span>
          {/* An empty line still takes a line's height, so blank lines read as blank lines. */}
          <span className={styles.lineText}>{line === '' ? '\u00a0' : line}</span>
        </div>
      ))}
    </Element>
  );
}
