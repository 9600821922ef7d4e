-- MCP16: which notes are an assistant's drafts, and whose: save_draft revises its own draft in place and
-- list_drafts answers only the caller's. The note itself is an ordinary note in the drafts folder.
CREATE TABLE "mcp_draft" (
    "doc_id" TEXT NOT NULL,
    "vault_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "mcp_draft_pkey" PRIMARY KEY ("doc_id")
);
CREATE INDEX "mcp_draft_vault_id_user_id_updated_at_idx" ON "mcp_draft"("vault_id", "user_id", "updated_at");

-- VC5: a draft's text before an assistant revised it is kept as a `draft-revision` version.
ALTER TABLE "note_version" DROP CONSTRAINT "note_version_reason_check";
ALTER TABLE "note_version" ADD CONSTRAINT "note_version_reason_check"
    CHECK ("reason" IN ('quiet', 'before-destructive-edit', 'before-restore', 'manual', 'draft-revision'));
