import { fileNameOf, titleFromPath } from '@baalda/core';
import type { Editor } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import type { NodeView } from '@tiptap/pm/view';
import { attachmentFileUrl } from '../../../lib/attachments/attachmentApi';
import { previewKindOf } from '../../../lib/attachments/attachmentLabels';
import { noteHref } from '../../../lib/noteUrl';
import { paintAtomMarks } from '../atomMarks';
import { embedWidthOf, MIN_EMBED_WIDTH, sizeOfWidth } from './embedSize';
import type { NoteLinkHost } from './noteLinkHost';
import { linkOf } from './noteLinkView';

/** What an embed shows now: an image, or a card for another file or a note. */
interface EmbedShown {
  readonly docId: string | null;
  readonly path: string;
  /** The bytes on this device while the file waits for the relay (EMBED2). */
  readonly localBytes: Blob | null;
}

/**
 * EMBED2–EMBED4: an embed on screen. An image shows inline — from its bytes on this device while it
 * waits for upload, from the relay afterwards — at the width its `|size` says, with a handle that drags
 * the width (kept in the note). Any other file, or a note, is a card that opens it. It repaints when the
 * vault's entries or the upload queue change.
 */
export function embedView(
  host: NoteLinkHost,
  editor: Editor,
  initial: ProseMirrorNode,
  getPos: () => number | undefined,
): NodeView {
  let node = initial;
  const dom = document.createElement('span');
  dom.className = 'note-embed';
  dom.setAttribute('data-note-embed', '');
  dom.contentEditable = 'false';
  const image = imageParts(dom);
  const card = document.createElement('a');
  card.className = 'note-embed-card';
  let objectUrl: { blob: Blob; url: string } | null = null;

  const sourceOf = (shown: EmbedShown): string => {
    if (!shown.localBytes) return shown.docId ? attachmentFileUrl(host.vaultId, shown.docId) : '';
    if (objectUrl?.blob !== shown.localBytes) {
      if (objectUrl) URL.revokeObjectURL(objectUrl.url);
      objectUrl = { blob: shown.localBytes, url: URL.createObjectURL(shown.localBytes) };
    }
    return objectUrl.url;
  };
  const paint = (): void => {
    const shown = shownEmbed(host, node);
    dom.dataset.docId = shown.docId ?? '';
    dom.dataset.state = shown.localBytes ? 'local' : shown.docId ? 'stored' : 'missing';
    paintAtomMarks(dom, node);
    if (shown.docId && previewKindOf(shown.path) === 'image') {
      card.remove();
      if (!image.frame.isConnected) dom.append(image.frame);
      const src = sourceOf(shown);
      if (image.img.getAttribute('src') !== src) image.img.src = src;
      image.img.alt =
        linkOf(node).alias && embedWidthOf(linkOf(node).alias) === null
          ? String(linkOf(node).alias)
          : fileNameOf(shown.path);
      const width = embedWidthOf(linkOf(node).alias);
      image.img.style.width = width ? `${width}px` : '';
      image.handle.hidden = !editor.isEditable;
    } else {
      image.frame.remove();
      if (!card.isConnected) dom.append(card);
      paintCard(card, shown, node);
    }
  };
  card.addEventListener('click', (event) => {
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    const docId = shownEmbed(host, node).docId;
    if (docId) host.openNote(docId);
  });
  image.img.addEventListener('dblclick', () => {
    const docId = shownEmbed(host, node).docId;
    if (docId) host.openNote(docId);
  });
  dragToResize(image, editor, (width) => {
    const position = getPos();
    if (position === undefined) return;
    editor.view.dispatch(
      editor.state.tr.setNodeMarkup(position, undefined, { ...node.attrs, alias: sizeOfWidth(width) }),
    );
  });
  const stopTree = host.directory.subscribe(paint);
  const stopUploads = host.pendingFiles.subscribe(paint);
  paint();
  return {
    dom,
    update(updated) {
      if (updated.type !== node.type) return false;
      node = updated;
      paint();
      return true;
    },
    destroy() {
      stopTree();
      stopUploads();
      if (objectUrl) URL.revokeObjectURL(objectUrl.url);
    },
    // The handle's drag and the image's own events are the view's, not the editor's.
    stopEvent: (event) => event.target === image.handle,
    ignoreMutation: () => true,
  };
}

function shownEmbed(host: NoteLinkHost, node: ProseMirrorNode): EmbedShown {
  const link = linkOf(node);
  const docId = link.docId ?? host.directory.docIdOf(link.target) ?? null;
  const pending = docId ? host.pendingFiles.pendingOf(docId) : undefined;
  const path = (docId && host.directory.pathOf(docId)) || pending?.path || link.target;
  return { docId, path, localBytes: pending?.blob ?? null };
}

function paintCard(card: HTMLAnchorElement, shown: EmbedShown, node: ProseMirrorNode): void {
  const isNote = shown.path.toLowerCase().endsWith('.md') || !/\.[^/.]+$/.test(fileNameOf(shown.path));
  card.textContent = `${isNote ? '↪' : '📎'} ${isNote ? titleFromPath(shown.path) : fileNameOf(shown.path)}`;
  card.classList.toggle('note-embed-card--missing', shown.docId === null);
  card.href = shown.docId ? noteHref(shown.docId) : '#';
  card.title = shown.docId ? shown.path : `No file named “${linkOf(node).target}”`;
}

interface ImageParts {
  readonly frame: HTMLSpanElement;
  readonly img: HTMLImageElement;
  readonly handle: HTMLSpanElement;
}

function imageParts(dom: HTMLElement): ImageParts {
  const frame = document.createElement('span');
  frame.className = 'note-embed-image';
  const img = document.createElement('img');
  img.draggable = false;
  img.decoding = 'async';
  const handle = document.createElement('span');
  handle.className = 'note-embed-resize';
  handle.setAttribute('role', 'separator');
  handle.setAttribute('aria-label', 'Drag to resize the image');
  frame.append(img, handle);
  dom.append(frame);
  return { frame, img, handle };
}

// EMBED3: the width follows the pointer while dragging and is written once, on release: one change in
// the note (and in everyone's undo history) per drag, not one per pixel.
function dragToResize(parts: ImageParts, editor: Editor, commit: (width: number) => void): void {
  parts.handle.addEventListener('pointerdown', (down) => {
    if (!editor.isEditable) return;
    down.preventDefault();
    parts.handle.setPointerCapture(down.pointerId);
    const start = parts.img.getBoundingClientRect().width;
    const limit = editor.view.dom.clientWidth || Number.POSITIVE_INFINITY;
    const widthAt = (event: PointerEvent) =>
      Math.min(limit, Math.max(MIN_EMBED_WIDTH, start + event.clientX - down.clientX));
    const move = (event: PointerEvent) => {
      parts.img.style.width = `${widthAt(event)}px`;
    };
    const up = (event: PointerEvent) => {
      parts.handle.removeEventListener('pointermove', move);
      parts.handle.removeEventListener('pointerup', up);
      commit(widthAt(event));
    };
    parts.handle.addEventListener('pointermove', move);
    parts.handle.addEventListener('pointerup', up);
  });
}
