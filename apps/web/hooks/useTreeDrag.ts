'use client';

import { pathKey } from '@baalda/core';
import { type DragEvent, useCallback, useState } from 'react';
import { canDropInto, type TreeItem } from '../lib/vault/treeActions';

/** The handlers that make an element a drop zone for one folder. */
export interface DropZoneHandlers {
  onDragEnter(event: DragEvent): void;
  onDragOver(event: DragEvent): void;
  onDragLeave?(event: DragEvent): void;
  onDrop(event: DragEvent): void;
}

/** Drag to move (HTML5 drag and drop): what is being dragged, where it would land, and the zone handlers. */
export interface TreeDrag {
  readonly dragged: TreeItem | null;
  /** Key of the folder under the pointer that would accept the drop ('' for the root), or null. */
  readonly targetKey: string | null;
  start(item: TreeItem, event: DragEvent): void;
  end(): void;
  /** Handlers for the zone of `folder` ('' for the root). */
  zone(folder: string): DropZoneHandlers;
}

export function useTreeDrag(onMove: (item: TreeItem, folder: string) => void): TreeDrag {
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
  // highlight shows as soon as the pointer arrives.
  const hover = (folder: string) => (event: DragEvent) => {
    if (!dragged) return;
    event.stopPropagation();
    const accepts = canDropInto(dragged, folder);
    if (accepts) event.preventDefault();
    event.dataTransfer.dropEffect = accepts ? 'move' : 'none';
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
      if (item && canDropInto(item, folder)) onMove(item, folder);
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
