import { useEffect, useRef } from 'react';
import styles from './SlashMenu.module.css';
import type { SlashItem } from './slashItem';

export interface SlashMenuListProps {
  readonly id: string;
  readonly items: readonly SlashItem[];
  readonly activeIndex: number;
  onHover(index: number): void;
  onChoose(item: SlashItem): void;
}

/** The id of an item's option, for the editor's aria-activedescendant. */
export function slashOptionId(listId: string, item: SlashItem): string {
  return `${listId}-${item.id}`;
}

/**
 * The slash menu's items as a listbox. The caret stays in the note (the editor points at the active option with
 * aria-activedescendant), so options never take the focus, a mouse press included.
 */
export function SlashMenuList({ id, items, activeIndex, onHover, onChoose }: SlashMenuListProps) {
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    list.current?.children[activeIndex]?.scrollIntoView({ block: 'nearest' });
  }, [activeIndex]);
  if (items.length === 0) return null;
  return (
    <div ref={list} id={id} role="listbox" aria-label="Insert block" className={styles.menu} data-testid="slash-menu">
      {items.map((item, index) => (
        // biome-ignore lint/a11y/useKeyWithClickEvents: the editor handles the keys (it owns the focus).
        <div
          key={item.id}
          id={slashOptionId(id, item)}
          role="option"
          tabIndex={-1}
          aria-selected={index === activeIndex}
          className={`${styles.option} ${index === activeIndex ? styles.active : ''}`}
          data-item={item.id}
          onMouseDown={(event) => event.preventDefault()}
          onMouseMove={() => onHover(index)}
          onClick={() => onChoose(item)}
        >
          <span className={styles.title}>{item.title}</span>
          {item.hint && (
            <span className={styles.hint} aria-hidden="true">
              {item.hint}
            </span>
          )}
        </div>
      ))}
    </div>
  );
}
