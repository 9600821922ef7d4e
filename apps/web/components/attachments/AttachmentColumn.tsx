'use client';

import type { TreeController } from '../../hooks/useTreeController';
import type { UploadQueue } from '../../lib/uploads/uploadTypes';
import type { OpenEntry } from '../../lib/vault/openEntry';
import { AttachmentView } from './AttachmentView';
import { PendingUploadView } from './PendingUploadView';

interface AttachmentColumnProps {
  readonly entry: Extract<OpenEntry, { kind: 'attachment' | 'upload' }>;
  readonly vaultId: string;
  readonly readOnlyReason: string | null;
  readonly controller: TreeController;
  readonly uploads: Pick<UploadQueue, 'retry' | 'discard'>;
}

/** What the main column shows for a file: the relay's attachment, or this device's copy of one waiting. */
export function AttachmentColumn({ entry, vaultId, readOnlyReason, controller, uploads }: AttachmentColumnProps) {
  if (entry.kind === 'upload') {
    const { docId } = entry.upload;
    return (
      <PendingUploadView
        key={docId}
        upload={entry.upload}
        onRetry={() => void uploads.retry(docId)}
        onDiscard={() => void uploads.discard(docId)}
      />
    );
  }
  const { docId, path } = entry.entry;
  return (
    <AttachmentView
      key={docId}
      vaultId={vaultId}
      entry={entry.entry}
      trashed={entry.trashed}
      readOnlyReason={readOnlyReason}
      onRestore={() => controller.restore(docId)}
      onRename={() => controller.ui.startRename({ kind: 'note', docId, path })}
    />
  );
}
