-- 014_support (PostgreSQL): ../014_support.sql in PostgreSQL's words (identity ids, regular expressions for GLOB, jsonb casts).
-- 014_support: help, the contact form's tickets, offers and the energy link.

-- The FAQ groups its questions by topic; `slug` names a question in every language, so a deep link to an answer
-- opens the same answer whatever the reader's language.
ALTER TABLE faq ADD COLUMN topic TEXT NOT NULL DEFAULT 'account'
  CHECK (topic IN ('usage', 'billing', 'abroad', 'sim', 'account', 'offers'));
ALTER TABLE faq ADD COLUMN slug TEXT CHECK (slug IS NULL OR slug ~ '^[a-z0-9]');
CREATE UNIQUE INDEX faq_lang_slug ON faq(lang, slug);

-- A ticket's reference is what the customer sees (and finds in the acknowledgement e-mail). The attachment is kept
-- under DATA_DIR (never served) by its stored file name; its SHA-256 identifies the bytes that were checked.
ALTER TABLE support_tickets ADD COLUMN reference TEXT;
ALTER TABLE support_tickets ADD COLUMN attachment_file TEXT;
ALTER TABLE support_tickets ADD COLUMN attachment_sha256 TEXT;
CREATE UNIQUE INDEX support_tickets_reference ON support_tickets(reference);
CREATE INDEX support_tickets_user_created ON support_tickets(user_id, created_at);

-- The code a customer gives friends (a friend's `parrain` holds it, or, for older referrals, the customer number).
ALTER TABLE customers ADD COLUMN referral_code TEXT CHECK (referral_code IS NULL OR referral_code ~ '^[A-Z0-9-]');
CREATE UNIQUE INDEX customers_referral_code ON customers(referral_code);

-- Stand-in for the sister energy service's own accounts: the energy link (POST /user/link) checks a login and
-- password against it, as the real service would. Which mobile customer an energy account is linked to is
-- customers.energy_id (+ energy_link_confirmed).
CREATE TABLE energy_accounts (
  energy_id     TEXT    PRIMARY KEY CHECK (energy_id ~ '^ME[0-9]'),
  password_hash TEXT    NOT NULL,
  first_name    TEXT    NOT NULL,
  last_name     TEXT    NOT NULL,
  created_at    TEXT    NOT NULL
);
