import { Extension } from '@tiptap/core';
import { DOMParser, type ParseOptions, type Node as ProseMirrorNode, type Schema, type Slice } from '@tiptap/pm/model';
import { Plugin, PluginKey } from '@tiptap/pm/state';

// `true` is how ProseMirror reads text as it was written: the DOM around a typed change, and a copy from a
// ProseMirror editor. `'full'` differs only in keeping newlines.
function keepingNewlines(options: ParseOptions): ParseOptions {
  return options.preserveWhitespace === true ? { ...options, preserveWhitespace: 'full' } : options;
}

/**
 * The schema's parser, except that where ProseMirror reads text as it was written, a newline in a paragraph's
 * text stays a newline (RAW5). ProseMirror's own reading makes it a hard break (the schema's line break
 * replacement) or a space: typing on either line of a paragraph with a soft line break changed that break.
 */
class SoftBreakParser extends DOMParser {
  override parse(dom: globalThis.Node, options: ParseOptions = {}): ProseMirrorNode {
    return super.parse(dom, keepingNewlines(options));
  }

  override parseSlice(dom: globalThis.Node, options: ParseOptions = {}): Slice {
    return super.parseSlice(dom, keepingNewlines(options));
  }
}

/**
 * RAW5: a soft line break (a single newline inside a paragraph in Markdown) is a `\n` in the paragraph's text,
 * which the editor shows as a line break (`white-space: pre-wrap`) and keeps through typing and copying.
 */
export const SoftLineBreaks = Extension.create({
  name: 'softLineBreaks',
  addProseMirrorPlugins() {
    const { schema } = this.editor;
    return [new Plugin({ key: new PluginKey('softLineBreaks'), props: { domParser: softBreakParserOf(schema) } })];
  },
});

function softBreakParserOf(schema: Schema): DOMParser {
  return new SoftBreakParser(schema, DOMParser.fromSchema(schema).rules);
}
