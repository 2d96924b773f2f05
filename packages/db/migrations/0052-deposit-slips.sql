-- Issue 28 §2 (docs/adr/0055): deposits by transfer slip. A member uploads a slip; its mini QR names
-- the sending bank + transaction reference; the bank (slip-verification provider) confirms the transfer.

-- One row per slip ever accepted for a decision: unique per (sending bank, reference), so a slip is
-- used once, however many times or by however many members it is posted.
CREATE TABLE deposit_slips (
  id text PRIMARY KEY CHECK (id ~ '^slp_[a-z0-9]{20}$'),
  sending_bank_code text NOT NULL CHECK (sending_bank_code ~ '^[0-9]{3}$'),
  trans_ref text NOT NULL CHECK (trans_ref ~ '^[0-9A-Za-z]{1,40}$'),
  member_id text NOT NULL REFERENCES members (id),
  provider text NOT NULL CHECK (length(provider) BETWEEN 1 AND 20),
  -- credited: a deposit credited to the member; held: a deposit held for staff; already_credited: the
  -- same transfer was credited by its SMS / statement already (deposit_id is that deposit).
  status text NOT NULL CHECK (status IN ('credited', 'held', 'already_credited')),
  reason text CHECK (length(reason) <= 100),
  amount_satang bigint NOT NULL CHECK (amount_satang > 0),
  occurred_at timestamptz NOT NULL,
  sender_bank_code text,
  sender_account text CHECK (length(sender_account) <= 64),
  sender_name text CHECK (length(sender_name) <= 200),
  channel_id text NOT NULL REFERENCES deposit_channels (id),
  deposit_id text NOT NULL REFERENCES deposits (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT deposit_slips_once UNIQUE (sending_bank_code, trans_ref),
  -- One slip per deposit: a second slip cannot claim a transfer another slip stands for.
  CONSTRAINT deposit_slips_one_per_deposit UNIQUE (deposit_id)
);
CREATE INDEX deposit_slips_member_idx ON deposit_slips (member_id, created_at DESC);

-- The same transfer by both channels: a feed event (SMS / statement line) that arrives after a slip
-- made the deposit is linked to that deposit instead of becoming a second one. One feed event per
-- slip deposit (primary key), one deposit per event (unique).
CREATE TABLE deposit_slip_feed_twins (
  deposit_id text PRIMARY KEY REFERENCES deposits (id),
  event_id bigint NOT NULL UNIQUE REFERENCES bank_feed_events (id),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Finding the same transfer: channel, amount, time.
CREATE INDEX deposits_same_transfer_idx ON deposits (channel_id, amount_satang, occurred_at);

-- Slip deposits need a bank_feed_events row (deposits.event_id, the credit's ledger key): a source per
-- house account, never active (nobody posts to it; it is not a watcher of the account), marked here.
ALTER TABLE bank_feed_sources ADD COLUMN is_slip_intake boolean NOT NULL DEFAULT false;
ALTER TABLE bank_feed_sources ADD CONSTRAINT bank_feed_sources_slip_intake_inactive CHECK (NOT is_slip_intake OR NOT is_active);
