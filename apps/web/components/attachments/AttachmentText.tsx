import type { TextView } from '../../hooks/useAttachmentText';
import { formatCount } from '../../lib/attachments/attachmentLabels';
import styles from './AttachmentView.module.css';

/** The text the relay read from the file (ATT4), a page at a time. */
export function AttachmentText({ view }: { view: TextView }) {
  if (view.text === '' && view.loading) return <p className={styles.noPreview}>Loading the text…</p>;
  if (view.text === '' && !view.error) return null;
  return (
    <section aria-label="Text of the file">
      <h2 className={styles.textHeading}>Text</h2>
      {view.text !== '' && (
        <pre className={styles.text} data-testid="attachment-text">
          {view.text}
        </pre>
      )}
      {view.error && <p className={styles.noPreview}>The text could not be loaded: {view.error}</p>}
      {view.nextOffset !== null && (
        <button
          type="button"
          className={`${styles.action} ${styles.more}`}
          data-testid="attachment-text-more"
          disabled={view.loading}
          onClick={view.loadMore}
        >
          {view.loading ? 'Loading…' : `Show more (${formatCount(view.totalChars - view.nextOffset)} more characters)`}
        </button>
      )}
    </section>
  );
}
