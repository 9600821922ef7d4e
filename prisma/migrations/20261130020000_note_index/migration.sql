-- The search index: exactly one row per note, rewritten in place (IDX rules in packages/core/SPEC.md).

-- CreateTable
CREATE TABLE "note_index" (
    "doc_id" TEXT NOT NULL,
    "vault_id" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "kind" TEXT NOT NULL DEFAULT 'note',
    "content" TEXT NOT NULL,
    "vector" BYTEA NOT NULL,
    "embedder" TEXT NOT NULL,
    "version" BIGINT NOT NULL,
    "live" BOOLEAN NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "note_index_pkey" PRIMARY KEY ("doc_id")
);

-- CreateIndex
CREATE INDEX "note_index_vault_id_embedder_live_idx" ON "note_index"("vault_id", "embedder", "live");

-- Every live note gets its row now; content arrives with the next store or a reindex.
INSERT INTO "note_index" ("doc_id", "vault_id", "path", "title", "content", "vector", "embedder", "version", "live", "updated_at")
SELECT "doc_id", "vault_id", "path", regexp_replace("path", '^(.*/)?(.*)\.md$', '\2'), '', '\x'::bytea, 'none', 0, "deleted_at" IS NULL, "updated_at"
FROM "note";
