-- Issue 27 (docs/adr/0042): a registration belongs to the person, not the client address; the
-- phone is proved by a one-time code sent by SMS; members recover their account by SMS.

-- The old per-address phone step (0013) is replaced by registrations.
DROP TABLE registration_phone_steps;

-- One sign-up in progress: checkPhone starts it and sends a code; verifyPhone proves the phone;
-- checkBank binds its token to the registration id; signup completes it. Nothing is keyed by
-- address: `address_key` is kept for abuse review only.
CREATE TABLE registrations (
  id text PRIMARY KEY CHECK (id ~ '^reg_[a-z0-9]{20,40}$'),
  phone_number text NOT NULL CHECK (phone_number ~ '^0[0-9]{9}$'),
  address_key text NOT NULL CHECK (length(address_key) <= 64),
  created_at timestamptz NOT NULL,
  -- The registration (and every code of it) is unusable after this.
  expires_at timestamptz NOT NULL,
  verified_at timestamptz,
  completed_at timestamptz,
  member_id text REFERENCES members (id)
);
CREATE INDEX registrations_phone ON registrations (phone_number, created_at DESC);
CREATE INDEX registrations_expiry ON registrations (expires_at);

-- One-time codes sent by SMS (registration, password reset, phone change). Only an HMAC-SHA256 of
-- the code (keyed by the server's OTP secret) is stored; the newest row per (purpose, owner_key)
-- is the live code, an older one is dead as soon as a new one is sent.
CREATE TABLE phone_codes (
  id bigserial PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('registration', 'password_reset', 'phone_change_old', 'phone_change_new')),
  -- registration id, `phone:<phone>` (password reset) or the member id (phone change).
  owner_key text NOT NULL CHECK (length(owner_key) BETWEEN 1 AND 80),
  phone_number text NOT NULL CHECK (phone_number ~ '^0[0-9]{9}$'),
  member_id text REFERENCES members (id),
  code_hash text NOT NULL CHECK (code_hash ~ '^[0-9a-f]{64}$'),
  sent_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  -- Tries used (reserved before the compare, so parallel guesses cannot exceed the limit).
  tries integer NOT NULL DEFAULT 0 CHECK (tries >= 0),
  used_at timestamptz
);
CREATE INDEX phone_codes_owner ON phone_codes (purpose, owner_key, id DESC);
CREATE INDEX phone_codes_expiry ON phone_codes (expires_at);

-- Every SMS Sabai sends (modules/sms): recorded with its outbox event in the transaction that
-- causes it; the worker sends it through the SMS provider; the provider's webhooks move its state.
-- `sealed_text` is the whole text encrypted (AES-256-GCM, the OTP secret) while the send is
-- pending, and erased once the provider took it: a code never rests in clear. `text_masked` is
-- what staff see (the code replaced by dots).
CREATE TABLE sms_messages (
  id text PRIMARY KEY CHECK (id ~ '^sms_[a-z0-9]{20,40}$'),
  to_phone text NOT NULL CHECK (to_phone ~ '^0[0-9]{9}$'),
  purpose text NOT NULL CHECK (purpose ~ '^[a-z_]{1,40}$'),
  member_id text REFERENCES members (id),
  text_masked text NOT NULL CHECK (length(text_masked) <= 1000),
  sealed_text text,
  state text NOT NULL CHECK (state IN ('queued', 'accepted', 'sent', 'delivered', 'failed')),
  provider_message_id text,
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  error text CHECK (length(error) <= 1000),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  sent_at timestamptz,
  delivered_at timestamptz,
  failed_at timestamptz
);
CREATE INDEX sms_messages_recent ON sms_messages (created_at DESC);
CREATE INDEX sms_messages_state ON sms_messages (state, created_at DESC);
CREATE INDEX sms_messages_phone ON sms_messages (to_phone, created_at DESC);

-- The SMS provider's delivery webhooks (sms:sent / sms:delivered / sms:failed), stored raw before
-- they are applied (ARCHITECTURE.md "Security").
CREATE TABLE sms_delivery_reports (
  id bigserial PRIMARY KEY,
  event text NOT NULL CHECK (length(event) <= 40),
  message_id text CHECK (length(message_id) <= 200),
  raw_body text NOT NULL,
  received_at timestamptz NOT NULL
);
CREATE INDEX sms_delivery_reports_message ON sms_delivery_reports (message_id);

-- A member's phone changed by staff when the old phone is lost (issue 27 §3): one staff member
-- asks, another approves (four-eyes); both audited.
CREATE TABLE member_phone_changes (
  id text PRIMARY KEY CHECK (id ~ '^mpc_[a-z0-9]{20,40}$'),
  member_id text NOT NULL REFERENCES members (id),
  old_phone text NOT NULL CHECK (old_phone ~ '^0[0-9]{9}$'),
  new_phone text NOT NULL CHECK (new_phone ~ '^0[0-9]{9}$'),
  reason text NOT NULL CHECK (length(reason) BETWEEN 1 AND 500),
  status text NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
  requested_by text NOT NULL,
  requested_at timestamptz NOT NULL,
  decided_by text,
  decided_at timestamptz,
  CHECK (decided_by IS NULL OR decided_by <> requested_by)
);
CREATE UNIQUE INDEX member_phone_changes_one_pending ON member_phone_changes (member_id) WHERE status = 'pending';
