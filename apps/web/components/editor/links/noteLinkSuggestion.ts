import { NOTE_EMBED, NOTE_LINK } from '@baalda/markdown';
import type { Editor } from '@tiptap/core';
import { PluginKey } from '@tiptap/pm/state';
import { ReactRenderer } from '@tiptap/react';
import Suggestion, { type SuggestionProps } from '@tiptap/suggestion';
import { NoteLinkPicker, type NoteLinkPickerHandle, type NoteLinkPickerProps } from './NoteLinkPicker';
import { type NoteLinkChoice, noteLinkChoices, pickerQueryOf } from './noteLinkChoices';
import type { NoteLinkHost } from './noteLinkHost';

const PICKER_KEY = new PluginKey('noteLinkPicker');

/**
 * LINK3: typing `[[` opens a picker over the vault's notes (this device's tree, so it works offline);
 * choosing one puts a link to it where `[[…` was — holding its docId where every reader of `noteDocId` may
 * read it (LNK8), else its name. Arrow keys move, Enter or Tab choose, Escape closes.
 */
export function noteLinkSuggestion(editor: Editor, host: NoteLinkHost, noteDocId: string | null) {
  return Suggestion<NoteLinkChoice, NoteLinkChoice>({
    pluginKey: PICKER_KEY,
    editor,
    char: '[[',
    allowSpaces: true,
    allowedPrefixes: null,
    allow: ({ editor: current }) => current.isEditable,
    items: ({ query, editor: current }) => noteLinkChoices(host.directory, pickerQueryOf(query), current.isEditable),
    command: ({ editor: current, range, props: choice }) => {
      const query = pickerQueryOf(current.state.doc.textBetween(range.from + 2, range.to));
      const attrs =
        choice.kind === 'note'
          ? {
              docId: host.directory.mayLinkFrom(noteDocId, choice.path) ? choice.docId : null,
              target: host.directory.linkTextOf(choice.docId) ?? choice.title,
            }
          : { docId: null, target: choice.target };
      // `![[` picks what to embed (EMBED1): the `!` goes with the typed query.
      const embeds = range.from > 0 && current.state.doc.textBetween(range.from - 1, range.from) === '!';
      const replaced = embeds ? { from: range.from - 1, to: range.to } : range;
      current
        .chain()
        .focus()
        .insertContentAt(replaced, [
          { type: embeds ? NOTE_EMBED : NOTE_LINK, attrs: { ...attrs, heading: query.heading, alias: query.alias } },
          { type: 'text', text: ' ' },
        ])
        .run();
    },
    render: () => {
      let picker: ReactRenderer<NoteLinkPickerHandle, NoteLinkPickerProps> | null = null;
      let unmount: (() => void) | undefined;
      const propsOf = (props: SuggestionProps<NoteLinkChoice, NoteLinkChoice>): NoteLinkPickerProps => ({
        choices: props.items,
        query: props.query,
        onChoose: props.command,
      });
      return {
        onStart: (props) => {
          picker = new ReactRenderer(NoteLinkPicker, { props: propsOf(props), editor: props.editor });
          unmount = props.mount(picker.element as HTMLElement);
        },
        onUpdate: (props) => picker?.updateProps(propsOf(props)),
        onKeyDown: ({ event }) => picker?.ref?.onKeyDown(event) ?? false,
        onExit: () => {
          unmount?.();
          picker?.destroy();
          picker = null;
        },
      };
    },
  });
}
