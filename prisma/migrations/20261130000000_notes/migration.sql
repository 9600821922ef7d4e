-- CreateTable
CREATE TABLE "note" (
    "doc_id" TEXT NOT NULL,
    "vault_id" TEXT NOT NULL DEFAULT 'default',
    "title" TEXT NOT NULL DEFAULT 'Untitled',
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "note_pkey" PRIMARY KEY ("doc_id")
);

-- CreateTable
CREATE TABLE "note_document" (
    "doc_id" TEXT NOT NULL,
    "state" BYTEA NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "note_document_pkey" PRIMARY KEY ("doc_id")
);

-- CreateIndex
CREATE INDEX "note_vault_id_updated_at_idx" ON "note"("vault_id", "updated_at" DESC);

-- AddForeignKey
ALTER TABLE "note_document" ADD CONSTRAINT "note_document_doc_id_fkey" FOREIGN KEY ("doc_id") REFERENCES "note"("doc_id") ON DELETE CASCADE ON UPDATE CASCADE;
