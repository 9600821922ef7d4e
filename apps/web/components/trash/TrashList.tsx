'use client';

import { entryKindOf, titleFromPath, type VaultNote } from '@baalda/core';
import type { MouseEvent } from 'react';
import { formatRelativeTime } from '../../lib/relativeTime';
import { FileBadge } from '../tree/FileBadge';
import { ConfirmButton } from './ConfirmButton';
import styles from './TrashList.module.css';

interface TrashListProps {
  readonly trash: readonly VaultNote[];
  readonly openId: string | null;
  readonly now: number;
  /** Why the trash can't be changed (a viewer), or null when it can. */
  readonly readOnlyReason: string | null;
  hrefOf(docId: string): string;
  onOpen(docId: string): void;
  onRestore(docId: string): void;
  onPurge(docId: string): void;
  onEmpty(): void;
}

/**
 * Trashed notes and attachments (TR1), newest first: each can be opened read-only, restored, or deleted
 * for good.
 */
export function TrashList(props: TrashListProps) {
  const { trash, openId, readOnlyReason } = props;
  const newestFirst = [...trash].sort((a, b) => (b.deletedAt ?? 0) - (a.deletedAt ?? 0));
  return (
    <div className={styles.trash}>
      <div className={styles.heading}>
        <h2 className={styles.title}>Trash</h2>
        {readOnlyReason === null && (
          <ConfirmButton
            label="Empty trash"
            question="Delete every note here for good?"
            confirmLabel="Empty"
            testId="empty-trash"
            disabled={trash.length === 0}
            onConfirm={props.onEmpty}
          />
        )}
      </div>
      {trash.length === 0 && <p className={styles.empty}>The trash is empty.</p>}
      <ul className={styles.list}>
        {newestFirst.map((note) => (
          <TrashItem key={note.docId} note={note} selected={note.docId === openId} {...props} />
        ))}
      </ul>
    </div>
  );
}

interface TrashItemProps extends Omit<TrashListProps, 'trash' | 'openId' | 'onEmpty'> {
  readonly note: VaultNote;
  readonly selected: boolean;
}

function TrashItem({ note, selected, now, readOnlyReason, hrefOf, onOpen, onRestore, onPurge }: TrashItemProps) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    onOpen(note.docId);
  };
  return (
    <li
      className={`${styles.item} ${selected ? styles.selected : ''}`}
      data-testid="trash-note"
      data-kind={entryKindOf(note.path)}
      data-doc-id={note.docId}
    >
      <a href={hrefOf(note.docId)} className={styles.link} onClick={onClick}>
        <span className={styles.name}>
          {titleFromPath(note.path)}
          {entryKindOf(note.path) === 'attachment' && <FileBadge path={note.path} />}
        </span>
        <span className={styles.path}>{note.path}</span>
        {note.deletedAt !== null && (
          <time className={styles.time} dateTime={new Date(note.deletedAt).toISOString()}>
            deleted {formatRelativeTime(note.deletedAt, now)}
          </time>
        )}
      </a>
      {readOnlyReason === null && (
        <div className={styles.actions}>
          <button
            type="button"
            className={styles.quiet}
            data-testid="restore-note"
            onClick={() => onRestore(note.docId)}
          >
            Restore
          </button>
          <ConfirmButton
            label="Delete forever"
            question="Delete for good?"
            confirmLabel="Delete"
            testId="purge-note"
            onConfirm={() => onPurge(note.docId)}
          />
        </div>
      )}
    </li>
  );
}
