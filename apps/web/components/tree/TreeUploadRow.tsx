'use client';

import type { CSSProperties, MouseEvent } from 'react';
import type { UploadNode } from '../../lib/vault/treeModel';
import { FileBadge } from './FileBadge';
import { useTreeUi } from './treeUi';
import styles from './VaultTree.module.css';

const STATE_LABELS = { queued: 'Waiting', uploading: 'Uploading…', failed: 'Failed' } as const;

/**
 * A file on this device waiting for the relay (ATT8), at the place it will take in the tree. It opens (from
 * its local copy) like any entry; a failed one offers Retry and Discard here too. It can't be renamed or
 * moved until the relay has it.
 */
export function TreeUploadRow({ node, depth }: { node: UploadNode; depth: number }) {
  const ui = useTreeUi();
  const { upload } = node;
  const selected = upload.docId === ui.openId;
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    if (!selected) ui.openNote(upload.docId);
  };
  return (
    <li>
      <div
        className={`${styles.row} ${styles.pendingUpload} ${selected ? styles.selected : ''}`}
        style={{ '--depth': depth } as CSSProperties}
        data-testid="tree-upload"
        data-doc-id={upload.docId}
        data-path={upload.path}
        data-state={upload.state}
      >
        <a
          href={ui.hrefOf(upload.docId)}
          className={styles.label}
          aria-current={selected ? 'page' : undefined}
          title={upload.failure ? `${upload.path}: ${upload.failure}` : upload.path}
          onClick={onClick}
        >
          <span className={styles.spacer} aria-hidden="true" />
          <span className={styles.name}>{node.name}</span>
          <span className={`${styles.uploadState} ${upload.state === 'failed' ? styles.uploadFailed : ''}`}>
            {STATE_LABELS[upload.state]}
          </span>
          <FileBadge path={upload.path} />
        </a>
        {upload.state === 'failed' && !ui.readOnly && (
          <button
            type="button"
            className={styles.rowButton}
            data-testid="retry-upload"
            aria-label={`Retry uploading “${node.name}”`}
            onClick={() => ui.retryUpload(upload.docId)}
          >
            Retry
          </button>
        )}
        {upload.state !== 'uploading' && (
          <button
            type="button"
            className={styles.rowButton}
            data-testid="discard-upload"
            aria-label={`Discard “${node.name}” from this device`}
            title="Discard: forget this file on this device"
            onClick={() => ui.discardUpload(upload.docId)}
          >
            ×
          </button>
        )}
      </div>
    </li>
  );
}
