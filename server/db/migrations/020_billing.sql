-- 020_billing: the billing run at each cycle's close (server/lib/billing-run.ts), gapless document numbers, the
-- history of what a line held (pro rata), invoices that add up excl./incl. VAT, priced orders, and one open plan
-- change per line as a database guarantee.

-- What a line held and when: its plan and each option with its count, from start_date to end_date (both included;
-- NULL: still held). The billing run bills each for the days of the cycle it was held. Written by the order
-- execution and the billing run (server/lib/subscription-history.ts), from the contract's current state.
CREATE TABLE subscription_periods (
  id          INTEGER PRIMARY KEY,
  contract_id INTEGER NOT NULL REFERENCES contracts(id) ON DELETE CASCADE,
  kind        TEXT    NOT NULL CHECK (kind IN ('plan', 'option')),
  product_id  INTEGER NOT NULL REFERENCES products(id),
  count       INTEGER NOT NULL CHECK (count >= 1),
  start_date  TEXT    NOT NULL,
  end_date    TEXT,
  CHECK (end_date IS NULL OR end_date >= start_date)
);
CREATE INDEX subscription_periods_contract ON subscription_periods(contract_id, start_date);
-- One open period per held product.
CREATE UNIQUE INDEX subscription_periods_open ON subscription_periods(contract_id, kind, product_id) WHERE end_date IS NULL;

-- The first day this system bills the line (NULL: its activation day). The demo's lines start 6 cycles back.
ALTER TABLE contracts ADD COLUMN billing_from TEXT;

-- Each cycle of each line is billed once: the primary key is the guarantee when two runs (or two instances) meet.
CREATE TABLE billed_cycles (
  contract_id  INTEGER NOT NULL REFERENCES contracts(id) ON DELETE CASCADE,
  period_start TEXT    NOT NULL,
  period_end   TEXT    NOT NULL,
  invoice_id   INTEGER REFERENCES invoices(id) ON DELETE SET NULL,
  billed_at    TEXT    NOT NULL,
  PRIMARY KEY (contract_id, period_start)
) WITHOUT ROWID;

-- Gapless numbering: one counter per series ('F2026' invoices, 'NC2026' credit notes), incremented in the
-- transaction that writes the document, so a rolled-back document gives its number back.
CREATE TABLE document_sequences (
  series      TEXT    PRIMARY KEY,
  last_number INTEGER NOT NULL CHECK (last_number >= 0)
) WITHOUT ROWID;

-- The totals as issued (NULL on documents issued before this migration: computed from the total incl. VAT), and
-- when the invoice's e-mail went out (NULL: still to send).
ALTER TABLE invoices ADD COLUMN total_excl_vat_cents INTEGER;
ALTER TABLE invoices ADD COLUMN vat_cents INTEGER;
ALTER TABLE invoices ADD COLUMN emailed_at TEXT;
UPDATE invoices SET emailed_at = generated_at;

-- invoice_lines again, with the kind 'credit' (a credit note taken off the invoice), each line's amount excl. VAT,
-- the usage category of usage lines, and the days a pro-rata line covers. SQLite cannot change a CHECK in place.
CREATE TABLE invoice_lines_020 (
  id                    INTEGER PRIMARY KEY,
  invoice_id            INTEGER NOT NULL REFERENCES invoices(id) ON DELETE CASCADE,
  contract_id           INTEGER REFERENCES contracts(id) ON DELETE SET NULL,
  msisdn                TEXT,
  position              INTEGER NOT NULL,
  kind                  TEXT    NOT NULL CHECK (kind IN ('plan', 'option', 'promotion', 'usage', 'fee', 'credit')),
  label_json            TEXT    CHECK (label_json IS NULL OR json_valid(label_json)),
  category              TEXT,
  quantity              INTEGER NOT NULL DEFAULT 1 CHECK (quantity >= 1),
  amount_cents          INTEGER NOT NULL,
  amount_excl_vat_cents INTEGER,
  period_from           TEXT,
  period_to             TEXT,
  UNIQUE (invoice_id, position)
);
INSERT INTO invoice_lines_020 (id, invoice_id, contract_id, msisdn, position, kind, label_json, quantity, amount_cents)
  SELECT id, invoice_id, contract_id, msisdn, position, kind, label_json, quantity, amount_cents FROM invoice_lines;
DROP TABLE invoice_lines;
ALTER TABLE invoice_lines_020 RENAME TO invoice_lines;

-- The price of a plan or option order as the customer confirmed it (contract/pricing.ts OrderPricing, JSON).
ALTER TABLE orders ADD COLUMN pricing_json TEXT CHECK (pricing_json IS NULL OR json_valid(pricing_json));

-- One open plan change per line (docs/product/subscription.md "Order rules"): the line's contract on each order
-- line, filled by a trigger whatever area writes the line, and a unique index over the open PRODUCT lines. A second
-- plan change fails inside the transaction that writes it, however many requests arrive at once.
ALTER TABLE order_lines ADD COLUMN contract_id INTEGER REFERENCES contracts(id) ON DELETE CASCADE;
UPDATE order_lines SET contract_id = (SELECT o.contract_id FROM orders o WHERE o.id = order_lines.order_id);
-- Plan changes stacked before this rule: the latest one stands (the customer's last choice), the others are cancelled.
UPDATE order_lines SET status = 'CANCELED'
  WHERE item_kind = 'PRODUCT' AND status IN ('PENDING', 'QUEUED')
    AND id <> (SELECT MAX(l.id) FROM order_lines l
               WHERE l.contract_id = order_lines.contract_id AND l.item_kind = 'PRODUCT' AND l.status IN ('PENDING', 'QUEUED'));
UPDATE orders SET status = 'CANCELED'
  WHERE status IN ('PENDING', 'QUEUED')
    AND NOT EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = orders.id AND l.status <> 'CANCELED');
CREATE TRIGGER order_lines_contract AFTER INSERT ON order_lines WHEN NEW.contract_id IS NULL
BEGIN
  UPDATE order_lines SET contract_id = (SELECT o.contract_id FROM orders o WHERE o.id = NEW.order_id) WHERE id = NEW.id;
END;
CREATE UNIQUE INDEX order_lines_one_open_plan_change ON order_lines(contract_id)
  WHERE item_kind = 'PRODUCT' AND status IN ('PENDING', 'QUEUED');
