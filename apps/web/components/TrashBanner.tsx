import styles from './TrashBanner.module.css';

/** Shown over a trashed note or file, which opens read-only (TR1) until it is restored (TR2). */
export function TrashBanner({ onRestore, what = 'note' }: { onRestore: () => void; what?: 'note' | 'file' }) {
  return (
    <div className={styles.banner} role="status" data-testid="trash-banner">
      <span>
        {what === 'note'
          ? 'This note is in the trash. Restore it to edit it again.'
          : 'This file is in the trash. Restore it to rename or move it again.'}
      </span>
      <button type="button" className={styles.restore} data-testid="banner-restore" onClick={onRestore}>
        Restore
      </button>
    </div>
  );
}
