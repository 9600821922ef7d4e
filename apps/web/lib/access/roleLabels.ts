import type { VaultRole } from '@baalda/core';
import type { PersonView } from './accessShapes';

/** ACL1 in the settings' words: the name of each role and what it lets someone do. */
export const ROLE_LABELS: Readonly<Record<VaultRole, { name: string; rights: string }>> = {
  owner: { name: 'Owner', rights: 'reads and writes, manages members and private folders' },
  editor: { name: 'Editor', rights: 'reads and writes notes' },
  viewer: { name: 'Viewer', rights: 'reads notes only' },
};

/** How a person is named in a list: their name, else their email (a name is optional at sign-up). */
export function displayNameOf(person: PersonView): string {
  return person.name ?? person.email ?? 'A former member';
}
