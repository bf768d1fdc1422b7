-- Uploaded files' bytes when the shop runs on Postgres (server/services/file-store.ts): in chunks,
-- written in the transaction of the row that names them, read back in order. Every server on the
-- database sees them, and pg_dump backs them up. On PGlite the table stays empty (files in DATA_DIR).
CREATE TABLE IF NOT EXISTS "stored_files" (
  "key" text NOT NULL,
  "seq" integer NOT NULL,
  "bytes" bytea NOT NULL,
  CONSTRAINT "stored_files_pk" PRIMARY KEY ("key", "seq")
);
