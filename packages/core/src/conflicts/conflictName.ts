import { LIMITS } from '../limits/limits';
import { extensionOf, fileNameOf, joinPath, parentFolderOf, pathKey, utf8Length } from '../paths/notePath';

/** The UTC calendar date of a moment, as YYYY-MM-DD. */
export function utcDateOf(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}

/**
 * CN2/CN3: the first free name for a note or attachment that collided at `path`:
 * `<name> (conflict YYYY-MM-DD).md`, then `<name> (conflict YYYY-MM-DD) 2.md`, ` 3`, … in the same folder;
 * an attachment keeps its own extension (`Scan (conflict 2026-11-30).pdf`). The date is the UTC date of the
 * renamed entry's creation. `isTaken` answers by path key (PATH9).
 * @example conflictPath('Ideas.md', Date.UTC(2026, 10, 30), () => false) // 'Ideas (conflict 2026-11-30).md'
 */
export function conflictPath(path: string, createdAt: number, isTaken: (key: string) => boolean): string {
  const folder = parentFolderOf(path);
  const extension = extensionOf(path);
  const name = fileNameOf(path);
  const stem = name.slice(0, name.length - extension.length);
  const suffix = ` (conflict ${utcDateOf(createdAt)})`;
  for (let attempt = 1; ; attempt += 1) {
    const ending = `${suffix}${attempt === 1 ? '' : ` ${attempt}`}${extension}`;
    const candidate = joinPath(folder, `${fitStem(stem, ending)}${ending}`);
    if (!isTaken(pathKey(candidate))) return candidate;
  }
}

// CN3: a long name is shortened (by whole code points, never to nothing) so the renamed name still
// fits PATH7's byte limit.
function fitStem(stem: string, ending: string): string {
  const codePoints = Array.from(stem);
  while (codePoints.length > 1 && utf8Length(codePoints.join('') + ending) > LIMITS.maxPathSegmentBytes)
    codePoints.pop();
  return codePoints.join('').trimEnd() || codePoints.join('');
}

/** True when a path has the shape CN2 gives a renamed note or attachment (shown with a marker in the tree). */
export function isConflictPath(path: string): boolean {
  const name = fileNameOf(path);
  const stem = name.slice(0, name.length - extensionOf(path).length);
  return / \(conflict \d{4}-\d{2}-\d{2}\)( \d+)?$/iu.test(stem);
}
