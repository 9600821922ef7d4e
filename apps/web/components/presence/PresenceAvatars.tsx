import type { PresenceUser } from '@baalda/core';
import { avatarsOf, initialsOf } from '../../lib/presence/peopleInNote';
import styles from './PresenceAvatars.module.css';

/** PRES5: a circle per other person with the note open, in their colour, and "+N" past five. */
export function PresenceAvatars({ people }: { people: readonly PresenceUser[] }) {
  if (people.length === 0) return null;
  const { shown, more } = avatarsOf(people);
  const moreNames = more.map((person) => person.name).join(', ');
  return (
    <ul className={styles.avatars} aria-label="Also in this note" data-testid="presence-avatars">
      {shown.map((person) => (
        <li key={person.id}>
          <span
            className={styles.avatar}
            style={{ backgroundColor: person.color }}
            role="img"
            aria-label={person.name}
            title={person.name}
            data-testid="presence-avatar"
          >
            {initialsOf(person.name)}
          </span>
        </li>
      ))}
      {more.length > 0 && (
        <li>
          <span
            className={`${styles.avatar} ${styles.more}`}
            role="img"
            aria-label={`${more.length} more: ${moreNames}`}
            title={moreNames}
            data-testid="presence-more"
          >
            +{more.length}
          </span>
        </li>
      )}
    </ul>
  );
}
