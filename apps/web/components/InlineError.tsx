import styles from './InlineError.module.css';

/** What went wrong, said calmly: a heading, the detail, and what it means for the person's notes. */
export interface Notice {
  readonly heading: string;
  readonly detail: string;
  readonly consequence: string;
}

/** A non-blocking notice above the list; nothing is lost, the app keeps working. */
export function InlineError({ notice }: { notice: Notice }) {
  return (
    <div className={styles.error} role="alert">
      <strong className={styles.heading}>{notice.heading}</strong>
      <span>{notice.detail}</span>
      <span className={styles.consequence}>{notice.consequence}</span>
    </div>
  );
}
