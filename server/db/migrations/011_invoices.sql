-- 011_invoices: what an invoice is made of, credit notes, and the cost centres of professional customers.
-- New columns on shared tables are nullable or have a default, so the inserts of other areas keep working.

-- A professional customer's lines are invoiced per cost centre (docs/product/invoices.md "Cost centres").
CREATE TABLE cost_centers (
  id          INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  name        TEXT    NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  last_update TEXT    NOT NULL,
  UNIQUE (customer_id, name)
);
CREATE INDEX cost_centers_customer ON cost_centers(customer_id);

-- The cost centre a line is billed to (NULL: the customer's own invoice).
ALTER TABLE contracts ADD COLUMN cost_center_id INTEGER REFERENCES cost_centers(id) ON DELETE SET NULL;

-- The cost centre an invoice was issued for; the bill cycle it covers; invoice or credit note (docs/product/invoices.md
-- "Credit notes": a credit note's total is what the operator owes, so it is negative).
ALTER TABLE invoices ADD COLUMN cost_center_id INTEGER REFERENCES cost_centers(id) ON DELETE SET NULL;
ALTER TABLE invoices ADD COLUMN period_start TEXT;
ALTER TABLE invoices ADD COLUMN period_end TEXT;
ALTER TABLE invoices ADD COLUMN document_type TEXT NOT NULL DEFAULT 'invoice' CHECK (document_type IN ('invoice', 'credit_note'));
CREATE INDEX invoices_cost_center ON invoices(customer_id, cost_center_id, generated_at);

-- The lines of an invoice, per contract, as they were billed: a document does not change when the catalogue
-- does. Amounts in cents, VAT included; promotions and credits are negative. The label is the product's name or
-- the promotion's or fee's text, per language ({"fr","nl","en"}); usage lines have no text of their own.
CREATE TABLE invoice_lines (
  id           INTEGER PRIMARY KEY,
  invoice_id   INTEGER NOT NULL REFERENCES invoices(id) ON DELETE CASCADE,
  contract_id  INTEGER REFERENCES contracts(id) ON DELETE SET NULL,
  msisdn       TEXT,
  position     INTEGER NOT NULL,
  kind         TEXT    NOT NULL CHECK (kind IN ('plan', 'option', 'promotion', 'usage', 'fee')),
  label_json   TEXT    CHECK (label_json IS NULL OR json_valid(label_json)),
  quantity     INTEGER NOT NULL DEFAULT 1 CHECK (quantity >= 1),
  amount_cents INTEGER NOT NULL,
  UNIQUE (invoice_id, position)
);
