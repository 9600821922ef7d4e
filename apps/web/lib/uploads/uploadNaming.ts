import {
  entryKindOf,
  extensionOf,
  joinPath,
  LIMITS,
  MCP_LIMITS,
  NOTE_EXTENSION,
  pathKey,
  validateAttachmentPath,
  validateNotePath,
} from '@baalda/core';
import { formatFileSize } from '../attachments/attachmentLabels';
import { firstFreePath } from '../vault/treeNames';

/** What the app reads of a file the person picked or dropped. */
export interface ChosenFile {
  readonly name: string;
  readonly size: number;
}

/** What becomes of one chosen file: an attachment to upload, a note to import (PATH11), or nothing. */
export type FilePlan =
  | { readonly kind: 'attachment'; readonly path: string }
  | { readonly kind: 'note'; readonly path: string }
  | { readonly kind: 'refused'; readonly message: string };

// A Markdown file becomes a note's text in one edit; past what one text write may carry (MCP's limit, the
// same bound the relay's tools keep), its Yjs update would not fit a sync frame anyway (LIM1).
const MAX_MARKDOWN_BYTES = MCP_LIMITS.maxTextChars * 4;

/**
 * Where each file goes in `folder`: its own name in NFC (PATH9), or the first free "name 2.pdf",
 * "name 3.pdf"… when the name is taken by a live entry, an earlier file of the batch or `takenKeys`
 * (path keys). A `.md` file is a note (PATH11) and keeps ".md"; anything else is an attachment. A file
 * over LIM12 or with a name the PATH rules refuse is refused here, with the reason, before anything is
 * stored.
 * @example planFileUploads([{ name: 'Scan.pdf', size: 10 }], 'Work', new Set(['work/scan.pdf']))
 * // [{ kind: 'attachment', path: 'Work/Scan 2.pdf' }]
 */
export function planFileUploads(
  files: readonly ChosenFile[],
  folder: string,
  takenKeys: ReadonlySet<string>,
): FilePlan[] {
  const taken = new Set(takenKeys);
  return files.map((file) => {
    const plan = planOne(file, folder, taken);
    if (plan.kind !== 'refused') taken.add(pathKey(plan.path));
    return plan;
  });
}

function planOne(file: ChosenFile, folder: string, taken: ReadonlySet<string>): FilePlan {
  const name = file.name.normalize('NFC');
  const kind = entryKindOf(name);
  const limit = kind === 'note' ? MAX_MARKDOWN_BYTES : LIMITS.maxAttachmentBytes;
  if (file.size > limit) {
    const what = kind === 'note' ? 'a Markdown file imported as a note' : 'one file';
    return refuse(name, `it is ${formatFileSize(file.size)}, larger than the ${formatFileSize(limit)} ${what} may be.`);
  }
  const validate = kind === 'note' ? validateNotePath : validateAttachmentPath;
  const named = validate(joinPath(folder, name));
  if (!named.ok) return refuse(name, named.message);
  const extension = kind === 'note' ? NOTE_EXTENSION : extensionOf(name);
  const stem = name.slice(0, name.length - extension.length);
  const free = validate(firstFreePath(folder, stem, extension, taken));
  return free.ok ? { kind, path: free.path } : refuse(name, free.message);
}

function refuse(name: string, reason: string): FilePlan {
  return { kind: 'refused', message: `“${name}” was not added: ${reason}` };
}
