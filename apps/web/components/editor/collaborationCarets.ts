import type { PresenceUser } from '@baalda/core';
import CollaborationCaret from '@tiptap/extension-collaboration-caret';
import type { Awareness } from 'y-protocols/awareness';

/**
 * PRES6: the others' carets and selections, named and coloured, from the note's awareness. The extension
 * reads only `provider.awareness`; the note's provider is shared with background sync, the awareness is
 * the session's.
 */
export function collaborationCarets(awareness: Awareness, user: PresenceUser) {
  return CollaborationCaret.configure({ provider: { awareness }, user, render: renderCaret });
}

/**
 * A caret in the person's colour with their name above it. The name is drawn by CSS from `data-name`
 * rather than written as text: a text node inside the editor joined the note's text for anything that
 * reads it from the page (the label read aloud mid-sentence, "Plans for the launchalice" in a test).
 * The avatars in the header say who is here to a screen reader instead.
 */
function renderCaret(user: Record<string, unknown>): HTMLElement {
  const color = typeof user.color === 'string' ? user.color : 'transparent';
  const caret = document.createElement('span');
  caret.classList.add('collaboration-carets__caret');
  caret.setAttribute('aria-hidden', 'true');
  caret.style.borderColor = color;
  const label = document.createElement('span');
  label.classList.add('collaboration-carets__label');
  label.dataset.name = typeof user.name === 'string' ? user.name : '';
  label.style.backgroundColor = color;
  caret.append(label);
  return caret;
}
