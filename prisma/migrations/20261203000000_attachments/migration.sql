-- ATT2: one row per attachment: which stored bytes it is (content-addressed by SHA-256) and what its text
-- extraction found (ATT4/ATT5). Its place in the tree is its `note` row, like a note's.
CREATE TABLE "attachment" (
    "doc_id" TEXT NOT NULL,
    "vault_id" TEXT NOT NULL,
    "sha256" TEXT NOT NULL,
    "size" BIGINT NOT NULL,
    "mime_type" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "extraction_status" TEXT NOT NULL,
    "extraction_reason" TEXT,
    "text" TEXT,
    "text_truncated" BOOLEAN NOT NULL DEFAULT false,
    "extracted_at" TIMESTAMPTZ(3),

    CONSTRAINT "attachment_pkey" PRIMARY KEY ("doc_id"),
    CONSTRAINT "attachment_sha256_check" CHECK ("sha256" ~ '^[0-9a-f]{64}$'),
    CONSTRAINT "attachment_size_check" CHECK ("size" >= 0),
    CONSTRAINT "attachment_extraction_status_check"
        CHECK ("extraction_status" IN ('pending', 'done', 'failed', 'none'))
);

CREATE INDEX "attachment_sha256_idx" ON "attachment"("sha256");
CREATE INDEX "attachment_extraction_status_idx" ON "attachment"("extraction_status");
