-- Issue 25 §4 (docs/adr/0052): the back office's member directory and staff notes.
--
-- Staff notes on a member: append-only (a note is corrected by a newer note, never edited), each
-- with its author; the writing is also audited ('member.note').
CREATE TABLE member_staff_notes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id text NOT NULL REFERENCES members (id),
  author text NOT NULL CHECK (length(author) BETWEEN 1 AND 120),
  body text NOT NULL CHECK (length(body) BETWEEN 1 AND 2000),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX member_staff_notes_member ON member_staff_notes (member_id, id DESC);
CREATE OR REPLACE FUNCTION member_staff_notes_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'member_staff_notes is append-only';
END;
$$;
CREATE TRIGGER member_staff_notes_append_only BEFORE UPDATE OR DELETE ON member_staff_notes
  FOR EACH ROW EXECUTE FUNCTION member_staff_notes_append_only();

-- The directory pages members newest first, by status and by sign-up day; the audit screen filters by date.
CREATE INDEX members_created_at ON members (created_at DESC, id DESC);
CREATE INDEX members_bank_unverified ON members (created_at DESC) WHERE bank_account_verified_at IS NULL;
CREATE INDEX responsible_gaming_exclusions_member_ends ON responsible_gaming_exclusions (member_id, ends_at);
CREATE INDEX audit_log_created_at ON audit_log (created_at, seq);
