-- 050_instances: what several server instances on one database need (docs/product/operations.md "Several instances"): no
-- state of the service lives in an instance's memory or on its disk.

-- When each scheduled job last ran (epoch ms, the server clock's): every instance decides from the same time whether
-- a job is due, so a job of `everyMs` runs once per period across all of them (server/db/engine.ts claimJob).
CREATE TABLE scheduled_jobs (
  name        TEXT    PRIMARY KEY,
  last_run_at INTEGER NOT NULL
) WITHOUT ROWID;

-- An idempotency key being applied (status_code 0) is held until this instant: a request with the same key on another
-- instance waits for the answer meanwhile, and takes the key over after it (the instance applying it died, and its
-- uncommitted change with it).
ALTER TABLE idempotency_keys ADD COLUMN locked_until TEXT;

-- Uploaded files (identity documents, support attachments), kept in the database with the rows that name them rather
-- than on one instance's disk. Never served back.
CREATE TABLE stored_files (
  key        TEXT    PRIMARY KEY,
  media_type TEXT    NOT NULL,
  size       INTEGER NOT NULL CHECK (size > 0),
  sha256     TEXT    NOT NULL,
  content    BLOB    NOT NULL,
  created_at TEXT    NOT NULL
) WITHOUT ROWID;
