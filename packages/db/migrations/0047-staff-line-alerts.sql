-- Issue 25 §4 (docs/adr/0052): alerts to the staff group on LINE — a withdrawal waiting for
-- approval, a silent feed source (an SMS phone), a failed payout. One row per (outbox event,
-- alert kind): the outbox handler sends it at most once (its X-Line-Retry-Key is derived from the
-- event id and this row's id, so a retried push is accepted once by LINE).
CREATE TABLE staff_line_alerts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  event_id bigint NOT NULL REFERENCES outbox_events (id),
  kind text NOT NULL CHECK (kind IN ('withdrawal_waiting', 'feed_source_silent', 'payout_failed')),
  group_id text NOT NULL CHECK (group_id ~ '^C[0-9a-f]{32}$'),
  -- pending: not tried yet; retrying: LINE answered 429 / 5xx or nothing; sent; failed: another 4xx.
  status text NOT NULL CHECK (status IN ('pending', 'retrying', 'sent', 'failed')),
  retry_key text NOT NULL,
  text text NOT NULL CHECK (length(text) <= 2000),
  http_status integer,
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  CONSTRAINT staff_line_alerts_once UNIQUE (event_id, kind)
);
