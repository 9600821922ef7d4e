import { parentFolderOf } from '@baalda/core';
import { useEffect, useRef } from 'react';
import type { SearchHit } from '../../lib/search/searchTypes';
import { FileBadge } from '../tree/FileBadge';
import styles from './SearchPalette.module.css';

interface SearchResultsProps {
  readonly id: string;
  readonly hits: readonly SearchHit[];
  readonly activeIndex: number;
  onHover(index: number): void;
  onChoose(hit: SearchHit): void;
}

/** The option id of a hit, for the combobox's aria-activedescendant. */
export function optionId(listId: string, hit: SearchHit): string {
  return `${listId}-${hit.docId}`;
}

/**
 * The hits as a listbox. Focus stays in the search field (the combobox points at the active option), so
 * options are never focused: a mouse press must not take the focus either, or the arrow keys would stop.
 */
export function SearchResults({ id, hits, activeIndex, onHover, onChoose }: SearchResultsProps) {
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    list.current?.children[activeIndex]?.scrollIntoView({ block: 'nearest' });
  }, [activeIndex]);
  return (
    <div ref={list} id={id} role="listbox" aria-label="Notes found" className={styles.list}>
      {hits.map((hit, index) => {
        const folder = parentFolderOf(hit.path);
        return (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the search field handles the keys (combobox pattern).
          <div
            key={hit.docId}
            id={optionId(id, hit)}
            role="option"
            // Reachable by script only: the keyboard moves through options from the field, not by Tab.
            tabIndex={-1}
            aria-selected={index === activeIndex}
            className={`${styles.option} ${index === activeIndex ? styles.active : ''}`}
            data-testid="search-result"
            data-doc-id={hit.docId}
            data-kind={hit.kind}
            onMouseDown={(event) => event.preventDefault()}
            onMouseMove={() => onHover(index)}
            onClick={() => onChoose(hit)}
          >
            <span className={styles.title}>
              {hit.title}
              {hit.kind === 'attachment' && <FileBadge path={hit.path} />}
            </span>
            {folder && <span className={styles.folder}>{folder}</span>}
          </div>
        );
      })}
    </div>
  );
}
