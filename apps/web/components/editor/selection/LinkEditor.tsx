'use client';

import type { Editor } from '@tiptap/core';
import { type FocusEvent, type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { checkLinkHref } from './linkHref';
import styles from './SelectionToolbar.module.css';

interface LinkEditorProps {
  readonly editor: Editor;
  /** Back to the toolbar's buttons (after applying, removing or cancelling). */
  onDone(): void;
  /** The focus went elsewhere than the note or the toolbar (the sidebar, say): the toolbar goes too. */
  onLeave(): void;
}

/**
 * The link of the selected text (MENU4): Enter applies the address (`checkLinkHref` decides), a blank one or
 * Remove unlinks, Escape gives the caret back to the note unchanged. A refused address says why, in place.
 */
export function LinkEditor({ editor, onDone, onLeave }: LinkEditorProps) {
  const current = editor.getAttributes('link').href;
  const [typed, setTyped] = useState(typeof current === 'string' ? current : '');
  const [refusal, setRefusal] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const refusalId = useId();
  useEffect(() => field.current?.select(), []);

  // The whole link is changed when the selection starts in one, not only its selected part.
  const finish = (change: 'unset' | { href: string }) => {
    const chain = editor.chain().focus().extendMarkRange('link');
    (change === 'unset' ? chain.unsetLink() : chain.setLink({ href: change.href })).run();
    onDone();
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkLinkHref(typed);
    if (check.kind === 'refused') setRefusal(check.message);
    else finish(check.kind === 'remove' ? 'unset' : { href: check.href });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    editor.commands.focus();
    onDone();
  };
  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    const next = event.relatedTarget;
    if (next instanceof Node && (event.currentTarget.contains(next) || editor.view.dom.contains(next))) return;
    onLeave();
  };

  return (
    <form className={styles.linkEditor} onSubmit={onSubmit} onKeyDown={onKeyDown} onBlur={onBlur}>
      <input
        ref={field}
        className={styles.linkField}
        type="text"
        inputMode="url"
        aria-label="Link address"
        aria-invalid={refusal !== null}
        aria-describedby={refusal ? refusalId : undefined}
        placeholder="https://… or a note’s path"
        spellCheck={false}
        autoComplete="off"
        value={typed}
        onChange={(event) => {
          setTyped(event.target.value);
          setRefusal(null);
        }}
      />
      <button type="submit" className={styles.textButton}>
        Apply
      </button>
      {typeof current === 'string' && (
        <button type="button" className={styles.textButton} onClick={() => finish('unset')}>
          Remove
        </button>
      )}
      {refusal && (
        <p id={refusalId} role="alert" className={styles.refusal} data-testid="link-refusal">
          {refusal}
        </p>
      )}
    </form>
  );
}
