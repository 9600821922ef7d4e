import styles from './VaultTree.module.css';

/** CN1 made visible: this note was renamed because another took its path before either synced. */
export function ConflictPill() {
  return (
    <span
      className={styles.conflict}
      title="Created at the same path as another note before either synced"
      data-testid="conflict-marker"
    >
      Conflict
    </span>
  );
}
