-- 005_server_secrets (PostgreSQL): ../005_server_secrets.sql in PostgreSQL's words (identity ids, regular expressions for GLOB, jsonb casts).
-- 005_server_secrets: secrets the server makes for itself on first start (random, never sent anywhere): the key
-- that signs the device cookies of the login limiter, and the key of the SMS codes' HMAC. Kept in the database so
-- that they live as long as the data they protect, under DATA_DIR, and survive a restart.
CREATE TABLE server_secrets (
  name       TEXT PRIMARY KEY,
  value      BYTEA NOT NULL,
  created_at TEXT NOT NULL
);
