'use client';

import { pathKey } from '@baalda/core';
import { type DragEvent, useCallback, useState } from 'react';
import { type DroppedFiles, isFileDrag, readDroppedFiles } from '../lib/uploads/droppedFiles';
import { canDropInto, type TreeItem } from '../lib/vault/treeActions';

/** The handlers that make an element a drop zone for one folder. */
export interface DropZoneHandlers {
  onDragEnter(event: DragEvent): void;
  onDragOver(event: DragEvent): void;
  onDragLeave?(event: DragEvent): void;
  onDrop(event: DragEvent): void;
}

/**
 * Drag to move (HTML5 drag and drop), and files dropped from the operating system: what is being dragged,
 * where it would land, and the zone handlers.
 */
export interface TreeDrag {
  readonly dragged: TreeItem | null;
  /** Key of the folder under the pointer that would accept the drop ('' for the root), or null. */
  readonly targetKey: string | null;
  start(item: TreeItem, event: DragEvent): void;
  end(): void;
  /** Handlers for the zone of `folder` ('' for the root). */
  zone(folder: string): DropZoneHandlers;
}

/** Where dropped files go; null when the person may not add any (a viewer). */
export type FileDropHandler = ((dropped: DroppedFiles, folder: string) => void) | null;

export function useTreeDrag(onMove: (item: TreeItem, folder: string) => void, onDropFiles: FileDropHandler): TreeDrag {
  const [dragged, setDragged] = useState<TreeItem | null>(null);
  const [targetKey, setTargetKey] = useState<string | null>(null);
  const end = useCallback(() => {
    setDragged(null);
    setTargetKey(null);
  }, []);
  const leaveTree = (event: DragEvent) => {
    const next = event.relatedTarget;
    if (!(next instanceof Node && event.currentTarget.contains(next))) setTargetKey(null);
  };
  // The innermost zone decides and stops the event: over a note inside "Work", the drop means "Work", and a
  // refusal there must not fall through to an outer folder or the root. Enter and over both answer, so the
  // highlight shows as soon as the pointer arrives. Files from outside are always taken (even by a viewer,
  // as "no drop"): left to the browser, a dropped file would replace the app in the tab.
  const hover = (folder: string) => (event: DragEvent) => {
    const files = !dragged && isFileDrag(event.dataTransfer);
    if (!dragged && !files) return;
    event.stopPropagation();
    const accepts = dragged ? canDropInto(dragged, folder) : onDropFiles !== null;
    if (accepts || files) event.preventDefault();
    event.dataTransfer.dropEffect = accepts ? (files ? 'copy' : 'move') : 'none';
    setTargetKey(accepts ? pathKey(folder) : null);
  };
  const zone = (folder: string): DropZoneHandlers => ({
    onDragEnter: hover(folder),
    onDragOver: hover(folder),
    // Only leaving the whole tree clears the highlight: inside it, the next dragover (browsers send one every
    // few hundred milliseconds) names the zone under the pointer. A leave per folder would blink, as a
    // dragleave fires for every child the pointer crosses.
    ...(folder === '' ? { onDragLeave: leaveTree } : {}),
    onDrop(event) {
      event.preventDefault();
      event.stopPropagation();
      const item = dragged;
      end();
      if (item) {
        if (canDropInto(item, folder)) onMove(item, folder);
      } else if (onDropFiles && isFileDrag(event.dataTransfer)) {
        onDropFiles(readDroppedFiles(event.dataTransfer), folder);
      }
    },
  });
  return {
    dragged,
    targetKey,
    start(item, event) {
      event.dataTransfer.effectAllowed = 'move';
      // Some browsers start no drag without data; the path is also what a drop outside the app would get.
      event.dataTransfer.setData('text/plain', item.path);
      setDragged(item);
    },
    end,
    zone,
  };
}
