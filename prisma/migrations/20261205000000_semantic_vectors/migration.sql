-- SEMV1: a note's semantic vectors live in its one index row, tagged with the encoder that made them and
-- the text version they were computed from; search uses them only while that is the row's `version`.
ALTER TABLE "note_index" ADD COLUMN "semantic" BYTEA;
ALTER TABLE "note_index" ADD COLUMN "semantic_embedder" TEXT;
ALTER TABLE "note_index" ADD COLUMN "semantic_version" BIGINT NOT NULL DEFAULT 0;
