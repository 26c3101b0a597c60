-- 012_settings: line settings applied on the clock, alerts really sent (e-mail, SMS, Web Push), page views.

-- A SAFEGUARD or SETTING order line takes effect at an instant (docs/product/settings.md "Line changes and when they
-- apply": limits within 2 minutes, roaming up to 4 hours), finer than the calendar `scheduled_date`: the settings job
-- applies the lines whose instant has passed.
ALTER TABLE order_lines ADD COLUMN apply_at TEXT;
CREATE INDEX order_lines_apply_at ON order_lines(apply_at) WHERE apply_at IS NOT NULL AND status IN ('PENDING', 'QUEUED');

-- A push subscription belongs to one device of one user: removed at that device's logout. Its notifications speak
-- the user's language (users.language, the choice saved from the app).
ALTER TABLE push_subscriptions ADD COLUMN device_id TEXT;
CREATE INDEX push_subscriptions_user ON push_subscriptions(user_id);

-- Every alert event that happened (a threshold crossed in a bill cycle, an invoice issued …), once: an event is
-- handled when it first becomes true, whatever the channels chosen then, and never again.
CREATE TABLE alert_events (
  contract_id INTEGER NOT NULL REFERENCES contracts(id) ON DELETE CASCADE,
  event_key   TEXT    NOT NULL,
  notified    INTEGER NOT NULL CHECK (notified IN (0, 1)),
  created_at  TEXT    NOT NULL,
  PRIMARY KEY (contract_id, event_key)
) WITHOUT ROWID;

-- What was sent, per event and channel (at most once each): the customer's list of the last notifications.
CREATE TABLE notification_log (
  id          INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  contract_id INTEGER REFERENCES contracts(id) ON DELETE CASCADE,
  user_id     INTEGER REFERENCES users(id) ON DELETE CASCADE,
  event_key   TEXT    NOT NULL,
  type        TEXT    NOT NULL CHECK (type IN ('80PC', '100PC', 'OOB', 'INV', 'OTHER')),
  channel     TEXT    NOT NULL CHECK (channel IN ('SMS', 'EMAIL', 'PUSH')),
  recipient   TEXT,
  title       TEXT    NOT NULL,
  status      TEXT    NOT NULL CHECK (status IN ('sent', 'failed', 'noRecipient')),
  error       TEXT,
  created_at  TEXT    NOT NULL
);
CREATE UNIQUE INDEX notification_log_once ON notification_log(contract_id, event_key, channel) WHERE contract_id IS NOT NULL;
CREATE INDEX notification_log_customer ON notification_log(customer_id, created_at);

-- Page views with statistics consent (docs/product/settings.md "Cookies and consent"): a count per day, route name and
-- language, nothing about the user.
CREATE TABLE page_views (
  day   TEXT    NOT NULL,
  route TEXT    NOT NULL,
  lang  TEXT    NOT NULL CHECK (lang IN ('fr', 'nl', 'en')),
  count INTEGER NOT NULL CHECK (count >= 1),
  PRIMARY KEY (day, route, lang)
) WITHOUT ROWID;
-- Invoice events are looked up by key alone ("has this invoice been announced?").
CREATE INDEX alert_events_key ON alert_events(event_key);
