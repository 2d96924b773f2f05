-- Rewards (issue "Rewards"; money.md "Prize wheel", "Item code"): item codes and their
-- redemptions, the prize wheel's settings, prizes and draws. Money and prize credit are bigint
-- satang; 1 prize credit = 100 satang, so a spin's 50 credit (spec §9) is 5,000 satang.

-- An item code credits `amount_satang` to the main wallet of each member who redeems it, once per
-- member and at most `total_uses` times in all. `redeemed_count` is maintained under the row's
-- lock with each redemption, so "never more than total_uses" is a CHECK, not only code.
CREATE TABLE item_codes (
  code text PRIMARY KEY CHECK (code ~ '^[A-Z0-9]{4,32}$'),
  amount_satang bigint NOT NULL CHECK (amount_satang > 0 AND amount_satang <= 10000000),
  total_uses integer NOT NULL CHECK (total_uses BETWEEN 1 AND 1000000),
  redeemed_count integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text NOT NULL CHECK (length(created_by) BETWEEN 1 AND 100),
  CONSTRAINT item_codes_redeemed_within_total CHECK (redeemed_count BETWEEN 0 AND total_uses),
  CONSTRAINT item_codes_expire_after_creation CHECK (expires_at > created_at)
);

-- One row per redemption, with the ITEM_CODE transfer it posted (key `item-code:<code>:<member>`).
CREATE TABLE item_code_redemptions (
  code text NOT NULL REFERENCES item_codes (code),
  member_id text NOT NULL REFERENCES members (id),
  transfer_id bigint NOT NULL REFERENCES ledger_transfers (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT item_code_redemptions_once_per_member UNIQUE (code, member_id),
  CONSTRAINT item_code_redemptions_transfer_key UNIQUE (transfer_id)
);
CREATE INDEX item_code_redemptions_member_idx ON item_code_redemptions (member_id, created_at);
CREATE TRIGGER item_code_redemptions_append_only BEFORE UPDATE OR DELETE ON item_code_redemptions FOR EACH ROW EXECUTE FUNCTION ledger_forbid_change();
CREATE TRIGGER item_code_redemptions_no_truncate BEFORE TRUNCATE ON item_code_redemptions FOR EACH STATEMENT EXECUTE FUNCTION ledger_forbid_change();

-- The wheel's one row of settings. Earning rule: each full `deposit_step_satang` of a credited
-- deposit earns `prize_credit_satang_per_step` of prize credit (default: 100 satang = 1 credit per
-- full 100 baht; a 250-baht deposit earns 2 credit). Prize credit never exceeds the deposit.
CREATE TABLE wheel_settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  is_enabled boolean NOT NULL DEFAULT true,
  deposit_step_satang bigint NOT NULL DEFAULT 10000 CHECK (deposit_step_satang BETWEEN 100 AND 100000000000),
  prize_credit_satang_per_step bigint NOT NULL DEFAULT 100 CHECK (prize_credit_satang_per_step >= 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text NOT NULL DEFAULT 'migration' CHECK (length(updated_by) BETWEEN 1 AND 100),
  CONSTRAINT wheel_settings_credit_within_deposit CHECK (prize_credit_satang_per_step <= deposit_step_satang)
);
INSERT INTO wheel_settings (id) VALUES (true);

-- Wheel segments. The draw picks an active prize with probability weight / sum of active weights.
-- kind: credit = baht to the main wallet; prize_credit = credit back to the prize wallet;
-- nothing = no prize (amount 0).
CREATE TABLE wheel_prizes (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  label text NOT NULL CHECK (length(label) BETWEEN 1 AND 60),
  kind text NOT NULL CHECK (kind IN ('credit', 'prize_credit', 'nothing')),
  amount_satang bigint NOT NULL,
  weight integer NOT NULL CHECK (weight BETWEEN 1 AND 1000000),
  is_active boolean NOT NULL DEFAULT true,
  sort_order integer NOT NULL CHECK (sort_order BETWEEN 0 AND 1000),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT wheel_prizes_amount_by_kind CHECK (
    (kind = 'nothing' AND amount_satang = 0) OR (kind <> 'nothing' AND amount_satang > 0 AND amount_satang <= 100000000))
);
-- One active segment per wheel position, so the animation's index is unambiguous.
CREATE UNIQUE INDEX wheel_prizes_active_sort_order ON wheel_prizes (sort_order) WHERE is_active;

-- A believable default wheel; operators change it. Weights sum to 1,000; the expected prize is
-- 19 baht per spin, against 50 credit earned by 5,000 baht of deposits (0.38 %).
INSERT INTO wheel_prizes (label, kind, amount_satang, weight, sort_order) VALUES
  ('เครดิต 10 บาท', 'credit', 1000, 400, 0),
  ('ไม่ได้รางวัล', 'nothing', 0, 230, 1),
  ('เครดิต 20 บาท', 'credit', 2000, 250, 2),
  ('เครดิต 50 บาท', 'credit', 5000, 80, 3),
  ('เครดิต 100 บาท', 'credit', 10000, 35, 4),
  ('เครดิต 500 บาท', 'credit', 50000, 5, 5);

-- Every draw, for audit: what was paid, what was drawn (the roll over the total weight), what was
-- won at that moment (a snapshot: prizes may change later) and the transfers that moved it.
CREATE TABLE wheel_draws (
  id text PRIMARY KEY CHECK (id ~ '^spn_[a-z0-9]{20}$'),
  member_id text NOT NULL REFERENCES members (id),
  request_key text NOT NULL CHECK (length(request_key) BETWEEN 1 AND 200),
  cost_satang bigint NOT NULL CHECK (cost_satang > 0),
  prize_id integer NOT NULL REFERENCES wheel_prizes (id),
  prize_label text NOT NULL,
  prize_kind text NOT NULL CHECK (prize_kind IN ('credit', 'prize_credit', 'nothing')),
  prize_amount_satang bigint NOT NULL,
  roll bigint NOT NULL,
  total_weight bigint NOT NULL,
  cost_transfer_id bigint NOT NULL REFERENCES ledger_transfers (id),
  prize_transfer_id bigint REFERENCES ledger_transfers (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT wheel_draws_request_key UNIQUE (member_id, request_key),
  CONSTRAINT wheel_draws_cost_transfer_key UNIQUE (cost_transfer_id),
  CONSTRAINT wheel_draws_prize_transfer_key UNIQUE (prize_transfer_id),
  CONSTRAINT wheel_draws_roll_within_weight CHECK (total_weight > 0 AND roll >= 0 AND roll < total_weight),
  CONSTRAINT wheel_draws_amount_by_kind CHECK (
    (prize_kind = 'nothing' AND prize_amount_satang = 0) OR (prize_kind <> 'nothing' AND prize_amount_satang > 0)),
  CONSTRAINT wheel_draws_prize_paid_unless_nothing CHECK ((prize_kind = 'nothing') = (prize_transfer_id IS NULL))
);
CREATE INDEX wheel_draws_member_idx ON wheel_draws (member_id, created_at);
CREATE TRIGGER wheel_draws_append_only BEFORE UPDATE OR DELETE ON wheel_draws FOR EACH ROW EXECUTE FUNCTION ledger_forbid_change();
CREATE TRIGGER wheel_draws_no_truncate BEFORE TRUNCATE ON wheel_draws FOR EACH STATEMENT EXECUTE FUNCTION ledger_forbid_change();
