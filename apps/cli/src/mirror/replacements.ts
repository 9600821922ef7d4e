/** A text a note's file showed, and the document state it stands for (its base, MIR3). */
export interface ShownText {
  readonly base: Uint8Array;
  /** Its blocks (`blocksOf`), or null when not worked out yet. */
  readonly blocks: readonly string[] | null;
}

/** A file the mirror moved out of the way as it put a rewrite in place (MIR4), kept to be looked at again. */
export interface SetAside {
  readonly docId: string;
  /** Where it is now, in `.baalda/tmp/`. */
  readonly path: string;
  /** When it was set aside (ms). */
  readonly since: number;
  /** What was last taken from it (at first the text the mirror expected there), as a hash and a base. */
  taken: { readonly hash: string; readonly base: Uint8Array };
  /** Its size, time and hash at the last look. */
  lastLook: { readonly size: number; readonly mtimeMs: number; readonly hash: string } | null;
}

// MIR4: how long after a rewrite a save may still have been made from the text it replaced (an editor that
// saved before it reloaded), and how long a set-aside file is watched for a save still being written into it.
export const STALE_SAVE_MS = 5000;
export const SET_ASIDE_MS = 2000;

interface Replaced extends ShownText {
  readonly at: number;
}

// At most this many texts are kept per note (a file rewritten again and again within STALE_SAVE_MS).
const KEPT_PER_NOTE = 4;

/**
 * MIR4: what the mirror's rewrites replaced, for a short while: the texts the files showed before (so a
 * save made from one of them is merged against it) and the replaced files themselves (so a save that
 * slipped in before a rewrite, or is still being written into the replaced file, is taken in).
 */
export class Replacements {
  private readonly texts = new Map<string, Replaced[]>();
  private readonly copies = new Map<string, SetAside>();

  /** The file of `docId` showed `text` until the mirror replaced it at `at` (ms). */
  remember(docId: string, text: ShownText, at: number): void {
    const kept = [{ ...text, at }, ...(this.texts.get(docId) ?? [])].slice(0, KEPT_PER_NOTE);
    this.texts.set(docId, kept);
  }

  /** The texts rewrites replaced within STALE_SAVE_MS before a save made at `savedAt`, newest first. */
  replacedBefore(docId: string, savedAt: number): ShownText[] {
    return (this.texts.get(docId) ?? []).filter((text) => savedAt - text.at < STALE_SAVE_MS);
  }

  /** Drops texts too old to matter. */
  prune(now: number): void {
    for (const [docId, texts] of this.texts) {
      const recent = texts.filter((text) => now - text.at < STALE_SAVE_MS);
      if (recent.length > 0) this.texts.set(docId, recent);
      else this.texts.delete(docId);
    }
  }

  setAside(copy: SetAside): void {
    this.copies.set(copy.path, copy);
  }

  setAsideCopies(): SetAside[] {
    return [...this.copies.values()];
  }

  release(path: string): void {
    this.copies.delete(path);
  }

  /** True while a set-aside file holds, or may hold, a save not taken in yet. */
  hasUntaken(): boolean {
    return [...this.copies.values()].some((copy) => copy.lastLook?.hash !== copy.taken.hash);
  }
}
