import { z } from 'zod';
import { DOC_ID_PATTERN } from '../mcp/mcpSchemas';

const docId = z.string().regex(new RegExp(DOC_ID_PATTERN, 'u'));
const count = z.int().min(0);

/** Where an attachment's text extraction stands (ATT5). */
export const EXTRACTION_STATUS = z.enum(['pending', 'done', 'failed', 'none']);

/** `PUT /api/vaults/:vault/attachments/:docId`: where the file went (ATT2; `renamedFrom` by CN1). */
export const ATTACHMENT_STORED_ANSWER = z.object({
  docId,
  path: z.string(),
  renamedFrom: z.string().optional(),
  version: count,
});

/** `GET …/attachments/:docId/meta` (ATT3–ATT5). */
export const ATTACHMENT_META_ANSWER = z.object({
  docId,
  path: z.string(),
  mimeType: z.string(),
  size: count,
  sha256: z.string(),
  inline: z.boolean(),
  extraction: z.object({
    status: EXTRACTION_STATUS,
    reason: z.string().nullable(),
    chars: count,
    truncated: z.boolean(),
  }),
});

/** `GET …/attachments/:docId/text`: one page of the extracted text (MCP4's paging). */
export const ATTACHMENT_TEXT_ANSWER = z.object({
  text: z.string(),
  offset: count,
  totalChars: count,
  truncated: z.boolean(),
});
