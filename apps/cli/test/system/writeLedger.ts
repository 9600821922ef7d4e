/**
 * What every writer of a system run wrote, kept so the end can say which words must be in the vault.
 * Every write puts a marker no one else writes (`a12x7`: writer, seed, count) into a note: a new paragraph
 * starts with one (its root), an amendment adds one right after a paragraph's root. Notes are known by the
 * key in their heading (`# k12n3`), which every writer keeps; a note's first heading names it.
 */
export type WriterName = 'alice' | 'bob' | 'person' | 'assistant';

/** How a write ended: kept by its writer (a device's document, a person's file), answered, refused, or unknown. */
export type WriteStatus = 'kept' | 'acknowledged' | 'refused' | 'unknown';

export interface Written {
  readonly marker: string;
  readonly writer: WriterName;
  /** The note's key, when the writer knew it. */
  readonly note: string | null;
  /** The paragraph's root marker for an amendment; null for a new paragraph. */
  readonly root: string | null;
  readonly at: number;
  /** The write made a new note: refused, that note may be left in the trash (MCP12's create_note). */
  readonly opensNote?: boolean;
  status: WriteStatus;
  /** For a refused write: why (the tool's answer). */
  why?: string;
}

/**
 * A write that makes a note's text what its writer read plus its change (an assistant's `update_note`
 * without `ifRevision`, a person's save over a file the mirror may have rewritten meanwhile): another
 * writer's marker it had not read and that was written before its answer may be gone, legitimately. Its
 * writer's own markers are never excused: they were in what it read, unless something lost them before.
 */
export interface Overwrite {
  readonly note: string | null;
  readonly by: WriterName;
  readonly read: ReadonlySet<string>;
  readonly answeredAt: number;
  readonly what: string;
}

export const MARKER_PATTERN = /\b[abpm]\d+x\d+\b/g;
export const NOTE_KEY_PATTERN = /^# (k\d+n\d+)$/m;
const WRITER_LETTER: Record<WriterName, string> = { alice: 'a', bob: 'b', person: 'p', assistant: 'm' };

/** A paragraph deleted on purpose, by its root marker. */
export interface Removal {
  readonly by: WriterName;
  readonly note: string | null;
}

/** What every writer of one run did; `writeExcuses.ts` reads it to say which words may be missing. */
export class WriteLedger {
  readonly written = new Map<string, Written>();
  /** Paragraphs someone deleted, by root marker: every deletion (two writers may delete the same one). */
  readonly removed = new Map<string, Removal[]>();
  readonly overwrites: Overwrite[] = [];
  /** Markers whose only copy their writer threw away (a file deleted before the mirror sent it), and why. */
  readonly discarded = new Map<string, string>();
  /** When someone restored a note from the trash (a refused create's trashed copy may come back so). */
  readonly restores: number[] = [];
  private count = 0;
  private notes = 0;

  constructor(readonly seed: number) {}

  /** A fresh marker for `writer`'s next write. */
  nextMarker(writer: WriterName): string {
    this.count += 1;
    return `${WRITER_LETTER[writer]}${this.seed}x${this.count}`;
  }

  /** A fresh note key. */
  nextNoteKey(): string {
    this.notes += 1;
    return `k${this.seed}n${this.notes}`;
  }

  record(write: Omit<Written, 'at'>): Written {
    const entry = { ...write, at: Date.now() };
    this.written.set(write.marker, entry);
    return entry;
  }

  recordRestore(at: number): void {
    this.restores.push(at);
  }

  settle(marker: string, status: WriteStatus, why?: string): void {
    const entry = this.written.get(marker);
    if (!entry) return;
    entry.status = status;
    if (why) entry.why = why;
  }

  recordRemoval(root: string, removal: Removal): void {
    this.removed.set(root, [...(this.removed.get(root) ?? []), removal]);
  }

  /** `writer` threw away a copy holding `markers`: its own among them may never have left it. */
  recordDiscarded(markers: readonly string[], writer: WriterName, why: string): void {
    for (const marker of markers) {
      if (this.written.get(marker)?.writer === writer && !this.discarded.has(marker)) this.discarded.set(marker, why);
    }
  }

  recordOverwrite(overwrite: Overwrite): void {
    this.overwrites.push(overwrite);
  }
}

/** The markers in a text. */
export function markersIn(text: string): string[] {
  return text.match(MARKER_PATTERN) ?? [];
}

/** The note key a text names in its first key heading, or null. */
export function noteKeyOf(text: string): string | null {
  return NOTE_KEY_PATTERN.exec(text)?.[1] ?? null;
}
