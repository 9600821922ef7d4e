import type { DiskFile } from './diskScan';
import type { MirrorLog } from './mirrorLog';

/**
 * MIR6: files the mirror will not sync as they are (a path the vault refuses, junk in a `.md`, too large),
 * each logged once and skipped until its size or time changes, so a bad file costs nothing per pass.
 */
export class RefusedFiles {
  private readonly files = new Map<string, { size: number; mtimeMs: number }>();

  constructor(private readonly log: MirrorLog) {}

  /** Logs `<path> not synced: <reason>` and skips the file as it is now. */
  refuse(file: DiskFile, reason: string): void {
    this.files.set(file.path, { size: file.size, mtimeMs: file.mtimeMs });
    this.log.once(`refused:${file.path}`, `${file.path} not synced: ${reason}`);
  }

  /** True when the file is still exactly as it was refused. */
  has(file: DiskFile): boolean {
    const refused = this.files.get(file.path);
    return refused !== undefined && refused.size === file.size && refused.mtimeMs === file.mtimeMs;
  }

  /** Forgets refusals of files no longer on disk (a new file there is judged afresh). */
  keepOnly(paths: ReadonlySet<string> | ReadonlyMap<string, unknown>): void {
    for (const path of this.files.keys()) {
      if (paths.has(path)) continue;
      this.files.delete(path);
      this.log.clear(`refused:${path}`);
    }
  }
}
