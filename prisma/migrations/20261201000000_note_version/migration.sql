-- Version history: kept apart from search, never read by it (VC rules in packages/core/SPEC.md).

-- CreateTable
CREATE TABLE "note_version" (
    "id" BIGSERIAL NOT NULL,
    "doc_id" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "state" BYTEA NOT NULL,
    "captured_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "note_version_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "note_version_reason_check" CHECK ("reason" IN ('quiet', 'before-destructive-edit', 'before-restore', 'manual'))
);

-- CreateIndex
CREATE INDEX "note_version_doc_id_id_idx" ON "note_version"("doc_id", "id");

-- VC1: which store the last quiet capture covered (null: never captured).
ALTER TABLE "note_document" ADD COLUMN "captured_through" TIMESTAMPTZ(3);

-- The scheduler's scan reads only documents changed since their last capture.
CREATE INDEX "note_document_uncaptured_idx" ON "note_document"("updated_at")
    WHERE "captured_through" IS NULL OR "captured_through" < "updated_at";
