-- A promotion pays only within a budget finance or the owner approved (issue 25 §1, docs/adr/0048
-- follow-up): marketing designs promotions; the liability (the most their bonuses may pay in
-- total, satang) goes through the maker-checker kind 'promotion.budget'.
--   budget_approved_satang  the approved total bonus budget; NULL = none approved: the promotion
--                           grants nothing. Checked in grantBonusForDeposit with the promotion row
--                           locked: paid so far + this bonus must stay within it.
--   budget_approval_id      the money_approvals row that approved it.
-- Promotions that exist now (the migration 0008 defaults, a demo seed, live ones) were made before
-- the rule: they are treated as approved without a cap (the largest bigint), so nothing running stops.
ALTER TABLE promotions
  ADD COLUMN budget_approved_satang bigint CHECK (budget_approved_satang IS NULL OR budget_approved_satang >= 0),
  ADD COLUMN budget_approval_id text;

UPDATE promotions SET budget_approved_satang = 9223372036854775807;

-- Item codes pay with a turnover requirement (issue 25 §1 follow-up): a cash item code's credit
-- to the main wallet carries a wagering requirement like affiliate income (docs/adr/0011): the
-- code's `turnover_multiple` × the credited amount (integer 0..100; 0 = none), default 1×.
ALTER TABLE item_codes ADD COLUMN turnover_multiple integer NOT NULL DEFAULT 1 CHECK (turnover_multiple BETWEEN 0 AND 100);
ALTER TABLE wagering_requirements DROP CONSTRAINT wagering_requirements_source_type_check;
ALTER TABLE wagering_requirements ADD CONSTRAINT wagering_requirements_source_type_check CHECK (source_type IN ('affiliate_income', 'item_code'));
