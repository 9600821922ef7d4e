// @baalda/markdown's public names, by room: the editor's document model, reading Markdown (parse/), writing
// it (write/), editing a document to match Markdown (edit/), and links between notes (links/). Named exports
// only: anything exported here is what another workspace may depend on.

export { appendMarkdown, applyMarkdownEdit, MARKDOWN_EDIT_ORIGIN } from './edit/applyMarkdownEdit';
export { type DiffHunk, diffLines } from './edit/diffLines';
export { FRONT_MATTER_LANGUAGE, splitFrontMatter } from './frontMatter';
export { linkedDocIdsOf } from './links/linkPasses';
export { linkNameKey, type NoteLinkResolver } from './links/noteLinkResolver';
export { NOTE_EMBED, NOTE_LINK, wikilinkPartsOf } from './links/wikilinkSyntax';
export { ATOM_MARK_NAMES, type EditorElement, type EditorNode, RAW_INLINE } from './model/editorModel';
export { EDITOR_FRAGMENT, extractPlainText } from './model/plainText';
export { calloutHeadOf, markCallouts } from './parse/callouts';
export { type TopLevelHeading, topLevelHeadingsOf } from './parse/headings';
export { markdownParser } from './parse/markdownIt';
export { documentContentOfMarkdown } from './parse/parseMarkdown';
export { markdownOfBlocks, markdownOfDocument } from './write/writeMarkdown';
