import { formatVaultDocumentName, parseDocumentName, parseVaultOpBatch } from '@baalda/core';
import type { Extension, Hocuspocus, onConnectPayload, onStatelessPayload } from '@hocuspocus/server';
import type { SyncContext } from '../access/AccessExtension';
import type { AccessService } from '../access/accessService';
import { callerOfRef } from '../access/socketCallers';
import { guardOf, type VaultGuard } from '../access/vaultGuard';
import { EXTENSION_PRIORITY } from '../support/extensionOrder';
import type { Logger } from '../support/logger';
import type { VaultService } from './vaultService';

/**
 * `vault:<id>` documents are channels, not content: clients connect read-only to hear
 * `{"type":"treeChanged","version":N}` after every tree change, and may send ops as stateless
 * `{"type":"ops","requestId","ops":[...]}` messages, answered with `opsResult` or `error` (OP4).
 * Only the version is broadcast, never names, so a future per-user tree filter stays the only way
 * paths reach a client.
 */
export class VaultChannelExtension implements Extension {
  extensionName = 'VaultChannelExtension';
  priority = EXTENSION_PRIORITY.vaultChannel;

  constructor(
    private readonly access: AccessService,
    private readonly vaults: VaultService,
    private readonly clock: () => Date,
    private readonly logger: Logger,
  ) {}

  async onConnect({ documentName, connectionConfig }: onConnectPayload): Promise<void> {
    const address = parseDocumentName(documentName);
    if (!address.ok || address.kind !== 'vault') return;
    // Who may listen is AccessExtension's decision; the channel itself never takes Yjs updates.
    connectionConfig.readOnly = true;
  }

  async onStateless({ documentName, payload, connection }: onStatelessPayload): Promise<void> {
    const address = parseDocumentName(documentName);
    if (!address.ok || address.kind !== 'vault') return;
    const guard = await this.guardFor(connection.context as SyncContext, address.vaultId);
    const reply = guard
      ? await this.answer(address.vaultId, payload, guard)
      : { type: 'error', requestId: null, code: 'UNAUTHENTICATED', message: 'Your access to this vault ended.' };
    connection.sendStateless(JSON.stringify(reply));
  }

  // ACL7: ops over the channel are the caller's, decided afresh for each message.
  private async guardFor(context: SyncContext, vaultId: string): Promise<VaultGuard | null> {
    const now = this.clock();
    const caller = context.caller ? await callerOfRef(this.access, context.caller, now) : null;
    const vault = caller ? await this.access.callers.vaultAccess(caller, vaultId, now) : null;
    return vault ? guardOf(vault, now) : null;
  }

  private async answer(vaultId: string, payload: string, guard: VaultGuard): Promise<Record<string, unknown>> {
    const message = parseJson(payload);
    const requestId = typeof message?.requestId === 'string' ? message.requestId.slice(0, 64) : null;
    if (message?.type !== 'ops')
      return { type: 'error', requestId, code: 'OP_INVALID', message: 'Send {"type":"ops", ...}.' };
    const now = this.clock();
    const batch = parseVaultOpBatch(message, now.getTime());
    if (!batch.ok) return { type: 'error', requestId, code: batch.code, message: batch.message };
    try {
      return { type: 'opsResult', requestId, ...(await this.vaults.applyOps(vaultId, batch.ops, now, guard)) };
    } catch (error) {
      this.logger.error('vault ops failed', { vaultId, message: (error as Error).message });
      return { type: 'error', requestId, code: 'INTERNAL_ERROR', message: 'The relay could not apply these ops.' };
    }
  }
}

/**
 * Tells this relay's clients of a vault's channel that its tree changed. Local only (`relayStateless`, not
 * `broadcastStateless`, which Redis would fan out): other relays hear it as a relay event (SCALE5), also
 * when no client of the channel is connected here and so no channel document is open to broadcast on.
 */
export function broadcastTreeChanged(hocuspocus: Hocuspocus, vaultId: string, version: number): void {
  hocuspocus.documents
    .get(formatVaultDocumentName(vaultId))
    ?.relayStateless(JSON.stringify({ type: 'treeChanged', version }));
}

function parseJson(payload: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(payload);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
