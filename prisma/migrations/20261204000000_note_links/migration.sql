-- LNK4/BL1: one row per link from a note to another, rewritten with the note's index row. `links_version`
-- on the index row is the version of the document the rows were read from: only a later one replaces them.
CREATE TABLE "note_link" (
    "source_doc_id" TEXT NOT NULL,
    "target_doc_id" TEXT NOT NULL,

    CONSTRAINT "note_link_pkey" PRIMARY KEY ("source_doc_id", "target_doc_id")
);

CREATE INDEX "note_link_target_doc_id_idx" ON "note_link"("target_doc_id");

ALTER TABLE "note_index" ADD COLUMN "links_version" BIGINT NOT NULL DEFAULT 0;
