import styles from './TrashBanner.module.css';

/** Shown over a trashed note, which opens read-only (TR1) until it is restored (TR2). */
export function TrashBanner({ onRestore }: { onRestore: () => void }) {
  return (
    <div className={styles.banner} role="status" data-testid="trash-banner">
      <span>This note is in the trash. Restore it to edit it again.</span>
      <button type="button" className={styles.restore} data-testid="banner-restore" onClick={onRestore}>
        Restore
      </button>
    </div>
  );
}
