import { z } from 'zod';
import { VAULT_ROLES } from '../../access/roles';

// The JSON a client sends, as it is documented and typed for clients. The relay parses each body with its
// own schema (requestBodies.ts), which refuses field by field with the relay's codes and messages and so
// accepts anything as input; these say what a body must look like. A test keeps both naming the same fields.

const role = z.enum(VAULT_ROLES);
const days = z.int().min(1).describe('Days until it expires; none for the default.');

export const SIGN_UP_WIRE = z.object({
  email: z.string(),
  password: z.string(),
  name: z.string().optional(),
  invite: z.string().optional().describe("An invite link's secret: the account joins its vault."),
});
export const SIGN_IN_WIRE = z.object({ email: z.string(), password: z.string() });
export const CHANGE_PASSWORD_WIRE = z.object({ currentPassword: z.string(), newPassword: z.string() });
export const CREATE_TOKEN_WIRE = z.object({
  name: z.string(),
  readOnly: z.boolean().optional(),
  expiresInDays: days.optional(),
  vaultId: z.string(),
});
export const OAUTH_APPROVE_WIRE = z.object({ vaultId: z.string(), readOnly: z.boolean() });
export const CREATE_VAULT_WIRE = z.object({ name: z.string() });
export const SET_ROLE_WIRE = z.object({ role });
export const CREATE_INVITE_WIRE = z.object({ role, expiresInDays: days.optional() });
export const PUT_RESTRICTION_WIRE = z.object({ path: z.string(), members: z.array(z.string()).min(1) });
export const EMPTY_WIRE = z.object({});
export const REINDEX_WIRE = z.object({ embedder: z.string().nullish() });

export const ADMIN_ADD_USER_WIRE = z.object({ email: z.string(), password: z.string(), name: z.string().optional() });
export const ADMIN_PASSWORD_WIRE = z.object({ email: z.string(), password: z.string() });
export const ADMIN_DISABLED_WIRE = z.object({ email: z.string(), disabled: z.boolean() });
export const ADMIN_CREATE_VAULT_WIRE = z.object({ name: z.string(), ownerEmail: z.string().optional() });
export const ADMIN_GRANT_WIRE = z.object({ email: z.string(), role });
export const ADMIN_RESTRICT_WIRE = z.object({ path: z.string(), memberEmails: z.array(z.string()).min(1) });
export const ADMIN_CREATE_TOKEN_WIRE = z.object({
  email: z.string(),
  vaultId: z.string().optional(),
  name: z.string().optional(),
  readOnly: z.boolean().optional(),
  expiresInDays: days.optional(),
});
