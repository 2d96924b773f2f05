-- Promotion eligibility rules (issue 11 "Promotions"; docs/adr/0010 amended): who may still get a
-- promotion. The date window (starts_at, ends_at) and the minimum deposit exist already.
ALTER TABLE promotions
  -- 'first_deposit': only a member's first credited deposit qualifies ('any': every deposit).
  ADD COLUMN eligibility text NOT NULL DEFAULT 'any' CHECK (eligibility IN ('any', 'first_deposit')),
  -- At most one grant of this promotion per member, ever.
  ADD COLUMN once_per_member boolean NOT NULL DEFAULT false,
  -- At most one grant of this promotion per member per Bangkok day.
  ADD COLUMN once_per_day boolean NOT NULL DEFAULT false,
  -- At most this many grants of this promotion in total (null: no limit).
  ADD COLUMN max_grants_total integer CHECK (max_grants_total IS NULL OR max_grants_total > 0);

-- The demo's "new member" bonus is for a member's first deposit only, once (it was granted on a
-- sixth deposit before: issue 11).
UPDATE promotions SET eligibility = 'first_deposit', once_per_member = true WHERE id = 'welcome-100';
UPDATE promotions SET once_per_day = true WHERE id = 'daily-10';
CREATE INDEX bonus_grants_promotion ON bonus_grants (promotion_id, member_id, created_at);
