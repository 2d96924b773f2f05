-- Bank-account verification (issue 24 §2, docs/adr/0040). With NAME_INQUIRY_PROVIDER=declared the
-- member types the holder's name at sign-up; the bound account is unverified until a credited
-- deposit from it shows the same name (statement lines carry the sender's name) or staff confirm
-- it. Withdrawals are paid only to a verified account (BANK_ACCOUNT_NOT_VERIFIED).
--
-- `bank_account_verified_by` says how: `name_inquiry` (a provider named the holder at sign-up),
-- `deposit:<deposit id>` (the first matching deposit), `staff:<username>` (back office, audited).
-- Both columns are set together, once; an account is never "unverified" again by this migration's
-- rules (a change of bound account, if one is ever allowed, must clear both).
ALTER TABLE members
  ADD COLUMN bank_account_verified_at timestamptz,
  ADD COLUMN bank_account_verified_by text
    CHECK (bank_account_verified_by ~ '^(name_inquiry|deposit:dep_[a-z0-9]{20}|staff:.{1,64})$'),
  ADD CONSTRAINT members_bank_account_verified_together
    CHECK ((bank_account_verified_at IS NULL) = (bank_account_verified_by IS NULL));

-- Every member so far signed up through name inquiry (the only provider until now): verified.
UPDATE members SET bank_account_verified_at = created_at, bank_account_verified_by = 'name_inquiry';

-- A credited deposit from the member's account whose sender name did not verify it: a different
-- name, or one that cannot be compared (another script, too short after the bank's truncation).
-- Shown to staff on the member page; never verifies. One row per deposit at most.
CREATE TABLE bank_account_name_mismatches (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id text NOT NULL REFERENCES members (id),
  deposit_id text NOT NULL REFERENCES deposits (id),
  sender_name text NOT NULL CHECK (length(sender_name) BETWEEN 1 AND 200),
  declared_name text NOT NULL CHECK (length(declared_name) BETWEEN 1 AND 201),
  outcome text NOT NULL CHECK (outcome IN ('different', 'undecidable')),
  recorded_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT bank_account_name_mismatches_deposit_key UNIQUE (deposit_id)
);
CREATE INDEX bank_account_name_mismatches_member_idx ON bank_account_name_mismatches (member_id, recorded_at DESC);
