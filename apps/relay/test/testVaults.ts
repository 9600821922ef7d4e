import { randomBytes } from 'node:crypto';
import { formatNoteDocumentName, type OpOutcome, type VaultOp } from '@baalda/core';
import { markdownOfDocument } from '@baalda/markdown';
import { connectPeer, type Peer } from './clients';
import { adminFetch, TEST_OWNER, type TestRelay } from './relays';

/** A vault of its own for one test, with an owner's token for it. */
export interface OwnedVault {
  readonly vaultId: string;
  readonly token: string;
}

let vaults = 0;

/** Creates a vault owned by TEST_OWNER (so tests on one relay never see each other's notes). */
export async function createOwnedVault(relay: TestRelay): Promise<OwnedVault> {
  vaults += 1;
  const created = await adminFetch(relay, '/api/admin/vaults', {
    method: 'POST',
    body: JSON.stringify({ name: `Mirror ${vaults} ${process.pid}`, ownerEmail: TEST_OWNER.email }),
  });
  if (created.status !== 201) throw new Error(`vault: ${created.status} ${await created.text()}`);
  const { vault } = (await created.json()) as { vault: { id: string } };
  const minted = await adminFetch(relay, '/api/admin/tokens', {
    method: 'POST',
    body: JSON.stringify({ email: TEST_OWNER.email, vaultId: vault.id }),
  });
  const { secret } = (await minted.json()) as { secret: string };
  return { vaultId: vault.id, token: secret };
}

/** Sends ops to the vault in one batch with its token (OP2: applied in order, answered one by one). */
export async function sendVaultOps(relay: TestRelay, vault: OwnedVault, ops: readonly VaultOp[]): Promise<OpOutcome[]> {
  const response = await fetch(`${relay.httpUrl}/api/vaults/${encodeURIComponent(vault.vaultId)}/ops`, {
    method: 'POST',
    headers: { authorization: `Bearer ${vault.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ops }),
  });
  if (!response.ok) throw new Error(`ops: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { results: OpOutcome[] }).results;
}

/** A browser-equivalent peer on one note of the vault. */
export function openNote(relay: TestRelay, vault: OwnedVault, docId: string): Promise<Peer> {
  return connectPeer({ syncUrl: relay.syncUrl, token: vault.token }, formatNoteDocumentName(docId));
}

/** The note's Markdown as the relay has it (read through a fresh peer). */
export async function relayMarkdown(relay: TestRelay, vault: OwnedVault, docId: string): Promise<string> {
  const peer = await openNote(relay, vault, docId);
  const markdown = markdownOfDocument(peer.doc);
  peer.destroy();
  return markdown;
}

/** Resolves once the relay acknowledged every update the peer sent. */
export async function untilAcknowledged(peer: Peer): Promise<void> {
  while (peer.provider.unsyncedChanges > 0) await new Promise((resolve) => setTimeout(resolve, 10));
}

/** A fresh id shaped like a docId (also used for op ids). */
export function randomId(): string {
  return randomBytes(16).toString('base64url');
}
