import type { NodeViewRendererProps } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import type { Decoration, NodeView } from '@tiptap/pm/view';
import { holdsCaret } from './codeBlockCaret';
import { codeLanguageOf, infoAfterChoice, languageChoicesFor } from './codeLanguages';

/**
 * A code block as `pre > code` (the text) with a language picker at its top right (CODE4): a native select
 * named "Code language", shown while the caret is in the block, the pointer over it or the focus in it.
 * Tab from the code reaches it and Escape goes back; a viewer sees it disabled.
 */
export function codeBlockView({ node: initial, editor, view, getPos, decorations }: NodeViewRendererProps): NodeView {
  let node = initial;
  const dom = document.createElement('div');
  dom.className = 'code-block';
  const pre = document.createElement('pre');
  const code = document.createElement('code');
  pre.append(code);
  const toolbar = document.createElement('div');
  toolbar.className = 'code-block-language';
  toolbar.contentEditable = 'false';
  const picker = document.createElement('select');
  picker.setAttribute('aria-label', 'Code language');
  toolbar.append(picker);
  dom.append(pre, toolbar);

  const showLanguage = () => {
    const { choices, selected } = languageChoicesFor(node.attrs.language);
    picker.replaceChildren(...choices.map((choice) => new Option(choice.label, choice.value)));
    picker.value = selected;
    const language = codeLanguageOf(node.attrs.language);
    code.className = language ? `language-${language.name}` : '';
  };
  const showCaret = (around: readonly Decoration[]) => {
    const caretInside = holdsCaret(around);
    dom.classList.toggle('has-caret', caretInside);
    // Only the block being edited joins the Tab order, so Tab from its code lands on its own picker.
    picker.tabIndex = caretInside ? 0 : -1;
  };
  // A viewer's editor (or a trashed note's) can't be changed; `setEditable` is announced as an update.
  const showEditable = () => {
    picker.disabled = !view.editable;
  };
  picker.addEventListener('change', () => {
    const pos = getPos();
    const language = infoAfterChoice(node.attrs.language, picker.value);
    if (typeof pos !== 'number' || !view.editable || language === node.attrs.language) return;
    view.dispatch(view.state.tr.setNodeAttribute(pos, 'language', language));
  });
  picker.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    view.focus();
  });
  editor.on('update', showEditable);
  showLanguage();
  showCaret(decorations);
  showEditable();

  return {
    dom,
    contentDOM: code,
    update: (updated: ProseMirrorNode, around: readonly Decoration[]) => {
      if (updated.type !== node.type) return false;
      const languageChanged = updated.attrs.language !== node.attrs.language;
      node = updated;
      if (languageChanged) showLanguage();
      showCaret(around);
      return true;
    },
    // The picker handles its own clicks and keys; ProseMirror would take them for the text's.
    stopEvent: (event) => event.target instanceof Node && toolbar.contains(event.target),
    ignoreMutation: (mutation) => {
      if (mutation.type === 'selection') return false;
      if (mutation.target === code && mutation.type === 'attributes') return true;
      return !code.contains(mutation.target);
    },
    destroy: () => {
      editor.off('update', showEditable);
    },
  };
}
