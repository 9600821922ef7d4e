import { textblockTypeInputRule } from '@tiptap/core';
import CodeBlock from '@tiptap/extension-code-block';
import { codeBlockCaretPlugin } from './codeBlockCaret';
import { codeBlockView } from './codeBlockView';
import { codeHighlightPlugin } from './codeHighlighting';

// The fence's language is anything up to a space, as CommonMark reads an info string (`c++`, `Python`,
// `objective-c`); Tiptap's own rule takes only lowercase letters, so "```c++ " made a paragraph. A
// backtick fence's info string can't hold a backtick.
const BACKTICK_FENCE = /^```([^\s`]+)?[\s\n]$/;
const TILDE_FENCE = /^~~~(\S+)?[\s\n]$/;

/**
 * Code blocks (`codeBlock{language}`, which core reads and writes as fenced blocks with their info string):
 * made by typing a fence and its language (CODE2), highlighted by that language with grammars loaded on
 * demand (CODE1, CODE3), with a language picker (CODE4).
 */
export const HighlightedCodeBlock = CodeBlock.extend({
  addInputRules() {
    return [BACKTICK_FENCE, TILDE_FENCE].map((find) =>
      textblockTypeInputRule({ find, type: this.type, getAttributes: (match) => ({ language: match[1] ?? null }) }),
    );
  },
  addNodeView() {
    return codeBlockView;
  },
  addProseMirrorPlugins() {
    return [...(this.parent?.() ?? []), codeHighlightPlugin(this.name), codeBlockCaretPlugin(this.name)];
  },
});
