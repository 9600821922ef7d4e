'use client';

import { useState } from 'react';
import { itemKey, type RenameCommit } from '../components/tree/treeUi';
import type { TreeActions, TreeItem } from '../lib/vault/treeActions';

interface RenamingOptions {
  readonly actions: TreeActions;
  readonly openId: string | null;
  /** Shows (or, with null, clears) why the last tree action was refused. */
  setError(message: string | null): void;
  /** Puts the caret in the open note. */
  focusEditor(): void;
}

/** Which row's name is being edited, and how an edit ends. */
export function useRenaming({ actions, openId, setError, focusEditor }: RenamingOptions) {
  const [renamingKey, setRenamingKey] = useState<string | null>(null);
  return {
    renamingKey,
    startRename: (item: TreeItem) => setRenamingKey(itemKey(item)),
    /** Resolves to true when the field can close: the rename applied, changed nothing, or was left by a blur. */
    async commitRename(item: TreeItem, typed: string, how: RenameCommit): Promise<boolean> {
      const result = await actions.rename(item, typed);
      setError(result.ok ? null : result.message);
      if (!result.ok && how === 'enter') return false;
      setRenamingKey(null);
      // Enter on the open note's name (a new note, typically) means "now write": the caret goes to the text.
      if (how === 'enter' && item.kind === 'note' && item.docId === openId) focusEditor();
      return true;
    },
    cancelRename() {
      const wasOpenNote = openId !== null && renamingKey === `note:${openId}`;
      setRenamingKey(null);
      setError(null);
      if (wasOpenNote) focusEditor();
    },
  };
}
