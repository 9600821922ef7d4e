import { likePrefixPatternOf } from '@baalda/core';
import { Prisma } from '../generated/prisma/client';

/** The path-key columns the predicate is written for: a note's or a folder's, bare or as the join names it. */
export type PathKeyColumn = 'path_key' | 'n.path_key';

/**
 * ACL5's SQL predicate, written here only: true for a row whose path key is not a hidden folder's key and
 * lies inside none of them (`hidden`: core's hiddenFolderKeys for the caller). Every read of notes or
 * folders for a caller ANDs it in, so a hidden row never reaches the code that builds an answer, a count or
 * a cursor. An empty `hidden` keeps every row.
 */
export function outsideHiddenFolders(hidden: readonly string[], column: PathKeyColumn = 'path_key'): Prisma.Sql {
  const key = Prisma.raw(column);
  return Prisma.sql`NOT (${key} = ANY(${[...hidden]}::text[]) OR ${key} LIKE ANY(${hidden.map(likePrefixPatternOf)}::text[]))`;
}
