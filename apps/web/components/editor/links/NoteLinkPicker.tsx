import { parentFolderOf } from '@baalda/core';
import { forwardRef, useImperativeHandle, useState } from 'react';
import type { NoteLinkChoice } from './noteLinkChoices';

export interface NoteLinkPickerProps {
  readonly choices: readonly NoteLinkChoice[];
  readonly query: string;
  readonly onChoose: (choice: NoteLinkChoice) => void;
}

export interface NoteLinkPickerHandle {
  onKeyDown(event: KeyboardEvent): boolean;
}

const OPTION_ID = 'note-link-option';

/** LINK3: the `[[` picker's list: each note's title and folder, or a row to link to a note not made yet. */
export const NoteLinkPicker = forwardRef<NoteLinkPickerHandle, NoteLinkPickerProps>(function NoteLinkPicker(
  { choices, query, onChoose },
  ref,
) {
  const [active, setActive] = useState(0);
  // A new list (the query changed) starts from its best match.
  const [shownChoices, setShownChoices] = useState(choices);
  if (shownChoices !== choices) {
    setShownChoices(choices);
    setActive(0);
  }
  useImperativeHandle(ref, () => ({
    onKeyDown(event) {
      if (choices.length === 0) return false;
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((index) => (index + step + choices.length) % choices.length);
        return true;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        const choice = choices[active];
        if (choice) onChoose(choice);
        return choice !== undefined;
      }
      return false;
    },
  }));
  return (
    <div className="note-link-picker" data-testid="note-link-picker">
      {choices.length === 0 ? (
        <p className="note-link-picker__empty">{query ? `No note matches “${query}”` : 'No notes yet'}</p>
      ) : (
        <div
          role="listbox"
          tabIndex={-1}
          aria-label="Link to note"
          aria-activedescendant={`${OPTION_ID}-${active}`}
          className="note-link-picker__list"
        >
          {choices.map((choice, index) => (
            <div
              key={choice.kind === 'note' ? choice.docId : `new:${choice.target}`}
              id={`${OPTION_ID}-${index}`}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              className={index === active ? 'is-active' : undefined}
              onMouseDown={(event) => {
                // Keeps the editor's selection (and the `[[…` range) while the row is clicked.
                event.preventDefault();
                onChoose(choice);
              }}
              onMouseEnter={() => setActive(index)}
            >
              {choice.kind === 'note' ? (
                <>
                  <span className="note-link-picker__title">{choice.title}</span>
                  <span className="note-link-picker__folder">{parentFolderOf(choice.path)}</span>
                </>
              ) : (
                <span className="note-link-picker__title">Link to new note “{choice.target}”</span>
              )}
            </div>
          ))}
        </div>
      )}
    </div>
  );
});
