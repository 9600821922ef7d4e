// `@baalda/markdown/testing`: what other workspaces' tests use to build and compare documents — the
// fast-check arbitraries (test-only: fast-check is a devDependency) and the model's conversions between
// blocks and Yjs nodes. Excluded from the package's production typecheck; only tests may import it.

export { editorChildrenOf, fingerprintOf, yNodesOf } from '../model/editorModel';
export { arbitraryBlocks, arbitraryNoteLink, arbitraryText } from './arbitraryBlocks';
export { arbitraryMarkdownNote } from './arbitraryMarkdown';
