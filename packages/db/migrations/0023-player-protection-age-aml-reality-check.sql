-- Player protection, rest of issue 12 (docs/adr/0021):
-- the member's date of birth, asked at sign-up (20 years or older: Thai gambling law); null for
-- members who signed up before it was asked.
ALTER TABLE members ADD COLUMN date_of_birth date;

-- Deposits above this amount (satang) are held for an anti-money-laundering review (reason
-- AML_REVIEW) before they are credited to play; finance releases them to the member or refunds.
-- Default 200,000 baht.
ALTER TABLE site_settings
  ADD COLUMN aml_review_above_satang bigint NOT NULL DEFAULT 20000000 CHECK (aml_review_above_satang > 0);

-- The member's reality-check interval on the game page (15, 30 or 60 minutes; no row: 60), and
-- their play session: it starts when the game page opens after 30 minutes without one.
CREATE TABLE responsible_gaming_preferences (
  member_id text PRIMARY KEY REFERENCES members (id),
  reality_check_minutes integer NOT NULL DEFAULT 60 CHECK (reality_check_minutes IN (15, 30, 60)),
  play_session_started_at timestamptz,
  play_session_seen_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX responsible_gaming_exclusions_active ON responsible_gaming_exclusions (ends_at DESC);
