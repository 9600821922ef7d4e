import { markersIn, type Removal, type WriteLedger, type WriterName, type Written } from './writeLedger';

/**
 * Why a write may be missing at the end, or null when it must be there. A write's marker may go only
 * with what someone did on purpose or could not see:
 * - its answer was lost (the assistant can't know whether it was applied);
 * - its writer threw its only copy away (a file deleted before the mirror sent it);
 * - someone deleted its paragraph (a new paragraph's root, or the root an amendment went after);
 * - it amended a paragraph whose root is gone for one of these reasons (typed into a paragraph that an
 *   overwrite removed, it went with that paragraph, as a word typed into a deleted block does);
 * - another writer replaced the note's text with what it had read, which lacked it (an overwrite);
 * - it was a new paragraph that a Markdown diff (MD4: the mirror's merge of a file, an assistant's
 *   `update_note`) may have made out of a paragraph its writer's change dropped, which another writer
 *   deleted meanwhile: the diff can't tell "delete R, write P" from "rewrite R as P" when the two share
 *   enough text (MD4 pairs them from a quarter of the shorter one), and a rewritten paragraph goes with a
 *   concurrent delete of it, as any edit inside a deleted paragraph does.
 */
export function excuseFor(ledger: WriteLedger, entry: Written, isPresent: (marker: string) => boolean): string | null {
  if (entry.status === 'unknown') return 'its answer was lost';
  const discarded = ledger.discarded.get(entry.marker);
  if (discarded) return discarded;
  const root = entry.root ?? entry.marker;
  const removal = ledger.removed.get(root)?.[0];
  if (removal) return `${removal.by} deleted its paragraph ${root}`;
  const rootEntry = entry.root !== null && !isPresent(entry.root) ? ledger.written.get(entry.root) : undefined;
  const rootExcuse = rootEntry ? excuseFor(ledger, rootEntry, isPresent) : null;
  if (rootExcuse) return `its paragraph's root ${root} is gone: ${rootExcuse}`;
  const overwrite = ledger.overwrites.find(
    (candidate) =>
      candidate.by !== entry.writer &&
      isSameNote(candidate.note, entry.note) &&
      !candidate.read.has(entry.marker) &&
      entry.at < candidate.answeredAt,
  );
  if (overwrite) return `overwritten by ${overwrite.what}`;
  return entry.root === null ? rewrittenFrom(ledger, entry) : null;
}

function rewrittenFrom(ledger: WriteLedger, entry: Written): string | null {
  if (entry.writer !== 'person' && entry.writer !== 'assistant') return null;
  for (const [root, removals] of ledger.removed) {
    const other = removals.find((removal) => removal.by !== entry.writer && isSameNote(removal.note, entry.note));
    if (other && sharedEnds(entry.marker, root) >= 0.25 && hasDropped(ledger, entry.writer, root, removals)) {
      return `its writer's change dropped ${root}, which ${other.by} deleted: MD4 may have rewritten ${root} into it`;
    }
  }
  return null;
}

/** `writer` dropped the paragraph `root`: it deleted it, or overwrote its note without having read it. */
function hasDropped(ledger: WriteLedger, writer: WriterName, root: string, removals: readonly Removal[]): boolean {
  if (removals.some((removal) => removal.by === writer)) return true;
  return ledger.overwrites.some((overwrite) => overwrite.by === writer && !overwrite.read.has(root));
}

/** MD4's measure: how much of the shorter text the two share at their ends. */
function sharedEnds(a: string, b: string): number {
  const shorter = Math.min(a.length, b.length);
  let prefix = 0;
  while (prefix < shorter && a[prefix] === b[prefix]) prefix++;
  let suffix = 0;
  while (suffix < shorter - prefix && a[a.length - 1 - suffix] === b[b.length - 1 - suffix]) suffix++;
  return (prefix + suffix) / Math.max(shorter, 1);
}

function isSameNote(a: string | null, b: string | null): boolean {
  return a === null || b === null || a === b;
}

/**
 * Every write that must be in the vault is (in any note, live or trashed), no refused write left a word,
 * and nothing is there that nobody wrote. The texts are the final Markdown of the vault's notes; `setAside`
 * holds the files the mirror moved into `.baalda/removed/` (MIR5: a note trashed elsewhere leaves its
 * file there, with whatever the person had typed into it and not yet sent).
 */
export function presenceProblems(
  ledger: WriteLedger,
  texts: {
    readonly live: readonly string[];
    readonly trashed: readonly string[];
    readonly setAside?: readonly string[];
  },
): string[] {
  const live = new Set(texts.live.flatMap(markersIn));
  const present = new Set([...live, ...texts.trashed.flatMap(markersIn)]);
  const keptAside = new Set((texts.setAside ?? []).flatMap(markersIn));
  const problems: string[] = [];
  for (const marker of present) {
    const entry = ledger.written.get(marker);
    if (!entry) problems.push(`${marker} is there but nobody wrote it: ${paragraphHolding(marker, texts)}`);
    else if (entry.status === 'refused' && !mayRemain(ledger, entry, live.has(marker)))
      problems.push(`${marker} (${entry.writer}) was refused (${entry.why}) but is there`);
  }
  for (const entry of ledger.written.values()) {
    if (present.has(entry.marker) || entry.status === 'refused') continue;
    if (entry.writer === 'person' && keptAside.has(entry.marker)) continue;
    if (excuseFor(ledger, entry, (marker) => present.has(marker)) !== null) continue;
    const where = entry.root ? `amending ${entry.root}` : 'a new paragraph';
    problems.push(`${entry.marker} (${entry.writer}, ${where} in ${entry.note ?? 'a note'}, ${entry.status}) is lost`);
  }
  return problems;
}

/**
 * A refused create_note may leave its note in the trash (MCP12: a create that lost its path to a concurrent
 * one is trashed, not kept as a silent copy), and a person who restores a note from the trash afterwards
 * may bring that one back: trash keeps what it holds, and restoring is someone's choice.
 */
function mayRemain(ledger: WriteLedger, entry: Written, isLive: boolean): boolean {
  if (!entry.opensNote) return false;
  return !isLive || ledger.restores.some((at) => at > entry.at);
}

/** The paragraph a marker is in, and its note's key, for a failure message. */
function paragraphHolding(marker: string, texts: { live: readonly string[]; trashed: readonly string[] }): string {
  for (const text of [...texts.live, ...texts.trashed]) {
    const paragraph = text.split('\n\n').find((block) => block.includes(marker));
    if (paragraph) return `"${paragraph.trim()}" in ${text.split('\n')[0]}`;
  }
  return 'nowhere';
}
