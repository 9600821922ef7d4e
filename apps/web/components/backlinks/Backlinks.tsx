'use client';

import { parentFolderOf, titleFromPath } from '@baalda/core';
import { useSyncExternalStore } from 'react';
import { useBacklinks } from '../../hooks/useBacklinks';
import type { NoteDirectory } from '../../lib/links/noteDirectory';
import { noteHref } from '../../lib/noteUrl';
import styles from './Backlinks.module.css';

interface BacklinksProps {
  readonly vaultId: string;
  readonly docId: string;
  readonly keptKey: string;
  readonly directory: NoteDirectory;
  readonly onOpen: (docId: string) => void;
}

/**
 * LINK5: "Linked from": the notes that link to the open note, as the relay counts them for this reader
 * (a note they may not read is never listed nor counted, BL2), each with its title as this device knows it
 * now, so a rename shows at once. Nothing is shown while no note links here.
 */
export function Backlinks({ vaultId, docId, keptKey, directory, onOpen }: BacklinksProps) {
  const treeVersion = useSyncExternalStore(directory.subscribe, directory.version, directory.version);
  const answer = useBacklinks(vaultId, docId, keptKey, treeVersion);
  if (!answer || answer.backlinks.length === 0) return null;
  return (
    <section className={styles.backlinks} aria-labelledby="backlinks-heading" data-testid="backlinks">
      <h2 id="backlinks-heading" className={styles.heading}>
        Linked from <span data-testid="backlinks-count">{answer.backlinks.length}</span>
        {answer.truncated ? '+' : ''}
      </h2>
      <ul className={styles.list}>
        {answer.backlinks.map((link) => {
          const path = directory.pathOf(link.docId) ?? link.path;
          return (
            <li key={link.docId}>
              <a
                href={noteHref(link.docId, vaultId)}
                onClick={(event) => {
                  if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
                  event.preventDefault();
                  onOpen(link.docId);
                }}
              >
                {titleFromPath(path)}
              </a>
              <span className={styles.folder}>{parentFolderOf(path)}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
