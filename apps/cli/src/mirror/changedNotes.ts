/**
 * MIR14: the notes whose document holds something their file does not show yet (a relay edit, a save
 * the mirror found set aside, names to render again). Marks are numbered, and a pass clears one only
 * with the number it read before it rendered the note: a mark made while the file was being written (a
 * relay edit heard during the write's awaits) outlives that write. Cleared unconditionally, such a mark
 * once left a file without two paragraphs of a peer's while the mirror said it was idle.
 */
export class ChangedNotes implements Iterable<string> {
  private readonly marks = new Map<string, number>();
  private counter = 0;

  /** Marks the note: its file must be rendered again. */
  add(docId: string): void {
    this.counter += 1;
    this.marks.set(docId, this.counter);
  }

  /** A reading of every mark as of now: give it to `settle` once the file shows the document as it is now. */
  now(): number {
    return this.counter;
  }

  /** The file shows the note as it was at `seen`: its mark goes, unless it was made after. */
  settle(docId: string, seen: number): void {
    if ((this.marks.get(docId) ?? 0) <= seen) this.marks.delete(docId);
  }

  /** Forgets the note (closed, trashed, or its file can't be written: MIR6, a refusal of the relay). */
  delete(docId: string): void {
    this.marks.delete(docId);
  }

  has(docId: string): boolean {
    return this.marks.has(docId);
  }

  get size(): number {
    return this.marks.size;
  }

  [Symbol.iterator](): Iterator<string> {
    return this.marks.keys();
  }
}
