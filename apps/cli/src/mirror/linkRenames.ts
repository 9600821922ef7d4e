import type { LinkableEntry } from '@baalda/core';
import { LinkNames, type NamesChange } from './linkNames';
import type { MirrorContext } from './mirrorContext';
import type { MirrorState } from './mirrorState';
import type { RemoteTree } from './relayCalls';

/** The entries links are named by under one key: the key changes whenever a name may have. */
interface NamedEntries {
  readonly key: string;
  readonly entries: readonly LinkableEntry[];
}

/**
 * LNK3: the relay's entries by their paths there, then those only this mirror has — notes and attachments
 * not yet created on the relay, and the ids planned for files new in this scan — by their paths here.
 * Without a tree (offline since the start), every entry by the path the relay last had it at.
 */
function namedEntriesOf(
  state: MirrorState,
  tree: RemoteTree | null,
  planned: ReadonlyMap<string, string>,
): NamedEntries {
  const local: LinkableEntry[] = [];
  for (const entry of state.entries.values()) {
    if (entry.trashOpId !== null || tree?.byId.has(entry.docId)) continue;
    local.push({ docId: entry.docId, path: entry.relayPath ?? entry.path });
  }
  for (const [path, docId] of planned) if (!state.entries.has(docId)) local.push({ docId, path });
  const key = `${tree?.version ?? 'no tree'}\n${local.map((entry) => `${entry.docId} ${entry.path}`).join('\n')}`;
  return { key, entries: [...(tree?.notes ?? []), ...local] };
}

/** The names of a mirror that starts: those of the entries as its state last knew them. */
export function startingLinkNames(state: MirrorState): LinkNames {
  const { key, entries } = namedEntriesOf(state, null, new Map());
  return new LinkNames(key, entries);
}

/**
 * Brings the link names up to the tree and entries as they are now. A note linking to an entry that was
 * renamed or moved on the relay, made or removed, or that shares a name with one, is rendered again: its
 * file is rewritten where a `[[name]]` no longer reads as its entry (MIR4, LNK3), and read meanwhile with
 * the names it still shows.
 */
export function refreshLinkNames(ctx: MirrorContext): void {
  // LNK8: a change of private folders grows the tree's version, so this follows it.
  ctx.links.setPrivateFolders(ctx.remote.tree?.privateFolders ?? null);
  const named = namedEntriesOf(ctx.state, ctx.remote.tree, ctx.plannedIds);
  const change = ctx.links.update(named.key, named.entries);
  if (!change) return;
  ctx.links.keepOnly((docId) => ctx.state.entries.has(docId));
  if (change.renamed.size > 0) renderLinkingNotes(ctx, change);
}

function renderLinkingNotes(ctx: MirrorContext, { renamed, before }: NamesChange): void {
  for (const note of ctx.docs.all()) {
    if (!ctx.state.entries.has(note.docId)) continue;
    if (!ctx.docs.linkedDocIdsOf(note.docId).some((docId) => renamed.has(docId))) continue;
    ctx.links.keepEarlier(note.docId, before);
    ctx.docs.relayChanged.add(note.docId);
  }
}
