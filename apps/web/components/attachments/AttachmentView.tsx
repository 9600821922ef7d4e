'use client';

import { attachmentTypeOf, fileNameOf, type VaultNote } from '@baalda/core';
import { type MetaView, useAttachmentMeta } from '../../hooks/useAttachmentMeta';
import { useAttachmentText } from '../../hooks/useAttachmentText';
import { attachmentFileUrl } from '../../lib/attachments/attachmentApi';
import { describeExtraction, formatFileSize, previewKindOf } from '../../lib/attachments/attachmentLabels';
import { EmptyState } from '../EmptyState';
import { NoteHeader } from '../NoteHeader';
import { TrashBanner } from '../TrashBanner';
import { AttachmentPreview } from './AttachmentPreview';
import { AttachmentText } from './AttachmentText';
import styles from './AttachmentView.module.css';

interface AttachmentViewProps {
  readonly vaultId: string;
  /** The attachment as this device's tree has it (its path may be newer than the relay's). */
  readonly entry: VaultNote;
  readonly trashed: boolean;
  /** Why the person can't change the vault (a viewer), or null when they can. */
  readonly readOnlyReason: string | null;
  onRestore(): void;
  /** Starts renaming the file in the tree. */
  onRename(): void;
}

/**
 * An attachment instead of the editor (PATH11): its name and folder, type and size, Open and Download,
 * the file itself when it is safe to show (ATT6), and the text the relay read from it (ATT4).
 */
export function AttachmentView({ vaultId, entry, trashed, readOnlyReason, onRestore, onRename }: AttachmentViewProps) {
  const meta = useAttachmentMeta(vaultId, entry.docId);
  const extracted = meta.status === 'ready' && meta.meta.extraction.status === 'done' && meta.meta.extraction.chars > 0;
  const text = useAttachmentText(vaultId, entry.docId, extracted);
  // The same words as a refused note: the relay doesn't say whether it was deleted or hidden.
  if (meta.status === 'missing')
    return <EmptyState selectedId={entry.docId} loading={false} denied failure={null} onCreate={null} />;
  const preview = previewKindOf(entry.path);
  const src = attachmentFileUrl(vaultId, entry.docId);
  return (
    <article className={styles.view} data-testid="attachment-view" data-doc-id={entry.docId} data-state="uploaded">
      <NoteHeader note={entry} />
      {trashed && readOnlyReason === null && <TrashBanner what="file" onRestore={onRestore} />}
      <div className={styles.facts}>
        <span data-testid="attachment-type">
          {meta.status === 'ready' ? meta.meta.mimeType : attachmentTypeOf(entry.path).mimeType}
        </span>
        {meta.status === 'ready' && <span data-testid="attachment-size">{formatFileSize(meta.meta.size)}</span>}
        <div className={styles.actions}>
          {!trashed && readOnlyReason === null && (
            <button type="button" className={styles.action} data-testid="attachment-rename" onClick={onRename}>
              Rename
            </button>
          )}
          {preview !== 'none' && (
            <a className={styles.action} href={src} target="_blank" rel="noopener" data-testid="attachment-open">
              Open
            </a>
          )}
          <a
            className={`${styles.action} ${styles.primary}`}
            href={attachmentFileUrl(vaultId, entry.docId, true)}
            download={fileNameOf(entry.path)}
            data-testid="attachment-download"
          >
            Download
          </a>
        </div>
      </div>
      <MetaStatus meta={meta} />
      {preview !== 'text' && <AttachmentPreview kind={preview} src={src} name={fileNameOf(entry.path)} />}
      <AttachmentText view={text} />
    </article>
  );
}

/** Where reading the file's text stands, or why the relay can't say right now. */
function MetaStatus({ meta }: { meta: MetaView }) {
  if (meta.status === 'missing') return null;
  const [status, words] =
    meta.status === 'ready'
      ? [meta.meta.extraction.status, describeExtraction(meta.meta.extraction)]
      : meta.status === 'loading'
        ? ['loading', 'Asking the relay about this file…']
        : [
            'unknown',
            meta.offline
              ? 'The relay is out of reach; the file shows once it is back.'
              : `The relay didn’t answer: ${meta.message}`,
          ];
  return (
    <p className={styles.status} role="status" data-testid="attachment-status" data-status={status}>
      {words}
    </p>
  );
}
