import { Node } from '@tiptap/core';
import { codeBlockCaretPlugin } from '../codeBlockCaret';
import { leaveAtEnd, leaveOnThirdEnter, paragraphFromEmpty } from './rawBlockKeys';
import { rawBlockView } from './rawBlockView';

/**
 * RAW1: a block of Markdown the editor has no node for (an HTML block, `$$` math, a footnote definition, a
 * `%%` comment, a link reference definition…), core's `rawBlock`: its text is the source, written back as
 * it is. Edited as text like a code block, in `rawBlockView`, labelled with what it is. The clipboard carries
 * it as `pre[data-raw-markdown]`, ahead of the code block's `pre`.
 */
export const RawBlock = Node.create({
  name: 'rawBlock',
  group: 'block',
  content: 'text*',
  marks: '',
  code: true,
  defining: true,
  parseHTML() {
    return [{ tag: 'pre[data-raw-markdown]', preserveWhitespace: 'full', priority: 60 }];
  },
  renderHTML() {
    return ['pre', { 'data-raw-markdown': '' }, ['code', 0]];
  },
  addNodeView() {
    return rawBlockView;
  },
  // As out of a code block: Enter on a third empty line at its end, or ArrowDown at its end.
  addKeyboardShortcuts() {
    return {
      Enter: ({ editor }) => leaveOnThirdEnter(editor, this.name),
      ArrowDown: ({ editor }) => leaveAtEnd(editor, this.name),
      Backspace: ({ editor }) => paragraphFromEmpty(editor, this.name),
    };
  },
  addProseMirrorPlugins() {
    return [codeBlockCaretPlugin(this.name)];
  },
});
