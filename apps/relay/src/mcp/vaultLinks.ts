import { createNoteLinkResolver, linksSharedWith } from '@baalda/core';
import type { NoteLinkResolver } from '@baalda/markdown';
import type { VaultGuard } from '../access/vaultGuard';
import type { VaultReader } from '../vault/vaultReader';

/**
 * LNK3 for one MCP call: links resolved against the vault's live notes as they are now, among those the
 * caller may read only (LNK6): a hidden note is never named, never read from a name and never makes a
 * name longer, so no answer tells the caller it exists. With `notePath`, the note being written, a name
 * resolves only to a note every reader of that note may read (LNK8).
 */
export async function vaultLinkResolver(
  reader: VaultReader,
  vaultId: string,
  guard: VaultGuard,
  notePath?: string,
): Promise<NoteLinkResolver> {
  const readable = await reader.readableEntries(vaultId, guard);
  const links = createNoteLinkResolver(readable);
  return notePath === undefined ? links : linksSharedWith(notePath, readable, guard.restrictions, links);
}
