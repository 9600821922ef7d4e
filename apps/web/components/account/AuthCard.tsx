import type { ReactNode } from 'react';
import { BrandMark } from '../BrandMark';
import styles from './AuthPage.module.css';

/** The frame of every page before the notes: the brand, then what the page asks. */
export function AuthCard({ children, busy = false }: { children?: ReactNode; busy?: boolean }) {
  return (
    <main className={styles.page} aria-busy={busy}>
      <div className={styles.card}>
        <div className={styles.brand}>
          <BrandMark className={styles.logo} />
          <span>Baalda</span>
        </div>
        {children}
      </div>
    </main>
  );
}
