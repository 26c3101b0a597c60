-- 013_activation: SIM activation and the follow-up of SIM orders (docs/product/activation.md).

-- A SIM sale's follow-up: one row per contract that was sold with a SIM, addressed by a random uuid
-- (/orders/{uuid}). The contract row keeps the states of docs/product/activation.md "Where a SIM order stands" (status,
-- sub-status, identification, port-in); this row keeps what the follow-up adds: the customer's choice, when it was
-- made, and when the provisioning simulator takes the next step.
CREATE TABLE sim_orders (
  id             INTEGER PRIMARY KEY,
  uuid           TEXT    NOT NULL UNIQUE,
  contract_id    INTEGER NOT NULL UNIQUE REFERENCES contracts(id) ON DELETE CASCADE,
  order_ref      TEXT    NOT NULL UNIQUE CHECK (order_ref GLOB 'O-[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]'),
  mode           TEXT    CHECK (mode IS NULL OR mode IN ('new_number', 'port_in')),
  requested_at   TEXT,
  -- The number a transfer brings from the other operator; the line takes it when the transfer is executed.
  port_in_msisdn TEXT    CHECK (port_in_msisdn IS NULL OR port_in_msisdn GLOB '04[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]'),
  failure_reason TEXT    CHECK (failure_reason IS NULL OR failure_reason IN ('dataMismatch', 'numberUnknown')),
  -- When the provisioning simulator moves the order on (NULL: nothing under way).
  next_step_at   TEXT,
  created_at     TEXT    NOT NULL
);
CREATE INDEX sim_orders_next_step ON sim_orders(next_step_at) WHERE next_step_at IS NOT NULL;

-- The states a SIM order went through, each with when: the timeline of the follow-up.
CREATE TABLE sim_order_events (
  id           INTEGER PRIMARY KEY,
  sim_order_id INTEGER NOT NULL REFERENCES sim_orders(id) ON DELETE CASCADE,
  step         TEXT    NOT NULL CHECK (step IN ('ORDER_VALIDATED', 'IDENTIFICATION_NEEDED', 'IDENTIFICATION_SENT',
                 'IDENTIFICATION_OK', 'SIM_SENT', 'SIM_DELIVERY_FAILED', 'ACTIVATION_REQUESTED', 'ACTIVATION_EXECUTED',
                 'ACTIVATION_FAILED', 'PORT_IN_REQUESTED', 'PORT_IN_ACCEPTED', 'PORT_IN_EXECUTED', 'PORT_IN_FAILED', 'ACTIVATED')),
  at           TEXT    NOT NULL
);
CREATE INDEX sim_order_events_order ON sim_order_events(sim_order_id, at, id);

-- An identity document sent for a contract (docs/product/activation.md "Identification"); its files live under DATA_DIR
-- and are never served back.
CREATE TABLE identity_documents (
  id            INTEGER PRIMARY KEY,
  contract_id   INTEGER NOT NULL REFERENCES contracts(id) ON DELETE CASCADE,
  document_type TEXT    NOT NULL CHECK (document_type IN ('belgianIdCard', 'belgianResidentCard', 'otherId')),
  card_number   TEXT    NOT NULL,
  created_at    TEXT    NOT NULL
);
CREATE INDEX identity_documents_contract ON identity_documents(contract_id, created_at);

CREATE TABLE identity_files (
  id          INTEGER PRIMARY KEY,
  document_id INTEGER NOT NULL REFERENCES identity_documents(id) ON DELETE CASCADE,
  -- Relative to DATA_DIR.
  path        TEXT    NOT NULL UNIQUE,
  -- As the file's content shows it, never as the upload declared it.
  media_type  TEXT    NOT NULL,
  size        INTEGER NOT NULL CHECK (size > 0),
  created_at  TEXT    NOT NULL
);
CREATE INDEX identity_files_document ON identity_files(document_id);

-- The activation without login: a code checked opens a session for that one contract, kept in an HttpOnly cookie
-- (the token stored hashed).
CREATE TABLE activation_sessions (
  token_hash  TEXT    PRIMARY KEY,
  contract_id INTEGER NOT NULL REFERENCES contracts(id) ON DELETE CASCADE,
  expires_at  TEXT    NOT NULL,
  created_at  TEXT    NOT NULL
) WITHOUT ROWID;
CREATE INDEX activation_sessions_expiry ON activation_sessions(expires_at);

-- The other operators' lines, as the provisioning simulator asks them when a number is transferred: the transfer
-- is accepted when the number is known there with the account number (subscription) or SIM number (prepaid) given.
CREATE TABLE donor_lines (
  msisdn         TEXT    PRIMARY KEY CHECK (msisdn GLOB '04[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]'),
  operator       TEXT    NOT NULL,
  type           TEXT    NOT NULL CHECK (type IN ('postpaid', 'prepaid')),
  account_number TEXT,
  iccid          TEXT,
  CHECK ((type = 'postpaid' AND account_number IS NOT NULL) OR (type = 'prepaid' AND iccid IS NOT NULL))
) WITHOUT ROWID;
