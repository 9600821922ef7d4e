import { resolve, sep } from 'node:path';

/** Where an export writes: a folder or a `.zip` file. Paths are vault paths (`Projects/Plan.md`). */
export interface ExportTarget {
  /** What the summary names: the folder or the file. */
  readonly description: string;
  makeFolder(path: string): Promise<void>;
  /** A note's file, its text exactly, and its docId for `.baalda-ids.json`; a failure concerns this file only. */
  writeNote(path: string, text: string, docId: string): Promise<void>;
  /** An attachment's bytes as the relay streams them; a failure concerns this file only. */
  writeAttachment(path: string, body: ReadableStream<Uint8Array>): Promise<void>;
  /** Completes the export: the manifest and the ids, then the zip's rename or the folder's cleanup. */
  finish(): Promise<void>;
  /** Stops after a fatal error, leaving a retry possible (the folder) or nothing behind (the zip). */
  abort(): Promise<void>;
}

/**
 * The file a vault path names inside `root`. Vault paths are checked by the relay (PATH1–PATH7: no `..`,
 * no `\`); this refuses anything that would still leave `root`, whatever the relay sent.
 */
export function fileInside(root: string, vaultPath: string): string {
  const base = resolve(root);
  const file = resolve(base, ...vaultPath.split('/'));
  if (!file.startsWith(base + sep)) throw new Error(`"${vaultPath}" would be written outside ${root}`);
  return file;
}
