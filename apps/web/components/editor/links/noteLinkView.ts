import type { Editor } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import type { NodeView } from '@tiptap/pm/view';
import { noteHref } from '../../../lib/noteUrl';
import { paintAtomMarks } from '../atomMarks';
import type { NoteLinkHost } from './noteLinkHost';
import { type NoteLinkView, shownNoteLink } from './noteLinkLabel';

/** The link's attributes from its node. */
export function linkOf(node: ProseMirrorNode): NoteLinkView {
  const { docId, target, heading, alias } = node.attrs;
  return {
    docId: typeof docId === 'string' && docId ? docId : null,
    target: String(target ?? ''),
    heading: typeof heading === 'string' && heading ? heading : null,
    alias: typeof alias === 'string' && alias ? alias : null,
  };
}

/**
 * LINK2/LINK4: a note link on screen, repainted when the vault's notes change so it always shows its
 * note's current title. A click opens the note; on an unresolved link it creates the note first (as
 * Obsidian does), for people who may write, and points the link at it where LNK8 lets the note
 * `noteDocId` hold its docId. Ctrl/Cmd-click and middle-click open a new tab (a real href).
 */
export function noteLinkView(
  { host, noteDocId }: { readonly host: NoteLinkHost; readonly noteDocId: string | null },
  editor: Editor,
  initial: ProseMirrorNode,
  getPos: () => number | undefined,
): NodeView {
  let node = initial;
  const dom = document.createElement('a');
  dom.className = 'note-link';
  dom.setAttribute('data-note-link', '');
  dom.contentEditable = 'false';
  const paint = (): void => {
    const link = linkOf(node);
    const shown = shownNoteLink(link, host.directory);
    dom.textContent = shown.label;
    paintAtomMarks(dom, node);
    dom.classList.toggle('note-link--unresolved', !shown.resolved);
    dom.dataset.docId = shown.opens ?? '';
    dom.href = shown.opens ? noteHref(shown.opens) : '#';
    dom.title = titleOf(link.target, shown.resolved ? host.directory.pathOf(shown.opens ?? '') : undefined, editor);
  };
  const follow = async (): Promise<void> => {
    const link = linkOf(node);
    const shown = shownNoteLink(link, host.directory);
    const created = shown.opens === null && editor.isEditable;
    const docId = shown.opens ?? (created ? await host.createNote(link.target) : null);
    if (docId === null) return;
    // A note just made is where the link names it (a conflict name keeps the folder): the tree may not
    // hold it yet. Pointing a link someone else planted at a note found by name would otherwise tell
    // them that a private note of that name exists (LNK8).
    const path = created ? link.target : host.directory.pathOf(docId);
    if (link.docId === null && editor.isEditable && host.directory.mayLinkFrom(noteDocId, path)) {
      pointAt(editor, getPos(), docId);
    }
    host.openNote(docId, link.heading);
  };
  dom.addEventListener('click', (event) => {
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    void follow();
  });
  const unsubscribe = host.directory.subscribe(paint);
  paint();
  return {
    dom,
    update(updated) {
      if (updated.type !== node.type) return false;
      node = updated;
      paint();
      return true;
    },
    destroy: unsubscribe,
    ignoreMutation: () => true,
  };
}

function titleOf(target: string, path: string | undefined, editor: Editor): string {
  if (path !== undefined) return path;
  return editor.isEditable ? `“${target}” does not exist yet: click to create it` : `No note named “${target}”`;
}

// The link points at its note from now on, so it survives the note's renames (LNK1).
function pointAt(editor: Editor, position: number | undefined, docId: string): void {
  if (position === undefined) return;
  const node = editor.state.doc.nodeAt(position);
  if (node?.type.name !== 'noteLink') return;
  editor.view.dispatch(editor.state.tr.setNodeMarkup(position, undefined, { ...node.attrs, docId }));
}
