-- 040_support_ticket_status: a customer follows the messages it wrote, on every device, with where each one stands
-- (docs/product/support.md "The customer's messages"). Customer service moves a message from received to in progress,
-- answered and closed; the app lists them from here (GET /support/tickets) instead of from the device that wrote them.
ALTER TABLE support_tickets ADD COLUMN status TEXT NOT NULL DEFAULT 'received'
  CHECK (status IN ('received', 'inProgress', 'answered', 'closed'));
ALTER TABLE support_tickets ADD COLUMN updated_at TEXT;
