-- Issue 26 §1 (docs/adr/0043): a bonus ends without ever taking the member's own money.
-- A grant records the member's own money it covers (own_satang: their money when it was granted,
-- plus every deposit credited while it is in force); a cap or a cancellation forfeits only the
-- bonus and its winnings, by a BONUS_FORFEIT transfer of its own. Money is bigint satang.

ALTER TABLE bonus_grants ADD COLUMN own_satang bigint CHECK (own_satang IS NULL OR own_satang >= 0);
-- Grants made before: the deposit that earned them is the member's own money we know of.
UPDATE bonus_grants SET own_satang = deposit_satang;
ALTER TABLE bonus_grants ALTER COLUMN own_satang SET NOT NULL;
-- Of own_satang, what was deposited while the grant was in force: outside the promotion's cap.
ALTER TABLE bonus_grants ADD COLUMN deposited_since_satang bigint NOT NULL DEFAULT 0 CHECK (deposited_since_satang >= 0);
ALTER TABLE bonus_grants ADD CONSTRAINT bonus_grants_deposits_are_own CHECK (deposited_since_satang <= own_satang);

ALTER TABLE bonus_grants DROP CONSTRAINT bonus_grants_status_check;
ALTER TABLE bonus_grants ADD CONSTRAINT bonus_grants_status_check CHECK (status IN ('active', 'completed', 'forfeited', 'cancelled'));
ALTER TABLE bonus_grants ADD CONSTRAINT bonus_grants_forfeit_has_transfer CHECK ((forfeited_satang IS NULL) = (forfeit_transfer_id IS NULL));

-- The forfeit's own transfer code (house:expense:bonus takes back what it gave and what that won).
ALTER TABLE ledger_transfers DROP CONSTRAINT ledger_transfers_code_check;
ALTER TABLE ledger_transfers ADD CONSTRAINT ledger_transfers_code_check CHECK (code IN (
  'DEPOSIT_RECEIVED', 'DEPOSIT', 'DEPOSIT_REFUND', 'WITHDRAW', 'GAME_IN', 'GAME_OUT', 'GAME_RESULT', 'BONUS',
  'CASHBACK', 'AFFILIATE', 'WHEEL', 'ITEM_CODE', 'ADJUSTMENT', 'REVERSAL', 'BONUS_FORFEIT'));

-- The site's "played out" threshold: below it (main + game, no round or move pending) a bonus ends.
ALTER TABLE site_settings ADD COLUMN bonus_played_out_below_satang bigint NOT NULL DEFAULT 100
  CHECK (bonus_played_out_below_satang BETWEEN 0 AND 100000);

-- The member's forfeits, read with their withdrawals (withdraw history shows each with its reason).
CREATE INDEX bonus_grants_member_forfeits ON bonus_grants (member_id, ended_at) WHERE forfeit_transfer_id IS NOT NULL;
