import { z } from 'zod';
import { LIMITS } from '../../limits/limits';

// The ops a client may send (OP1), as documented and typed for clients; the relay checks each with
// parseVaultOp, whose messages name the op and the field.
const opId = z.string().min(16).max(64);
const docId = z.string().min(16).max(64);
const path = z.string();

export const VAULT_OP_WIRE = z.discriminatedUnion('kind', [
  z.object({ opId, kind: z.literal('createNote'), docId, path, createdAt: z.int() }),
  z.object({ opId, kind: z.literal('moveNote'), docId, path }),
  z.object({ opId, kind: z.literal('trashNote'), docId }),
  z.object({ opId, kind: z.literal('restoreNote'), docId }),
  z.object({ opId, kind: z.literal('purgeNote'), docId }),
  z.object({ opId, kind: z.literal('emptyTrash') }),
  z.object({ opId, kind: z.literal('createFolder'), path }),
  z.object({ opId, kind: z.literal('moveFolder'), path, newPath: path }),
  z.object({ opId, kind: z.literal('trashFolder'), path }),
]);

/** `POST /api/vaults/{vaultId}/ops` (OP2, LIM7). */
export const VAULT_OPS_WIRE = z.object({ ops: z.array(VAULT_OP_WIRE).min(1).max(LIMITS.maxOpsPerBatch) });
