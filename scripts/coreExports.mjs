// Core's surface on purpose: every name packages/core/src/index.ts exports is used by another workspace.
// Parses the index with TypeScript's own parser; a use is the name as a word in another workspace's source
// (an import, a type position, a re-export), which over-counts a little and never under-counts.
import ts from 'typescript';

/** The names an index file exports (`export { a, type B } from …`, `export type { C } from …`). */
export function exportedNames(indexSource) {
  const file = ts.createSourceFile('index.ts', indexSource, ts.ScriptTarget.Latest);
  const names = [];
  for (const statement of file.statements) {
    if (!ts.isExportDeclaration(statement)) continue;
    if (!statement.exportClause || !ts.isNamedExports(statement.exportClause)) {
      names.push('*');
      continue;
    }
    for (const element of statement.exportClause.elements) names.push(element.name.text);
  }
  return names;
}

/** Exported names no other workspace's source names; `*` (an export of everything) is always a problem. */
export function unusedCoreExports(indexSource, otherSources) {
  const words = new Set();
  for (const text of otherSources) for (const [word] of text.matchAll(/[A-Za-z_$][\w$]*/g)) words.add(word);
  return exportedNames(indexSource).filter((name) => name === '*' || !words.has(name));
}
