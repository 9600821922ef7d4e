import type { Node as ProseMirrorNode } from '@tiptap/pm/model';

/** Obsidian's callout types, in the order its own menu lists them. */
export const CALLOUT_KINDS = [
  'note',
  'abstract',
  'info',
  'todo',
  'tip',
  'success',
  'question',
  'warning',
  'failure',
  'danger',
  'bug',
  'example',
  'quote',
] as const;

/** One option of the callout type select: the `kind` it sets and what it shows. */
export interface CalloutKindChoice {
  readonly value: string;
  readonly label: string;
}

/** A type as a word, as Obsidian titles an untitled callout: `tip` → "Tip". */
export function kindLabelOf(kind: string): string {
  return kind.charAt(0).toUpperCase() + kind.slice(1).toLowerCase();
}

/** The title a callout shows: its own, else its type as a word (`[!tip]` → "Tip"), as Obsidian does. */
export function calloutTitleOf(node: ProseMirrorNode): string {
  const title = typeof node.attrs.title === 'string' ? node.attrs.title.trim() : '';
  return title || kindLabelOf(String(node.attrs.kind || 'note'));
}

const KNOWN_CHOICES: readonly CalloutKindChoice[] = CALLOUT_KINDS.map((kind) => ({
  value: kind,
  label: kindLabelOf(kind),
}));

/**
 * The type select's options for a callout of `kind`, and the one selected (CALL2). Types are read in any case,
 * as Obsidian reads them; a type that isn't one of Obsidian's own (an alias such as `caution`, or one of the
 * person's own) is offered first as typed, so showing the select never changes it.
 */
export function calloutKindChoicesFor(kind: unknown): { choices: readonly CalloutKindChoice[]; selected: string } {
  const written = typeof kind === 'string' && kind ? kind : 'note';
  const known = KNOWN_CHOICES.find((choice) => choice.value === written.toLowerCase());
  if (known) return { choices: KNOWN_CHOICES, selected: known.value };
  return { choices: [{ value: written, label: kindLabelOf(written) }, ...KNOWN_CHOICES], selected: written };
}

/** The kind to write for a choice, or null when it is the callout's kind already (in any case). */
export function kindAfterChoice(kind: unknown, choice: string): string | null {
  const written = typeof kind === 'string' && kind ? kind : 'note';
  return written.toLowerCase() === choice.toLowerCase() ? null : choice;
}

/** The title attribute for what was typed in the title field: trimmed, on one line; nothing is no title. */
export function calloutTitleFromInput(typed: string): string | null {
  const title = typed.replace(/\s+/g, ' ').trim();
  return title || null;
}
