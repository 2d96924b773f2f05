-- Issue 24 §1: a first production start without the demo seed.
-- The site opens to members only by the owner's explicit, audited "open the site" once the setup
-- checklist's required items are done; until then member routes answer 503 SITE_NOT_SET_UP.
ALTER TABLE site_settings
  ADD COLUMN opened_at timestamptz,
  ADD COLUMN opened_by text CHECK (length(opened_by) BETWEEN 1 AND 100),
  ADD CONSTRAINT site_settings_opened_by_with_time CHECK ((opened_at IS NULL) = (opened_by IS NULL));
-- A site that already runs (made before this migration) is open.
UPDATE site_settings SET opened_at = updated_at, opened_by = 'migration:0034';

-- A deposit channel is listed to members only when a deposit into it can be credited: an active
-- feed source reads it, or staff have marked it "checked by staff" (they credit from the statement).
ALTER TABLE deposit_channels ADD COLUMN is_checked_by_staff boolean NOT NULL DEFAULT false;
