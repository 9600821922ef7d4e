'use client';

import { type KeyboardEvent, type MouseEvent, useId, useRef, useState } from 'react';
import { useCurrentVault } from '../../hooks/useCurrentVault';
import { useModalDialog } from '../../hooks/useModalDialog';
import { type SearchView, useNoteSearch } from '../../hooks/useNoteSearch';
import { MAX_QUERY_LENGTH, type SearchHit } from '../../lib/search/searchTypes';
import { SearchIcon } from './SearchIcon';
import styles from './SearchPalette.module.css';
import { optionId, SearchResults } from './SearchResults';

interface SearchPaletteProps {
  /** Opens what a hit points to: a note, or an attachment (PATH11). */
  onOpen(hit: SearchHit): void;
  onClose(): void;
}

const OFFLINE_EXPLANATION =
  'The relay is out of reach, so this browser searched every note’s title and the text of the notes opened here.';

/** The command palette: type, move with the arrows, Enter opens the note or file, Escape closes. */
export function SearchPalette({ onOpen, onClose }: SearchPaletteProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  useModalDialog(dialog);
  const listId = useId();
  const [query, setQuery] = useState('');
  const view = useNoteSearch(useCurrentVault().vault.search, query);
  const hits = view.status === 'answered' && view.ok ? view.hits : [];
  // The arrows pick by position; a new answer starts at the top again.
  const [active, setActive] = useState({ hits, index: 0 });
  const activeIndex = active.hits === hits ? Math.min(active.index, hits.length - 1) : 0;
  const activeHit = hits[activeIndex];
  const choose = (hit: SearchHit) => onOpen(hit);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const step = { ArrowDown: 1, ArrowUp: -1 }[event.key];
    if (step !== undefined) {
      event.preventDefault();
      if (hits.length > 0) setActive({ hits, index: (activeIndex + step + hits.length) % hits.length });
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (activeHit) choose(activeHit);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    }
  };
  // A click on the backdrop lands on the dialog element itself (its box holds everything inside).
  const onDialogClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) onClose();
  };

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click has its key in Escape, handled by the field.
    <dialog
      ref={dialog}
      className={styles.palette}
      aria-label="Search notes"
      data-testid="search-palette"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={onDialogClick}
    >
      <div className={styles.box}>
        <div className={styles.field}>
          <SearchIcon className={styles.icon} />
          <input
            className={styles.input}
            type="text"
            role="combobox"
            aria-label="Search notes"
            aria-expanded={hits.length > 0}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={activeHit ? optionId(listId, activeHit) : undefined}
            placeholder="Search notes…"
            maxLength={MAX_QUERY_LENGTH}
            spellCheck={false}
            autoComplete="off"
            data-testid="search-input"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={onKeyDown}
          />
        </div>
        <SearchResults
          id={listId}
          hits={hits}
          activeIndex={activeIndex}
          onHover={(index) => setActive({ hits, index })}
          onChoose={choose}
        />
        <SearchStatus view={view} />
        <footer className={styles.footer}>
          {view.status === 'answered' && view.ok && view.source === 'device' ? (
            <span className={styles.offline} data-testid="search-offline" title={OFFLINE_EXPLANATION}>
              Offline · searched on this device
            </span>
          ) : (
            <span />
          )}
          <span className={styles.keys} aria-hidden="true">
            ↑↓ to move · Enter to open · Esc to close
          </span>
        </footer>
      </div>
    </dialog>
  );
}

/** The one line under the field: a hint, "No notes match", or why search didn't answer. */
function SearchStatus({ view }: { view: SearchView }) {
  if (view.status === 'idle') return <p className={styles.hint}>Find a note or file by its name or by words in it.</p>;
  if (!view.ok) {
    return (
      <p className={styles.error} role="status" data-testid="search-error">
        Search isn’t available right now. {view.message}
      </p>
    );
  }
  if (view.hits.length > 0) return null;
  return (
    <p className={styles.hint} role="status" data-testid="search-empty">
      No notes match
    </p>
  );
}
