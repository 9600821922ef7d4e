'use client';

import { attachmentTypeOf, fileNameOf, type VaultNote } from '@baalda/core';
import { useEffect, useState } from 'react';
import { useObjectUrl } from '../../hooks/useObjectUrl';
import { formatFileSize, previewKindOf } from '../../lib/attachments/attachmentLabels';
import type { PendingUpload } from '../../lib/uploads/uploadTypes';
import { NoteHeader } from '../NoteHeader';
import { AttachmentPreview } from './AttachmentPreview';
import styles from './AttachmentView.module.css';

interface PendingUploadViewProps {
  readonly upload: PendingUpload;
  onRetry(): void;
  onDiscard(): void;
}

// A text file is shown from its first bytes; the whole of it is the relay's to read (ATT4).
const TEXT_PREVIEW_BYTES = 100_000;

/**
 * A file still on this device only (ATT8), shown from its local copy: where it will go, how far its upload
 * got, and for a refused one the relay's reason with Retry and Discard.
 */
export function PendingUploadView({ upload, onRetry, onDiscard }: PendingUploadViewProps) {
  const name = fileNameOf(upload.path);
  const preview = previewKindOf(upload.path);
  const src = useObjectUrl(preview === 'pdf' || preview === 'image' ? upload.blob : null);
  return (
    <article className={styles.view} data-testid="attachment-view" data-doc-id={upload.docId} data-state={upload.state}>
      <NoteHeader note={entryOf(upload)} />
      <div className={styles.facts}>
        <span>{attachmentTypeOf(upload.path).mimeType}</span>
        <span>{formatFileSize(upload.blob.size)}</span>
      </div>
      <p className={styles.status} role="status" data-testid="attachment-status" data-status={upload.state}>
        {describeUpload(upload)}
      </p>
      <div className={styles.actions}>
        {upload.state === 'failed' && (
          <button
            type="button"
            className={`${styles.action} ${styles.primary}`}
            data-testid="attachment-retry"
            onClick={onRetry}
          >
            Retry
          </button>
        )}
        {upload.state !== 'uploading' && (
          <button type="button" className={styles.action} data-testid="attachment-discard" onClick={onDiscard}>
            Discard
          </button>
        )}
      </div>
      {src && <AttachmentPreview kind={preview} src={src} name={name} />}
      {preview === 'text' && <LocalText blob={upload.blob} />}
    </article>
  );
}

// The header shows any entry; this one is not in the tree yet, so it is described from the upload.
function entryOf(upload: PendingUpload): VaultNote {
  const { docId, path, createdAt } = upload;
  return { docId, path, createdAt, updatedAt: createdAt, deletedAt: null, conflictOf: null };
}

function describeUpload(upload: PendingUpload): string {
  if (upload.state === 'failed') return `Upload failed: ${upload.failure ?? 'the relay refused it.'}`;
  if (upload.state === 'uploading') return 'Uploading…';
  return 'Waiting to upload. It is kept on this device and sent when the relay is reachable.';
}

/** The start of a text file, read from this device's copy. */
function LocalText({ blob }: { blob: Blob }) {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    blob
      .slice(0, TEXT_PREVIEW_BYTES)
      .text()
      .then(
        (read) => {
          if (!cancelled) setText(read);
        },
        () => undefined,
      );
    return () => {
      cancelled = true;
    };
  }, [blob]);
  if (text === null) return null;
  return (
    <pre className={styles.text} data-testid="attachment-text">
      {text}
    </pre>
  );
}
