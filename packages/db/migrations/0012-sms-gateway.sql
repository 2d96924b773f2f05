-- SMS Gateway for Android connector, feed-source secrets with an overlap window, heartbeats and
-- the silence alarm (docs/adr/0013, docs/operations/sms-gateway.md).

-- How a source signs and shapes its deliveries:
--   sabai_v1    our own JSON on /bank-feed/v1/{sms|statement|truemoney}, x-feed-* headers;
--   sms_gateway the app's webhook on /bank-feed/v1/sms-gateway/{sourceId}, X-Signature / X-Timestamp.
-- Secrets: `secret` signs now; `previous_secret` keeps working until `previous_secret_valid_until`
-- (the overlap window of a rotation). `is_demo` marks the sources the demo seed creates for the
-- sandbox: only they may hold the public default secret.
-- Health: the last authenticated delivery, the last system:ping (heartbeat), and the per-source
-- silence alarm: monitored sources (`is_silence_monitored`; NULL = by protocol: SMS Gateway phones
-- yes, provider webhooks no) raise it when silent longer than `max_silence_ms` (NULL = the
-- FEED_SILENCE_ALARM_MS default) counted inside their active hours, Asia/Bangkok minutes
-- [active_from_minute, active_to_minute), wrapping past midnight when from > to.
ALTER TABLE bank_feed_sources
  ADD COLUMN protocol text NOT NULL DEFAULT 'sabai_v1' CHECK (protocol IN ('sabai_v1', 'sms_gateway')),
  ADD COLUMN is_demo boolean NOT NULL DEFAULT false,
  ADD COLUMN previous_secret text CHECK (length(previous_secret) >= 16),
  ADD COLUMN previous_secret_valid_until timestamptz,
  ADD COLUMN secret_rotated_at timestamptz,
  ADD COLUMN last_event_at timestamptz,
  ADD COLUMN last_heartbeat_at timestamptz,
  ADD COLUMN last_heartbeat_status text CHECK (length(last_heartbeat_status) <= 20),
  ADD COLUMN last_device_id text CHECK (length(last_device_id) <= 100),
  ADD COLUMN is_silence_monitored boolean,
  ADD COLUMN max_silence_ms integer CHECK (max_silence_ms BETWEEN 60000 AND 604800000),
  ADD COLUMN active_from_minute smallint NOT NULL DEFAULT 0 CHECK (active_from_minute BETWEEN 0 AND 1439),
  ADD COLUMN active_to_minute smallint NOT NULL DEFAULT 1440 CHECK (active_to_minute BETWEEN 1 AND 1440),
  ADD COLUMN silence_alarm_started_at timestamptz,
  ADD CONSTRAINT bank_feed_sources_previous_secret_pair CHECK ((previous_secret IS NULL) = (previous_secret_valid_until IS NULL)),
  ADD CONSTRAINT bank_feed_sources_active_hours_not_empty CHECK (active_from_minute <> active_to_minute),
  ADD CONSTRAINT bank_feed_sources_gateway_forwards_sms CHECK (protocol <> 'sms_gateway' OR kind = 'sms');

-- The demo sources of an existing quick-start database keep the public default; any other source
-- holding it is compromised by definition: it gets a random secret and is switched off until
-- staff rotate it (POST /admin-api/v1/feed-sources/:id/rotate-secret) and re-enable it.
UPDATE bank_feed_sources SET is_demo = true
WHERE secret = 'sandbox-feed-secret-change-me'
  AND id IN ('src_sms_kbank', 'src_sms_scb', 'src_statement_bbl', 'src_truemoney', 'src_statement_promptpay');
UPDATE bank_feed_sources
SET secret = replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), is_active = false
WHERE NOT is_demo AND secret = 'sandbox-feed-secret-change-me';
ALTER TABLE bank_feed_sources ADD CONSTRAINT bank_feed_sources_no_public_secret CHECK (
  is_demo OR (secret <> 'sandbox-feed-secret-change-me' AND previous_secret IS DISTINCT FROM 'sandbox-feed-secret-change-me'));

-- An event remembers the shape of its raw body (the source's protocol when it arrived) and, for
-- SMS Gateway, the app's event id: one id = one attempt series (the app's retries of one webhook
-- call). Retries of a series are duplicates even if the content key changed in between (a parser
-- upgrade during the app's two days of retries); a new id with the same SMS content is caught by
-- the content key (`dedupe_key`, docs/adr/0013).
ALTER TABLE bank_feed_events
  ADD COLUMN body_format text NOT NULL DEFAULT 'sabai_v1' CHECK (body_format IN ('sabai_v1', 'sms_gateway')),
  ADD COLUMN gateway_event_id text CHECK (gateway_event_id ~ '^[A-Za-z0-9_-]{1,64}$');
CREATE UNIQUE INDEX bank_feed_events_gateway_event_idx ON bank_feed_events (source_id, gateway_event_id)
  WHERE gateway_event_id IS NOT NULL;
