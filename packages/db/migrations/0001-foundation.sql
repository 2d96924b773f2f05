-- Foundation: site settings, members, sessions, member wallet accounts, rate-limit counters.
-- Money is bigint satang everywhere (money.md). Every rule the code checks is also a constraint here.

-- One row: the operator's public configuration (spec §3 "Public configuration / site settings").
CREATE TABLE site_settings (
  id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  app_id text NOT NULL CHECK (app_id ~ '^[A-Za-z0-9_-]{8,64}$'),
  site_name text NOT NULL CHECK (length(site_name) BETWEEN 1 AND 100),
  line_id text NOT NULL CHECK (length(line_id) BETWEEN 1 AND 64),
  logo_url text NOT NULL,
  theme jsonb NOT NULL,
  alert_image_url text,
  alert_message text CHECK (length(alert_message) <= 2000),
  partner text NOT NULL,
  products text[] NOT NULL DEFAULT '{}',
  is_maintenance boolean NOT NULL DEFAULT false,
  is_disabled boolean NOT NULL DEFAULT false,
  withdraw_enabled boolean NOT NULL DEFAULT true,
  withdraw_min_satang bigint NOT NULL CHECK (withdraw_min_satang >= 0),
  withdraw_max_satang bigint NOT NULL CHECK (withdraw_max_satang >= withdraw_min_satang),
  withdraw_auto_max_satang bigint NOT NULL CHECK (withdraw_auto_max_satang >= 0),
  cashback_enabled boolean NOT NULL DEFAULT false,
  cashback_payout_basis_points integer NOT NULL DEFAULT 0 CHECK (cashback_payout_basis_points BETWEEN 0 AND 10000),
  cashback_min_claim_satang bigint NOT NULL DEFAULT 0 CHECK (cashback_min_claim_satang >= 0),
  cashback_image_url text,
  affiliate_enabled boolean NOT NULL DEFAULT false,
  affiliate_min_withdraw_satang bigint NOT NULL DEFAULT 0 CHECK (affiliate_min_withdraw_satang >= 0),
  affiliate_turnover_multiple integer NOT NULL DEFAULT 0 CHECK (affiliate_turnover_multiple BETWEEN 0 AND 100),
  affiliate_image_url text,
  affiliate_level1_enabled boolean NOT NULL DEFAULT false,
  affiliate_level1_basis_points integer NOT NULL DEFAULT 0 CHECK (affiliate_level1_basis_points BETWEEN 0 AND 10000),
  affiliate_level2_enabled boolean NOT NULL DEFAULT false,
  affiliate_level2_basis_points integer NOT NULL DEFAULT 0 CHECK (affiliate_level2_basis_points BETWEEN 0 AND 10000),
  affiliate_auto_withdraw_enabled boolean NOT NULL DEFAULT false,
  affiliate_auto_withdraw_max_satang bigint NOT NULL DEFAULT 0 CHECK (affiliate_auto_withdraw_max_satang >= 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE members (
  id text PRIMARY KEY CHECK (id ~ '^mbr_[a-z0-9]{20}$'),
  phone_number text NOT NULL CHECK (phone_number ~ '^0[0-9]{9}$'),
  password_hash text NOT NULL,
  bank_code text NOT NULL CHECK (bank_code ~ '^[0-9]{3}$'),
  bank_account_number text NOT NULL CHECK (bank_account_number ~ '^([0-9]{10}|[0-9]{12})$'),
  first_name text NOT NULL CHECK (length(first_name) BETWEEN 1 AND 100),
  last_name text NOT NULL CHECK (length(last_name) BETWEEN 1 AND 100),
  affiliate_key text NOT NULL CHECK (affiliate_key ~ '^[A-Z0-9]{8}$'),
  -- Referral is fixed at sign-up for life: level 1 is the member whose link was used, level 2 that
  -- member's own level 1. A new member cannot be anyone's referrer yet, so no cycle can form.
  referrer_level1_id text REFERENCES members (id),
  referrer_level2_id text REFERENCES members (id),
  bonus_preference boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'suspended')),
  created_at timestamptz NOT NULL DEFAULT now(),
  password_changed_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT members_phone_number_key UNIQUE (phone_number),
  CONSTRAINT members_bank_account_key UNIQUE (bank_code, bank_account_number),
  CONSTRAINT members_affiliate_key_key UNIQUE (affiliate_key),
  CONSTRAINT members_no_self_referral CHECK (referrer_level1_id IS DISTINCT FROM id AND referrer_level2_id IS DISTINCT FROM id),
  CONSTRAINT members_level2_needs_level1 CHECK (referrer_level2_id IS NULL OR referrer_level1_id IS NOT NULL)
);
CREATE INDEX members_referrer_level1_idx ON members (referrer_level1_id) WHERE referrer_level1_id IS NOT NULL;
CREATE INDEX members_referrer_level2_idx ON members (referrer_level2_id) WHERE referrer_level2_id IS NOT NULL;

-- Sessions: the token is 256 random bits given to the client once; only its SHA-256 is kept.
CREATE TABLE member_sessions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id text NOT NULL REFERENCES members (id),
  token_sha256 bytea NOT NULL CHECK (length(token_sha256) = 32),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  revoked_reason text CHECK (revoked_reason IN ('logout', 'password_changed', 'staff')),
  ip_address text,
  user_agent text CHECK (length(user_agent) <= 512),
  CONSTRAINT member_sessions_token_key UNIQUE (token_sha256),
  CONSTRAINT member_sessions_expiry_after_creation CHECK (expires_at > created_at),
  CONSTRAINT member_sessions_revocation_has_reason CHECK ((revoked_at IS NULL) = (revoked_reason IS NULL))
);
CREATE INDEX member_sessions_member_idx ON member_sessions (member_id) WHERE revoked_at IS NULL;

-- Ledger accounts (money.md "Accounts"). Totals are cached in the manner of TigerBeetle and kept
-- in the same transaction as the transfer that changes them (transfers come with the ledger).
-- A member account is a liability of the house: balance = credits - debits, and it may never go
-- below zero counting pending debits.
CREATE TABLE ledger_accounts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code text NOT NULL,
  member_id text REFERENCES members (id),
  kind text NOT NULL CHECK (kind IN ('main', 'game', 'affiliate', 'cashback', 'residual', 'prize', 'spin', 'house')),
  debits_posted bigint NOT NULL DEFAULT 0 CHECK (debits_posted >= 0),
  credits_posted bigint NOT NULL DEFAULT 0 CHECK (credits_posted >= 0),
  debits_pending bigint NOT NULL DEFAULT 0 CHECK (debits_pending >= 0),
  credits_pending bigint NOT NULL DEFAULT 0 CHECK (credits_pending >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ledger_accounts_code_key UNIQUE (code),
  CONSTRAINT ledger_accounts_member_kind_key UNIQUE (member_id, kind),
  CONSTRAINT ledger_accounts_owner_matches_kind CHECK ((member_id IS NULL) = (kind = 'house')),
  CONSTRAINT ledger_accounts_member_never_negative CHECK (
    member_id IS NULL OR debits_posted + debits_pending <= credits_posted
  )
);

-- Fixed-window rate-limit counters shared by every API process (ARCHITECTURE.md: no state in a process).
CREATE TABLE rate_limit_counters (
  bucket_key text NOT NULL CHECK (length(bucket_key) <= 200),
  window_start timestamptz NOT NULL,
  hits integer NOT NULL CHECK (hits > 0),
  PRIMARY KEY (bucket_key, window_start)
);
CREATE INDEX rate_limit_counters_window_idx ON rate_limit_counters (window_start);
