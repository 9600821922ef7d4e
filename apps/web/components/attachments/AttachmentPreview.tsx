import type { PreviewKind } from '../../lib/attachments/attachmentLabels';
import styles from './AttachmentView.module.css';

interface AttachmentPreviewProps {
  readonly kind: PreviewKind;
  /** The file: the relay's URL, or a `blob:` URL of this device's copy. */
  readonly src: string;
  readonly name: string;
}

/**
 * The file itself, for the types no script can run in (ATT6): a PDF in the browser's viewer, an image.
 * Text types are shown as their extracted text instead, and the rest only downloads.
 */
export function AttachmentPreview({ kind, src, name }: AttachmentPreviewProps) {
  if (kind === 'pdf') {
    return (
      <iframe className={`${styles.preview} ${styles.pdf}`} src={src} title={name} data-testid="attachment-preview" />
    );
  }
  if (kind === 'image') {
    return (
      // biome-ignore lint/performance/noImgElement: a person's file at its own URL; a static export has no image optimizer.
      <img className={`${styles.preview} ${styles.image}`} src={src} alt={name} data-testid="attachment-preview" />
    );
  }
  if (kind === 'none') {
    return <p className={styles.noPreview}>This type of file can’t be shown here. Download it to open it.</p>;
  }
  return null;
}
