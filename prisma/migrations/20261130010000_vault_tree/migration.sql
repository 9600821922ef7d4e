-- Vault tree: notes get paths (unique among live notes, compared by key), a trash, explicit folders,
-- retired ids, an op log for idempotent replays, and a tree version per vault.

-- A note's Yjs document may reach the relay before the op that creates the note (offline clients
-- replay both), so the document no longer needs a note row.
ALTER TABLE "note_document" DROP CONSTRAINT "note_document_doc_id_fkey";

ALTER TABLE "note" ADD COLUMN "path" TEXT;
ALTER TABLE "note" ADD COLUMN "path_key" TEXT;
ALTER TABLE "note" ADD COLUMN "deleted_at" TIMESTAMPTZ(3);
ALTER TABLE "note" ADD COLUMN "conflict_of" TEXT;

-- Notes from before paths existed get their old title plus a short id, which keeps them unique.
UPDATE "note" SET "path" = btrim(regexp_replace(left("title", 60), '[<>:"|?*\\/[:cntrl:]]', '-', 'g'), ' .') || ' ' || left("doc_id", 6) || '.md';
UPDATE "note" SET "path_key" = lower("path");
ALTER TABLE "note" ALTER COLUMN "path" SET NOT NULL;
ALTER TABLE "note" ALTER COLUMN "path_key" SET NOT NULL;
ALTER TABLE "note" DROP COLUMN "title";

DROP INDEX "note_vault_id_updated_at_idx";
CREATE INDEX "note_vault_id_path_key_idx" ON "note"("vault_id", "path_key");
-- CN/PATH9: at most one live note per path key in a vault. Prisma's schema can't express a partial
-- index; this one is the database's last word if two relays ever decide at once.
CREATE UNIQUE INDEX "note_live_path_key_unique" ON "note"("vault_id", "path_key") WHERE "deleted_at" IS NULL;

-- CreateTable
CREATE TABLE "folder" (
    "vault_id" TEXT NOT NULL,
    "path_key" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "folder_pkey" PRIMARY KEY ("vault_id","path_key")
);

-- CreateTable
CREATE TABLE "retired_doc" (
    "doc_id" TEXT NOT NULL,
    "vault_id" TEXT NOT NULL,
    "purged_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "retired_doc_pkey" PRIMARY KEY ("doc_id")
);

-- CreateTable
CREATE TABLE "vault_op" (
    "op_id" TEXT NOT NULL,
    "vault_id" TEXT NOT NULL,
    "outcome" JSONB NOT NULL,
    "applied_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "vault_op_pkey" PRIMARY KEY ("op_id")
);

-- CreateIndex
CREATE INDEX "vault_op_applied_at_idx" ON "vault_op"("applied_at");

-- CreateTable
CREATE TABLE "vault" (
    "id" TEXT NOT NULL,
    "tree_version" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "vault_pkey" PRIMARY KEY ("id")
);

INSERT INTO "vault" ("id") VALUES ('default');
