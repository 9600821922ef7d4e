'use client';

import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { FolderPrivacyMenuItem } from '../settings/FolderPrivacyProvider';
import styles from './ItemMenu.module.css';

interface ItemMenuProps {
  /** The item's name, for the button's accessible label. */
  readonly name: string;
  /** Set on a folder's menu, which then offers the folder's privacy (ACL2). */
  readonly folderPath?: string;
  /** Set on an attachment's menu, which then offers its download. */
  readonly downloadHref?: string;
  onRename(): void;
  onTrash(): void;
}

/** The "⋯" menu of a tree row: Rename, Download (a file), Move to trash, usable with the keyboard alone. */
export function ItemMenu({ name, folderPath, downloadHref, onRename, onTrash }: ItemMenuProps) {
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return undefined;
    wrapper.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const closeOutside = (event: MouseEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', closeOutside);
    return () => document.removeEventListener('mousedown', closeOutside);
  }, [open]);

  const choose = (action: () => void) => () => {
    setOpen(false);
    action();
  };
  // The privacy dialog hands the focus back to where it was: the menu's button, not a vanished item.
  const closeToButton = () => {
    button.current?.focus();
    setOpen(false);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      setOpen(false);
      button.current?.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      moveFocus(wrapper.current, event.key === 'ArrowDown' ? 1 : -1);
    }
  };
  return (
    <div ref={wrapper} className={styles.wrapper}>
      <button
        ref={button}
        type="button"
        className={styles.trigger}
        aria-label={`Actions for “${name}”`}
        aria-haspopup="menu"
        aria-expanded={open}
        data-testid="item-menu"
        onClick={() => setOpen(!open)}
      >
        ⋯
      </button>
      {open && (
        <div role="menu" className={styles.menu} onKeyDown={onKeyDown}>
          <button
            type="button"
            role="menuitem"
            className={styles.item}
            data-testid="rename-item"
            onClick={choose(onRename)}
          >
            Rename <kbd className={styles.shortcut}>F2</kbd>
          </button>
          {downloadHref !== undefined && (
            <a
              role="menuitem"
              className={styles.item}
              href={downloadHref}
              download
              data-testid="download-item"
              onClick={() => setOpen(false)}
            >
              Download
            </a>
          )}
          <button
            type="button"
            role="menuitem"
            className={styles.item}
            data-testid="trash-item"
            onClick={choose(onTrash)}
          >
            Move to trash
          </button>
          {folderPath !== undefined && <FolderPrivacyMenuItem folderPath={folderPath} onChosen={closeToButton} />}
        </div>
      )}
    </div>
  );
}

function moveFocus(container: HTMLElement | null, step: number): void {
  const items = [...(container?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  const current = items.indexOf(document.activeElement as HTMLElement);
  items[(current + step + items.length) % items.length]?.focus();
}
