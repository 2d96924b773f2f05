-- Money in and out (issue "Money"): deposit channels, the bank feed, deposits (matched or held),
-- PromptPay requests, withdrawals and the staff audit log. Money is bigint satang.

ALTER TABLE site_settings
  ADD COLUMN deposit_review_threshold_satang bigint NOT NULL DEFAULT 10000000 CHECK (deposit_review_threshold_satang > 0),
  ADD COLUMN promptpay_request_ttl_ms integer NOT NULL DEFAULT 900000 CHECK (promptpay_request_ttl_ms BETWEEN 60000 AND 3600000);

-- House accounts members pay into (spec §3 "Deposit channel"). Each has its own hot asset account.
CREATE TABLE deposit_channels (
  id text PRIMARY KEY CHECK (id ~ '^chn_[a-z0-9_]{1,40}$'),
  kind text NOT NULL CHECK (kind IN ('bank', 'truemoney', 'promptpay')),
  bank_code text CHECK (bank_code ~ '^[0-9]{3}$'),
  account_number text CHECK (account_number ~ '^[0-9]{10,12}$'),
  account_name text NOT NULL CHECK (length(account_name) BETWEEN 1 AND 100),
  phone_number text CHECK (phone_number ~ '^0[0-9]{9}$'),
  promptpay_id text CHECK (promptpay_id ~ '^([0-9]{10}|[0-9]{13}|[0-9]{15})$'),
  state text NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'hidden', 'disabled')),
  sort_order integer NOT NULL DEFAULT 0,
  ledger_account_id bigint NOT NULL REFERENCES ledger_accounts (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT deposit_channels_fields_by_kind CHECK (
    (kind = 'bank' AND bank_code IS NOT NULL AND account_number IS NOT NULL)
    OR (kind = 'truemoney' AND phone_number IS NOT NULL)
    OR (kind = 'promptpay' AND promptpay_id IS NOT NULL AND bank_code IS NOT NULL AND account_number IS NOT NULL))
);

-- Who may post to /bank-feed: an SMS forwarder on the operator's own phone, a bank-API
-- connector, a wallet webhook. Each signs with its own secret (HMAC-SHA256).
CREATE TABLE bank_feed_sources (
  id text PRIMARY KEY CHECK (id ~ '^src_[a-z0-9_]{1,40}$'),
  kind text NOT NULL CHECK (kind IN ('sms', 'statement', 'truemoney')),
  channel_id text NOT NULL REFERENCES deposit_channels (id),
  secret text NOT NULL CHECK (length(secret) >= 16),
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Every authenticated delivery, raw, stored before it is processed; deduplicated by provider
-- reference (SMS: digest of bank + text + received time).
CREATE TABLE bank_feed_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  source_id text NOT NULL REFERENCES bank_feed_sources (id),
  dedupe_key text NOT NULL CHECK (length(dedupe_key) <= 200),
  raw_body text NOT NULL CHECK (length(raw_body) <= 65536),
  received_at timestamptz NOT NULL DEFAULT now(),
  status text NOT NULL DEFAULT 'received' CHECK (status IN ('received', 'credited', 'held', 'ignored', 'rejected')),
  status_reason text,
  processed_at timestamptz,
  CONSTRAINT bank_feed_events_dedupe_key UNIQUE (source_id, dedupe_key)
);
CREATE INDEX bank_feed_events_unprocessed_idx ON bank_feed_events (id) WHERE status = 'received';

CREATE TABLE promptpay_requests (
  id text PRIMARY KEY CHECK (id ~ '^ppr_[a-z0-9]{20}$'),
  member_id text NOT NULL REFERENCES members (id),
  channel_id text NOT NULL REFERENCES deposit_channels (id),
  requested_satang bigint NOT NULL CHECK (requested_satang > 0),
  amount_satang bigint NOT NULL CHECK (amount_satang > requested_satang AND amount_satang < requested_satang + 100),
  payload text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  paid_deposit_id text,
  CHECK (expires_at > created_at)
);
CREATE INDEX promptpay_requests_open_idx ON promptpay_requests (amount_satang, expires_at) WHERE paid_deposit_id IS NULL;

-- Money received. It lands in house:unallocated_deposits first (DEPOSIT_RECEIVED), then moves to
-- the member (DEPOSIT) when exactly one member matches, or waits for staff (held).
CREATE TABLE deposits (
  id text PRIMARY KEY CHECK (id ~ '^dep_[a-z0-9]{20}$'),
  event_id bigint NOT NULL REFERENCES bank_feed_events (id),
  channel_id text NOT NULL REFERENCES deposit_channels (id),
  amount_satang bigint NOT NULL CHECK (amount_satang > 0),
  occurred_at timestamptz NOT NULL,
  sender_bank_code text,
  sender_account_masked text,
  sender_phone text,
  sender_name text,
  status text NOT NULL CHECK (status IN ('credited', 'held', 'refunded')),
  hold_reason text,
  member_id text REFERENCES members (id),
  promptpay_request_id text REFERENCES promptpay_requests (id),
  received_transfer_id bigint NOT NULL REFERENCES ledger_transfers (id),
  credit_transfer_id bigint REFERENCES ledger_transfers (id),
  refund_transfer_id bigint REFERENCES ledger_transfers (id),
  resolved_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz,
  CONSTRAINT deposits_one_per_event UNIQUE (event_id),
  CONSTRAINT deposits_status_fields CHECK (
    (status = 'credited' AND member_id IS NOT NULL AND credit_transfer_id IS NOT NULL)
    OR (status = 'held' AND credit_transfer_id IS NULL AND refund_transfer_id IS NULL)
    OR (status = 'refunded' AND refund_transfer_id IS NOT NULL AND credit_transfer_id IS NULL))
);
CREATE INDEX deposits_member_idx ON deposits (member_id, created_at DESC) WHERE member_id IS NOT NULL;
CREATE INDEX deposits_held_idx ON deposits (created_at) WHERE status = 'held';
ALTER TABLE promptpay_requests ADD CONSTRAINT promptpay_requests_paid_deposit_fk FOREIGN KEY (paid_deposit_id) REFERENCES deposits (id);
CREATE UNIQUE INDEX promptpay_requests_paid_once ON promptpay_requests (paid_deposit_id) WHERE paid_deposit_id IS NOT NULL;

-- Withdrawals: reserved by a pending WITHDRAW transfer, paid once through the payout adapter.
-- States: pending_approval → approved → paying → paid | failed; pending_approval → rejected.
-- `paying` is written and committed before the provider is called (at most one payout).
CREATE TABLE withdrawals (
  id text PRIMARY KEY CHECK (id ~ '^wdr_[a-z0-9]{20}$'),
  member_id text NOT NULL REFERENCES members (id),
  request_key text NOT NULL CHECK (length(request_key) BETWEEN 1 AND 200),
  amount_satang bigint NOT NULL CHECK (amount_satang > 0),
  bank_code text NOT NULL,
  account_number text NOT NULL,
  account_name text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending_approval', 'approved', 'paying', 'paid', 'failed', 'rejected')),
  reserve_transfer_id bigint NOT NULL REFERENCES ledger_transfers (id),
  resolve_transfer_id bigint REFERENCES ledger_transfers (id),
  payout_started_at timestamptz,
  payout_provider_ref text,
  failure_reason text,
  decided_by text,
  decision_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT withdrawals_request_key UNIQUE (member_id, request_key),
  CONSTRAINT withdrawals_final_states_resolved CHECK ((status IN ('paid', 'failed', 'rejected')) = (resolve_transfer_id IS NOT NULL)),
  CONSTRAINT withdrawals_paying_has_start CHECK (status NOT IN ('paying', 'paid') OR payout_started_at IS NOT NULL)
);
CREATE INDEX withdrawals_member_idx ON withdrawals (member_id, created_at DESC);
CREATE INDEX withdrawals_open_idx ON withdrawals (status, created_at) WHERE status IN ('pending_approval', 'approved', 'paying');
-- One open withdrawal per member at a time: a second one waits for the first.
CREATE UNIQUE INDEX withdrawals_one_open_per_member ON withdrawals (member_id) WHERE status IN ('pending_approval', 'approved', 'paying');

-- Every staff action, append-only.
CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  actor text NOT NULL CHECK (length(actor) BETWEEN 1 AND 100),
  action text NOT NULL,
  subject_type text NOT NULL,
  subject_id text NOT NULL,
  details jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION ledger_forbid_change();
