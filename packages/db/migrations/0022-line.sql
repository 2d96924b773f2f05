-- LINE notifications (issue 12, LINE part; docs/line.md, docs/adr/0020): members link their LINE
-- account through LINE's account-link flow, then get their money events by LINE push messages.

-- Which LINE user a member is linked to: one LINE user per member and one member per LINE user.
CREATE TABLE line_links (
  member_id text PRIMARY KEY REFERENCES members (id),
  line_user_id text NOT NULL UNIQUE,
  linked_at timestamptz NOT NULL
);

-- LINE users who talk to the official account (follow / unfollow), linked or not.
CREATE TABLE line_users (
  line_user_id text PRIMARY KEY,
  following boolean NOT NULL,
  updated_at timestamptz NOT NULL
);

-- The nonces of the account-link flow: issued for a signed-in member and a LINE link token,
-- used once by LINE's accountLink event, valid for 10 minutes.
CREATE TABLE line_link_nonces (
  nonce text PRIMARY KEY,
  member_id text NOT NULL REFERENCES members (id),
  link_token text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

-- Webhook events already processed (LINE redelivers with the same webhookEventId).
CREATE TABLE line_webhook_events (
  webhook_event_id text PRIMARY KEY,
  event_type text NOT NULL,
  received_at timestamptz NOT NULL
);

-- One row per notification (outbox event × kind): its delivery status. The retry key sent to LINE
-- (X-Line-Retry-Key) is derived from the event id and this row's id, so a retried push is
-- accepted once by LINE.
CREATE TABLE line_messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id text NOT NULL REFERENCES members (id),
  event_id bigint NOT NULL,
  kind text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'sent', 'retrying', 'failed', 'skipped')),
  http_status integer,
  attempts integer NOT NULL DEFAULT 0,
  retry_key text NOT NULL,
  text text NOT NULL,
  error text,
  created_at timestamptz NOT NULL,
  sent_at timestamptz,
  UNIQUE (event_id, kind)
);
CREATE INDEX line_messages_member ON line_messages (member_id, id DESC);

-- Kinds a member turned off (absent = on).
CREATE TABLE line_preferences (
  member_id text NOT NULL REFERENCES members (id),
  kind text NOT NULL,
  enabled boolean NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (member_id, kind)
);
