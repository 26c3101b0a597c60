-- 001_init: the whole schema of the reference API.
-- Conventions: instants are ISO-8601 UTC strings ('2026-11-22T06:33:00.000Z'); calendar dates
-- (birth dates, due dates, mandate dates, scheduled dates) are 'YYYY-MM-DD'; usage event_time is epoch ms
-- (integer, so range scans over 200k+ rows stay index-only and cheap). Money is integer cents.
-- Booleans are INTEGER 0/1 with a CHECK so a stray 'true' cannot slip in.

CREATE TABLE customers (
  id                    INTEGER PRIMARY KEY,
  guid                  TEXT    NOT NULL UNIQUE,
  promo                 TEXT,
  parrain               TEXT,
  mobile_id             TEXT    NOT NULL UNIQUE CHECK (mobile_id GLOB 'MT[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]'),
  energy_id             TEXT    UNIQUE CHECK (energy_id IS NULL OR energy_id GLOB 'ME[0-9]*'),
  is_complete           INTEGER NOT NULL DEFAULT 0 CHECK (is_complete IN (0, 1)),
  is_confirmed          INTEGER NOT NULL DEFAULT 0 CHECK (is_confirmed IN (0, 1)),
  optin_marketing       INTEGER NOT NULL DEFAULT 0 CHECK (optin_marketing IN (0, 1)),
  optin_sales           INTEGER NOT NULL DEFAULT 0 CHECK (optin_sales IN (0, 1)),
  accept_conditions     INTEGER NOT NULL DEFAULT 0 CHECK (accept_conditions IN (0, 1)),
  -- docs/product/offers.md "Energy link": without an energy id the link can never be confirmed.
  energy_link_confirmed INTEGER NOT NULL DEFAULT 0 CHECK (energy_link_confirmed IN (0, 1) AND (energy_link_confirmed = 0 OR energy_id IS NOT NULL)),
  -- docs/product/settings.md "Privacy": privacy settings may be forbidden to change; the route answers 403 when set.
  privacy_locked        INTEGER NOT NULL DEFAULT 0 CHECK (privacy_locked IN (0, 1)),
  last_update           TEXT    NOT NULL
);

CREATE TABLE users (
  id            INTEGER PRIMARY KEY,
  guid          TEXT    NOT NULL UNIQUE,
  -- NULL for a LEGACY user that was never attached to a customer (login answers 403, docs/product/auth.md "Login
  -- outcomes").
  customer_id   INTEGER REFERENCES customers(id) ON DELETE SET NULL,
  scope         TEXT    NOT NULL DEFAULT 'DEFAULT' CHECK (scope IN ('LEGACY', 'TEMP', 'DEFAULT')),
  role          TEXT    NOT NULL CHECK (role IN ('owner', 'admin', 'user', 'none')),
  email         TEXT    UNIQUE COLLATE NOCASE,
  -- Plain users log in with their phone number (docs/product/auth.md "Login identifiers").
  msisdn        TEXT    UNIQUE CHECK (msisdn IS NULL OR msisdn GLOB '04[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]'),
  energy_ref    TEXT,
  language      TEXT    NOT NULL DEFAULT 'fr' CHECK (language IN ('fr', 'nl', 'en')),
  first_name    TEXT,
  last_name     TEXT,
  birth_date    TEXT,
  password_hash TEXT,
  created_at    TEXT    NOT NULL
);
CREATE INDEX users_customer ON users(customer_id);

CREATE TABLE contacts (
  id                 INTEGER PRIMARY KEY,
  guid               TEXT    NOT NULL UNIQUE,
  customer_id        INTEGER NOT NULL UNIQUE REFERENCES customers(id) ON DELETE CASCADE,
  civility           TEXT    CHECK (civility IS NULL OR civility IN ('MR', 'MRS', 'MX')),
  first_name         TEXT    NOT NULL,
  last_name          TEXT    NOT NULL,
  birth_date         TEXT,
  nationality        TEXT,
  phone              TEXT,
  mobile             TEXT,
  email              TEXT    NOT NULL,
  is_email_confirmed INTEGER NOT NULL DEFAULT 1 CHECK (is_email_confirmed IN (0, 1)),
  language           TEXT    NOT NULL DEFAULT 'fr' CHECK (language IN ('fr', 'nl', 'en')),
  is_residential     INTEGER NOT NULL DEFAULT 1 CHECK (is_residential IN (0, 1)),
  company_name       TEXT,
  company_type       TEXT,
  company_number     TEXT,
  company_vat        TEXT,
  last_update        TEXT    NOT NULL
);

CREATE TABLE invoicing (
  id                INTEGER PRIMARY KEY,
  customer_id       INTEGER NOT NULL UNIQUE REFERENCES customers(id) ON DELETE CASCADE,
  street            TEXT    NOT NULL,
  number            TEXT    NOT NULL,
  box               TEXT,
  city              TEXT    NOT NULL,
  zip_code          TEXT    NOT NULL,
  country           TEXT    NOT NULL DEFAULT 'BE',
  iban              TEXT,
  bic               TEXT,
  payment_mode      TEXT    NOT NULL CHECK (payment_mode IN ('DD', 'BT')),
  mandate_date      TEXT,
  holder_first_name TEXT,
  holder_last_name  TEXT,
  holder_email      TEXT,
  last_update       TEXT    NOT NULL,
  -- A direct debit without an account cannot be collected.
  CHECK (payment_mode = 'BT' OR iban IS NOT NULL)
);

CREATE TABLE bill_cycles (
  id                 INTEGER PRIMARY KEY,
  start_day          INTEGER NOT NULL CHECK (start_day BETWEEN 1 AND 31),
  frequency_unit     TEXT    NOT NULL DEFAULT 'MONTH' CHECK (frequency_unit IN ('MONTH')),
  frequency_duration INTEGER NOT NULL DEFAULT 1 CHECK (frequency_duration >= 1)
);

CREATE TABLE products (
  id                          INTEGER PRIMARY KEY,
  guid                        TEXT    NOT NULL UNIQUE,
  name                        TEXT    NOT NULL,
  type                        TEXT    NOT NULL CHECK (type IN ('BASE', 'OPTION')),
  descriptions_json           TEXT    NOT NULL CHECK (json_valid(descriptions_json)),
  technical_descriptions_json TEXT    NOT NULL CHECK (json_valid(technical_descriptions_json)),
  price_cents                 INTEGER NOT NULL CHECK (price_cents >= 0),
  for_residential             INTEGER NOT NULL CHECK (for_residential IN (0, 1)),
  for_professional            INTEGER NOT NULL CHECK (for_professional IN (0, 1)),
  -- 0 means unlimited (docs/product/consumption.md "Bundle sizes"). For an OPTION these are the volumes one combination
  -- adds.
  data_limit_mb               INTEGER NOT NULL DEFAULT 0 CHECK (data_limit_mb >= 0),
  voice_limit_min             INTEGER NOT NULL DEFAULT 0 CHECK (voice_limit_min >= 0),
  sms_limit                   INTEGER NOT NULL DEFAULT 0 CHECK (sms_limit >= 0),
  max_combinations            INTEGER NOT NULL DEFAULT 1 CHECK (max_combinations >= 1),
  sorted_option_ids_json      TEXT    NOT NULL DEFAULT '[]' CHECK (json_valid(sorted_option_ids_json)),
  last_update                 TEXT    NOT NULL
);

-- Which options can be added to which base product.
CREATE TABLE product_options (
  product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  option_id  INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  PRIMARY KEY (product_id, option_id)
) WITHOUT ROWID;

CREATE TABLE contracts (
  id                        INTEGER PRIMARY KEY,
  customer_id               INTEGER NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  contract_ref              TEXT    NOT NULL UNIQUE,
  order_id                  TEXT,
  scenario                  TEXT,
  type                      TEXT    NOT NULL CHECK (type IN ('prepaid', 'post_simple', 'post_complex')),
  msisdn                    TEXT    UNIQUE CHECK (msisdn IS NULL OR msisdn GLOB '04[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]'),
  status                    TEXT    NOT NULL CHECK (status IN ('ACTIVATED', 'COMPLETED', 'INCOMPLETE', 'CONFIRMED', 'CANCELED',
                              'IN_VALIDATION', 'IN_DELIVERY', 'SUSPENDED', 'TERMINATED', 'IDENTIFICATION')),
  sub_status                TEXT    CHECK (sub_status IS NULL OR sub_status IN ('STARTED', 'COMPLETED_PARTNER', 'CUSTOMER_COMPLETED',
                              'CUSTOMER_CONFIRMED', 'ORDER_COMPLETED', 'ORDER_VALIDATED', 'BLOCKED', 'BLOCKED_CREDIT_CHECK',
                              'BLOCKED_GRAYDON_DEPOSIT', 'BLOCKED_FRAUD', 'BLOCKED_IDENTIFICATION', 'SIM_SENT',
                              'SIM_DELIVERY_FAILED', 'PORT_IN_REQUESTED', 'PORT_IN_ACCEPTED', 'PORT_IN_EXECUTED',
                              'PORT_IN_FAILED', 'ACTIVATION_REQUESTED', 'ACTIVATION_EXECUTED', 'ACTIVATION_FAILED',
                              'ACTIVATED', 'TERMINATED', 'PORTED_OUT', 'SUSPENDED')),
  id_card_number            TEXT,
  national_register_number  TEXT,
  sim_iccid                 TEXT,
  other_iccid               TEXT,
  sim_sent_date             TEXT,
  street                    TEXT,
  number                    TEXT,
  box                       TEXT,
  city                      TEXT,
  zip_code                  TEXT,
  country                   TEXT,
  dunning_level_reached     INTEGER NOT NULL DEFAULT 0 CHECK (dunning_level_reached IN (0, 1)),
  fraudulent_behaviour      INTEGER NOT NULL DEFAULT 0 CHECK (fraudulent_behaviour IN (0, 1)),
  lead                      TEXT,
  -- The plain user (role 'user') who uses this line, e.g. an employee of a professional customer.
  linked_user_id            INTEGER REFERENCES users(id) ON DELETE SET NULL,
  identification_status     TEXT    CHECK (identification_status IS NULL OR identification_status IN
                              ('OK', 'NOT_PASSED', 'NOK', 'NEED_IDENTIFICATION', 'NEED_VALIDATION', 'REFUSED')),
  port_in_status            TEXT,
  fraud_status              TEXT,
  created_at                TEXT    NOT NULL,
  updated_at                TEXT    NOT NULL,
  activated_at              TEXT,
  port_in_type              TEXT,
  other_account_number      TEXT,
  partner_code              TEXT,
  bill_cycle_id             INTEGER NOT NULL REFERENCES bill_cycles(id),
  -- Current BASE product; mirrors the active is_base row of contract_products.
  product_id                INTEGER NOT NULL REFERENCES products(id)
);
CREATE INDEX contracts_customer ON contracts(customer_id);
CREATE INDEX contracts_linked_user ON contracts(linked_user_id);

CREATE TABLE contract_products (
  id            INTEGER PRIMARY KEY,
  contract_id   INTEGER NOT NULL REFERENCES contracts(id) ON DELETE CASCADE,
  product_id    INTEGER NOT NULL REFERENCES products(id),
  is_base       INTEGER NOT NULL CHECK (is_base IN (0, 1)),
  active        INTEGER NOT NULL CHECK (active IN (0, 1)),
  bill_cycle_id INTEGER NOT NULL REFERENCES bill_cycles(id),
  UNIQUE (contract_id, product_id)
);
-- At most one active base product per contract.
CREATE UNIQUE INDEX contract_products_one_active_base ON contract_products(contract_id) WHERE is_base = 1 AND active = 1;

-- Active option combinations of a contract (count > 1 only for options with max_combinations > 1).
CREATE TABLE contract_options (
  contract_id INTEGER NOT NULL REFERENCES contracts(id) ON DELETE CASCADE,
  option_id   INTEGER NOT NULL REFERENCES products(id),
  count       INTEGER NOT NULL CHECK (count >= 1),
  PRIMARY KEY (contract_id, option_id)
) WITHOUT ROWID;

CREATE TABLE promotions (
  id                INTEGER PRIMARY KEY,
  product_id        INTEGER REFERENCES products(id) ON DELETE CASCADE,
  contract_id       INTEGER REFERENCES contracts(id) ON DELETE CASCADE,
  discount_type     TEXT    NOT NULL CHECK (discount_type IN ('percentage', 'amount')),
  -- percentage: whole percent (20 = 20 %); amount: cents.
  discount_amount   INTEGER NOT NULL CHECK (discount_amount > 0),
  descriptions_json TEXT    NOT NULL CHECK (json_valid(descriptions_json)),
  CHECK (product_id IS NOT NULL OR contract_id IS NOT NULL)
);
CREATE INDEX promotions_product ON promotions(product_id);
CREATE INDEX promotions_contract ON promotions(contract_id);

CREATE TABLE invoices (
  id                       INTEGER PRIMARY KEY,
  uuid                     TEXT    NOT NULL UNIQUE,
  customer_id              INTEGER NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  contract_id              INTEGER REFERENCES contracts(id) ON DELETE SET NULL,
  generated_at             TEXT    NOT NULL,
  due_date                 TEXT    NOT NULL,
  total_incl_vat_cents     INTEGER NOT NULL,
  structured_communication TEXT    NOT NULL UNIQUE CHECK (structured_communication GLOB '+++[0-9][0-9][0-9]/[0-9][0-9][0-9][0-9]/[0-9][0-9][0-9][0-9][0-9]+++'),
  piece_id                 TEXT    NOT NULL UNIQUE,
  payment_mode             TEXT    NOT NULL CHECK (payment_mode IN ('DD', 'BT')),
  paid                     INTEGER NOT NULL DEFAULT 0 CHECK (paid IN (0, 1)),
  paid_at                  TEXT,
  partial_paid_cents       INTEGER NOT NULL DEFAULT 0 CHECK (partial_paid_cents >= 0),
  CHECK (paid = 0 OR paid_at IS NOT NULL)
);
CREATE INDEX invoices_customer ON invoices(customer_id, generated_at);

CREATE TABLE usage_records (
  id              INTEGER PRIMARY KEY,
  contract_id     INTEGER NOT NULL REFERENCES contracts(id) ON DELETE CASCADE,
  service_cat     TEXT    NOT NULL CHECK (service_cat IN ('call', 'data', 'sms')),
  messages        INTEGER NOT NULL DEFAULT 1,
  is_oob          INTEGER NOT NULL DEFAULT 0 CHECK (is_oob IN (0, 1)),
  resource_impact INTEGER NOT NULL DEFAULT 0 CHECK (resource_impact >= 0),
  resource_unit   TEXT    NOT NULL DEFAULT 'EUR_CENT',
  service_used    INTEGER NOT NULL CHECK (service_used >= 0),
  service_unit    TEXT    NOT NULL CHECK (service_unit IN ('B', 's', 'sms')),
  incoming        INTEGER NOT NULL DEFAULT 0 CHECK (incoming IN (0, 1)),
  destination     TEXT    NOT NULL CHECK (destination IN ('national', 'international', 'roaming', 'premium')),
  event_time      INTEGER NOT NULL
);
CREATE INDEX usage_records_contract_time ON usage_records(contract_id, event_time);

-- Out-of-subscription limits (docs/product/settings.md "Out-of-bundle limits and alerts"). OSG general, PSG premium,
-- DSG data.
CREATE TABLE safeguards (
  contract_id            INTEGER NOT NULL REFERENCES contracts(id) ON DELETE CASCADE,
  type                   TEXT    NOT NULL CHECK (type IN ('OSG', 'PSG', 'DSG')),
  current_cents          INTEGER NOT NULL CHECK (current_cents >= 0),
  -- Limit that takes over at the next bill cycle; NULL when unchanged.
  next_cents             INTEGER CHECK (next_cents IS NULL OR next_cents >= 0),
  alert_cents            INTEGER NOT NULL CHECK (alert_cents >= 0),
  default_cents          INTEGER NOT NULL CHECK (default_cents >= 0),
  max_cents              INTEGER NOT NULL CHECK (max_cents >= 0),
  overspent_credit_cents INTEGER NOT NULL DEFAULT 0 CHECK (overspent_credit_cents >= 0),
  PRIMARY KEY (contract_id, type),
  CHECK (current_cents <= max_cents)
) WITHOUT ROWID;

CREATE TABLE notification_settings (
  id          INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  contract_id INTEGER NOT NULL REFERENCES contracts(id) ON DELETE CASCADE,
  type        TEXT    NOT NULL CHECK (type IN ('80PC', '100PC', 'OOB', 'INV', 'OTHER')),
  channel     TEXT    NOT NULL CHECK (channel IN ('SMS', 'EMAIL', 'PUSH')),
  active      INTEGER NOT NULL CHECK (active IN (0, 1)),
  UNIQUE (contract_id, type, channel)
);
CREATE INDEX notification_settings_customer ON notification_settings(customer_id);

CREATE TABLE contract_settings (
  contract_id           INTEGER PRIMARY KEY REFERENCES contracts(id) ON DELETE CASCADE,
  premium_barring       TEXT    NOT NULL DEFAULT 'none' CHECK (premium_barring IN ('all', 'info', 'game', 'payment', 'erotic', 'none')),
  international_barring INTEGER NOT NULL DEFAULT 0 CHECK (international_barring IN (0, 1)),
  roaming_type          TEXT    NOT NULL DEFAULT 'EU_INCLUDE_SWISS' CHECK (roaming_type IN
                          ('WORLD_COVERAGE', 'EU_INCLUDE_SWISS', 'EU_WITHOUT_SWISS', 'CALLS_SMS_ONLY', 'COVERAGE_NONE')),
  throttling            TEXT    NOT NULL DEFAULT 'NONE' CHECK (throttling IN ('512K', '2M', '5M', '100M', 'NONE')),
  pin                   TEXT    NOT NULL,
  puk                   TEXT    NOT NULL
);

CREATE TABLE orders (
  id             INTEGER PRIMARY KEY,
  order_ref      TEXT    NOT NULL UNIQUE CHECK (order_ref GLOB 'O-[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]'),
  contract_id    INTEGER NOT NULL REFERENCES contracts(id) ON DELETE CASCADE,
  status         TEXT    NOT NULL CHECK (status IN ('CANCELED', 'PENDING', 'QUEUED', 'FAILED', 'SUCCESS')),
  created_at     TEXT    NOT NULL,
  scheduled_date TEXT,
  executed_at    TEXT,
  initiator_ref  TEXT,
  initiator_type TEXT    NOT NULL CHECK (initiator_type IN ('U', 'O', 'A', 'C', 'S'))
);
CREATE INDEX orders_contract ON orders(contract_id, created_at);

CREATE TABLE order_lines (
  id             INTEGER PRIMARY KEY,
  order_id       INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  order_type     TEXT    NOT NULL CHECK (order_type IN ('product', 'option', 'safeguard', 'setting', 'contract')),
  item_kind      TEXT    NOT NULL CHECK (item_kind IN ('SAFEGUARD', 'SETTING', 'OPTION', 'PRODUCT', 'CONTRACT')),
  resource_name  TEXT    NOT NULL,
  old_value      TEXT,
  new_value      TEXT,
  status         TEXT    NOT NULL CHECK (status IN ('CANCELED', 'PENDING', 'QUEUED', 'FAILED', 'SUCCESS')),
  -- History error types (docs/product/subscription.md "Order history"): JSON, HTML, TEXT, CUSTOMER_DEBT.
  reason_error   TEXT    CHECK (reason_error IS NULL OR reason_error IN ('JSON', 'HTML', 'TEXT', 'CUSTOMER_DEBT')),
  error          TEXT,
  is_cancellable INTEGER NOT NULL DEFAULT 0 CHECK (is_cancellable IN (0, 1)),
  scheduled_date TEXT,
  executed_at    TEXT,
  created_at     TEXT    NOT NULL
);
CREATE INDEX order_lines_order ON order_lines(order_id);

CREATE TABLE activation_codes (
  id          INTEGER PRIMARY KEY,
  order_ref   TEXT    NOT NULL UNIQUE,
  contract_id INTEGER NOT NULL REFERENCES contracts(id) ON DELETE CASCADE,
  -- Hashed with server/lib/password.ts (verifyPassword), never stored in clear.
  code_hash   TEXT    NOT NULL,
  attempts    INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  expires_at  TEXT,
  used_at     TEXT,
  created_at  TEXT    NOT NULL
);
CREATE INDEX activation_codes_contract ON activation_codes(contract_id);

CREATE TABLE faq (
  id       INTEGER PRIMARY KEY,
  lang     TEXT    NOT NULL CHECK (lang IN ('fr', 'nl', 'en')),
  question TEXT    NOT NULL,
  answer   TEXT    NOT NULL,
  position INTEGER NOT NULL,
  UNIQUE (lang, position)
);

-- ---------------------------------------------------------------------------------------------
-- Runtime tables: empty after the seed, filled by the routes.
-- ---------------------------------------------------------------------------------------------

CREATE TABLE devices (
  id              INTEGER PRIMARY KEY,
  user_id         INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  device_key_hash TEXT    NOT NULL,
  pin_hash        TEXT,
  failed_attempts INTEGER NOT NULL DEFAULT 0 CHECK (failed_attempts >= 0),
  expires_at      TEXT    NOT NULL,
  revoked_at      TEXT,
  created_at      TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX devices_user ON devices(user_id);

CREATE TABLE sessions (
  id                 INTEGER PRIMARY KEY,
  user_id            INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  access_token_hash  TEXT    NOT NULL UNIQUE,
  refresh_token_hash TEXT    UNIQUE,
  -- Refresh-token rotation: reuse of a rotated token revokes every session of the family.
  family_id          TEXT    NOT NULL,
  expires_at         TEXT    NOT NULL,
  refresh_expires_at TEXT,
  revoked_at         TEXT,
  created_at         TEXT    NOT NULL,
  device_id          INTEGER REFERENCES devices(id) ON DELETE SET NULL
);
CREATE INDEX sessions_user ON sessions(user_id);
CREATE INDEX sessions_family ON sessions(family_id);

-- Stand-in for SMS, e-mail and push delivery: the demo reads codes and links from here.
CREATE TABLE outbox (
  id         INTEGER PRIMARY KEY,
  channel    TEXT    NOT NULL CHECK (channel IN ('SMS', 'EMAIL', 'PUSH')),
  recipient  TEXT    NOT NULL,
  subject    TEXT,
  body       TEXT    NOT NULL,
  created_at TEXT    NOT NULL
);
CREATE INDEX outbox_recipient ON outbox(recipient, created_at);

-- One-time links and codes: password recovery, account creation, e-mail confirmation, login by link, SMS codes.
CREATE TABLE link_tokens (
  id         INTEGER PRIMARY KEY,
  user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  purpose    TEXT    NOT NULL,
  token_hash TEXT    NOT NULL UNIQUE,
  expires_at TEXT    NOT NULL,
  used_at    TEXT,
  created_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX link_tokens_user ON link_tokens(user_id, purpose);

-- Rate limiting with growing waits (login, PIN, code requests); key is e.g. 'login:MT00000001'.
CREATE TABLE login_attempts (
  key          TEXT    PRIMARY KEY,
  count        INTEGER NOT NULL DEFAULT 0,
  window_start TEXT    NOT NULL,
  locked_until TEXT
) WITHOUT ROWID;

-- ARCHITECTURE: the server keeps idempotency keys at least 7 days and replays the stored answer.
CREATE TABLE idempotency_keys (
  key           TEXT    NOT NULL,
  user_id       INTEGER REFERENCES users(id) ON DELETE CASCADE,
  method        TEXT    NOT NULL,
  path          TEXT    NOT NULL,
  request_hash  TEXT    NOT NULL,
  status_code   INTEGER NOT NULL,
  response_body TEXT,
  created_at    TEXT    NOT NULL,
  PRIMARY KEY (key)
);
CREATE INDEX idempotency_keys_created ON idempotency_keys(created_at);

CREATE TABLE support_tickets (
  id              INTEGER PRIMARY KEY,
  customer_id     INTEGER REFERENCES customers(id) ON DELETE SET NULL,
  user_id         INTEGER REFERENCES users(id) ON DELETE SET NULL,
  subject         TEXT    NOT NULL,
  sub_subject     TEXT,
  message         TEXT    NOT NULL,
  attachment_name TEXT,
  attachment_type TEXT,
  attachment_size INTEGER,
  created_at      TEXT    NOT NULL
);

CREATE TABLE push_subscriptions (
  id         INTEGER PRIMARY KEY,
  user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  endpoint   TEXT    NOT NULL UNIQUE,
  p256dh     TEXT    NOT NULL,
  auth       TEXT    NOT NULL,
  created_at TEXT    NOT NULL
);
