-- Issue 25 §1 finding 1 (docs/adr/0048): an item code pays only once a money role approved its
-- liability (amount × uses) through the approvals module. Codes made before this rule stay live.
ALTER TABLE item_codes ADD COLUMN approval_id text REFERENCES money_approvals (id);
ALTER TABLE item_codes ADD COLUMN approved_at timestamptz;
UPDATE item_codes SET approved_at = created_at;
