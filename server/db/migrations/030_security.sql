-- 030_security: the second security round (docs/product/security.md): device cookies kept on the server, a daily
-- guess budget, mail sent after the answer, per-address limits on anonymous writes, and what every table that
-- traffic grows needs for its bound and its expiry.

-- The daily guess budget of a key: the instants (ISO, oldest first, JSON array) of the failures counted in the last
-- 24 hours, at most the budget's size (server/lib/rate-limit.ts).
ALTER TABLE login_attempts ADD COLUMN recent TEXT;
CREATE INDEX login_attempts_last ON login_attempts(last_at);

-- Device cookies (OWASP): a cookie is trusted while its nonce is here, for its account and before its expiry. A new
-- login replaces the cookie it came with (rotation); a password change or reset removes every one of the account.
CREATE TABLE device_cookies (
  nonce      TEXT    PRIMARY KEY,
  user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at TEXT    NOT NULL,
  expires_at TEXT    NOT NULL
) WITHOUT ROWID;
CREATE INDEX device_cookies_user ON device_cookies(user_id, created_at);
CREATE INDEX device_cookies_expiry ON device_cookies(expires_at);

-- E-mails and SMS are sent after the answer: queued here in the request's transaction, sent by whichever instance
-- claims them (claimed_until), retried with growing waits until sent or until what they carry has expired.
CREATE TABLE mail_queue (
  id              INTEGER PRIMARY KEY,
  channel         TEXT    NOT NULL CHECK (channel IN ('SMS', 'EMAIL')),
  recipient       TEXT    NOT NULL,
  subject         TEXT,
  body            TEXT    NOT NULL,
  attempts        INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT    NOT NULL,
  expires_at      TEXT    NOT NULL,
  claimed_until   TEXT,
  last_error      TEXT,
  created_at      TEXT    NOT NULL
);
CREATE INDEX mail_queue_due ON mail_queue(next_attempt_at);

-- Anonymous writes per address (@fastify/rate-limit with a store in the database, so that every instance counts
-- the same): one fixed window per key.
CREATE TABLE rate_counters (
  key        TEXT    PRIMARY KEY,
  count      INTEGER NOT NULL,
  window_end TEXT    NOT NULL
) WITHOUT ROWID;
CREATE INDEX rate_counters_window ON rate_counters(window_end);

-- Who an idempotency key belongs to ('user:<id>' or 'address:<client address>'): each owner keeps a bounded number.
ALTER TABLE idempotency_keys ADD COLUMN owner TEXT;
CREATE INDEX idempotency_keys_owner ON idempotency_keys(owner, created_at);

-- Expiry of the runtime tables (the clean-up job, server/lib/retention.ts).
CREATE INDEX sessions_refresh_expiry ON sessions(refresh_expires_at);
CREATE INDEX link_tokens_expiry ON link_tokens(expires_at);
CREATE INDEX sms_codes_expiry ON sms_codes(expires_at);
CREATE INDEX outbox_created ON outbox(created_at);
CREATE INDEX push_subscriptions_created ON push_subscriptions(user_id, created_at);
