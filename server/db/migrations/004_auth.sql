-- 004_auth: what issue 4 (authentication and session) needs beyond 001_init.

-- The app names its device with its own random id (a UUID made in the browser); the PIN and the session are
-- bound to that id for one user. A password login re-registers the pair, so it is unique per user.
ALTER TABLE devices ADD COLUMN client_id TEXT;
ALTER TABLE devices ADD COLUMN pin_set_at TEXT;
-- Why the device stopped working: 'pinAttempts' (5 wrong PINs), 'pinExpired', 'logout', 'passwordReset'.
ALTER TABLE devices ADD COLUMN revoked_reason TEXT;
CREATE UNIQUE INDEX devices_user_client ON devices(user_id, client_id);

-- 'logout', 'rotated' (its refresh token was exchanged), 'reuse' (a rotated refresh token came back: the whole
-- family is revoked), 'passwordChanged', 'passwordReset'.
ALTER TABLE sessions ADD COLUMN revoked_reason TEXT;
-- Set when the refresh token was exchanged for a new pair; a second exchange is a reuse.
ALTER TABLE sessions ADD COLUMN rotated_at TEXT;

-- What a link is about, besides its user: the e-mail address an e-mail confirmation link confirms (so a link
-- sent for an old address cannot confirm a newer one).
ALTER TABLE link_tokens ADD COLUMN target TEXT;

-- SMS codes are keyed by phone number, not by user: account creation by msisdn sends a code before any account
-- exists. Codes are stored as scrypt hashes (6 digits hashed with SHA-256 would fall to a table in a second).
CREATE TABLE sms_codes (
  id         INTEGER PRIMARY KEY,
  msisdn     TEXT    NOT NULL CHECK (msisdn GLOB '04[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]'),
  purpose    TEXT    NOT NULL CHECK (purpose IN ('createAccount', 'recoverPassword')),
  code_hash  TEXT    NOT NULL,
  expires_at TEXT    NOT NULL,
  used_at    TEXT,
  created_at TEXT    NOT NULL
);
CREATE INDEX sms_codes_msisdn ON sms_codes(msisdn, purpose, created_at);

-- The rate limiter's window now slides: it runs from the latest failure, not the first, so a patient guesser
-- who keeps failing never gets a fresh set of free attempts (server/lib/rate-limit.ts).
ALTER TABLE login_attempts ADD COLUMN last_at TEXT;
