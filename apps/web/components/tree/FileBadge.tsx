import { fileBadgeOf } from '../../lib/attachments/attachmentLabels';
import styles from './VaultTree.module.css';

/** An attachment's mark (ATT3): its extension in capitals, where a note has none. */
export function FileBadge({ path }: { path: string }) {
  return (
    <span className={styles.fileBadge} data-testid="file-badge" aria-hidden="true">
      {fileBadgeOf(path)}
    </span>
  );
}
