-- The periodic game-difference watch looks at the members checked longest ago first, so with more
-- than a round's worth of active members every one of them is looked at in turn (the scale test
-- found it checked the same 50 members every period).
ALTER TABLE game_accounts ADD COLUMN difference_checked_at timestamptz;
