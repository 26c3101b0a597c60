-- 060_payments: paying online (docs/product/payments.md), and the stand-in payment provider's own store.

-- A payment a customer started from the app. `reference` is the app's handle (in the return address); the
-- provider's id (tr_…) arrives once the provider created the payment. The amount is what was still due when the
-- payment was created, decided by the server. A final status (paid, failed, canceled, expired) is applied once and
-- never changes again; `settled_at` is when it was applied. `unapplied_cents` is money received that no open
-- invoice was left to take (an invoice paid meanwhile by transfer): the operator refunds it.
CREATE TABLE online_payments (
  id              INTEGER PRIMARY KEY,
  reference       TEXT    NOT NULL UNIQUE,
  provider_id     TEXT    UNIQUE,
  customer_id     INTEGER NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  user_id         INTEGER REFERENCES users(id) ON DELETE SET NULL,
  scope           TEXT    NOT NULL CHECK (scope IN ('invoice', 'open_total')),
  amount_cents    INTEGER NOT NULL CHECK (amount_cents > 0),
  description     TEXT    NOT NULL,
  status          TEXT    NOT NULL CHECK (status IN ('open', 'pending', 'authorized', 'paid', 'failed', 'canceled', 'expired')),
  method          TEXT,
  -- The language the customer paid in: the checkout's and the receipt's.
  language        TEXT    NOT NULL DEFAULT 'fr' CHECK (language IN ('fr', 'nl', 'en')),
  created_at      TEXT    NOT NULL,
  settled_at      TEXT,
  paid_at         TEXT,
  unapplied_cents INTEGER NOT NULL DEFAULT 0 CHECK (unapplied_cents >= 0)
);
CREATE INDEX online_payments_customer ON online_payments(customer_id, created_at);
-- The reconciliation job looks for payments still waiting for a final status.
CREATE INDEX online_payments_waiting ON online_payments(status, created_at) WHERE settled_at IS NULL;

-- What a payment is for: the invoices (and, for the open total, the credit notes) it settles, with what was due on
-- each when it was created, in the order the money is applied.
CREATE TABLE online_payment_items (
  payment_id   INTEGER NOT NULL REFERENCES online_payments(id) ON DELETE CASCADE,
  invoice_id   INTEGER NOT NULL REFERENCES invoices(id) ON DELETE CASCADE,
  position     INTEGER NOT NULL,
  due_cents    INTEGER NOT NULL,
  PRIMARY KEY (payment_id, invoice_id)
);

-- The stand-in payment provider (served at /psp-stand-in/ while MOLLIE_API_KEY is unset): the payments it holds,
-- as Mollie's payments API describes them. It stands for another company's system: nothing of the app reads it.
CREATE TABLE psp_stand_in_payments (
  id              TEXT    PRIMARY KEY CHECK (id GLOB 'tr_*'),
  idempotency_key TEXT    UNIQUE,
  amount_value    TEXT    NOT NULL,
  currency        TEXT    NOT NULL,
  description     TEXT    NOT NULL,
  redirect_url    TEXT    NOT NULL,
  webhook_url     TEXT,
  metadata_json   TEXT    CHECK (metadata_json IS NULL OR json_valid(metadata_json)),
  locale          TEXT,
  -- The methods the merchant offered (JSON array; null: every method the stand-in knows) and the one chosen.
  methods_json    TEXT    CHECK (methods_json IS NULL OR json_valid(methods_json)),
  method          TEXT,
  status          TEXT    NOT NULL CHECK (status IN ('open', 'paid', 'failed', 'canceled', 'expired')),
  created_at      TEXT    NOT NULL,
  expires_at      TEXT    NOT NULL,
  finished_at     TEXT
);
CREATE INDEX psp_stand_in_payments_open ON psp_stand_in_payments(expires_at) WHERE status = 'open';
