-- 010_orders: what the subscription area needs beyond 001_init. Every new column has a default or is nullable, so
-- the inserts of the other areas that write products and order lines keep working unchanged.

-- Out-of-bundle rates of a base product, in cents: per started MB of data, per started minute of calls, per SMS
-- (the plan comparison prices a customer's usage with them). 0 for options and for unlimited volumes.
ALTER TABLE products ADD COLUMN oob_data_cents_per_mb   INTEGER NOT NULL DEFAULT 0 CHECK (oob_data_cents_per_mb >= 0);
ALTER TABLE products ADD COLUMN oob_call_cents_per_min  INTEGER NOT NULL DEFAULT 0 CHECK (oob_call_cents_per_min >= 0);
ALTER TABLE products ADD COLUMN oob_sms_cents           INTEGER NOT NULL DEFAULT 0 CHECK (oob_sms_cents >= 0);

-- The product or option a PRODUCT or OPTION line is about (the new product of a plan change), so the scheduler can
-- apply it and the app can edit a pending order; NULL for the other kinds.
ALTER TABLE order_lines ADD COLUMN resource_id INTEGER REFERENCES products(id);
-- When the line was handed to execution (PENDING → QUEUED); it completes a minute later, by the server's clock.
ALTER TABLE order_lines ADD COLUMN queued_at   TEXT;

-- The scheduler looks for the lines due in each run.
CREATE INDEX order_lines_status ON order_lines(status, scheduled_date);
