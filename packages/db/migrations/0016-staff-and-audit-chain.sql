-- Staff identities (issue 11, docs/adr/0018-staff-identity.md): accounts with a role, argon2id
-- passwords and mandatory TOTP; bearer sessions with an idle and an absolute timeout. The shared
-- ADMIN_API_TOKEN goes.
CREATE TABLE staff_accounts (
  id text PRIMARY KEY CHECK (id ~ '^stf_[a-z0-9]{20}$'),
  username text NOT NULL UNIQUE CHECK (username ~ '^[a-z0-9._-]{3,32}$'),
  role text NOT NULL CHECK (role IN ('owner', 'finance', 'support', 'marketing', 'auditor')),
  password_hash text NOT NULL,
  -- A password set by someone else (the first owner's one-time password, a reset) must be changed.
  must_change_password boolean NOT NULL DEFAULT true,
  -- Base32 TOTP secret (RFC 6238, SHA-1, 6 digits, 30 s). Set at enrolment; enrolled once a code is proven.
  totp_secret text,
  totp_enrolled_at timestamptz,
  -- The last time step whose code was accepted: a code is never accepted twice.
  totp_last_step bigint,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
  failed_attempts integer NOT NULL DEFAULT 0 CHECK (failed_attempts >= 0),
  locked_until timestamptz,
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE staff_sessions (
  -- sha256 of the bearer token; the token itself is never stored.
  token_hash text PRIMARY KEY CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  staff_id text NOT NULL REFERENCES staff_accounts (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  address text
);
CREATE INDEX staff_sessions_staff ON staff_sessions (staff_id) WHERE revoked_at IS NULL;

-- The audit log becomes a hash chain (issue 11 "Audit"): each row carries the hash of the row
-- before it (by `seq`) and its own, computed here in one place, so `npm run audit:verify`
-- recomputes the chain and stops at the first row changed after the fact.
ALTER TABLE audit_log
  ADD COLUMN actor_role text,
  ADD COLUMN reason text,
  ADD COLUMN address text,
  ADD COLUMN before jsonb,
  ADD COLUMN after jsonb,
  ADD COLUMN seq bigint,
  ADD COLUMN prev_hash text,
  ADD COLUMN hash text;

CREATE FUNCTION audit_row_hash(prev text, r audit_log) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(concat_ws(chr(31),
    prev, r.seq::text, r.actor, coalesce(r.actor_role, ''), r.action, r.subject_type, r.subject_id,
    r.details::text, coalesce(r.reason, ''), coalesce(r.address, ''), coalesce(r.before::text, ''),
    coalesce(r.after::text, ''), to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')), 'UTF8')), 'hex')
$$;

-- Existing rows join the chain in id order (the append-only trigger is lifted for this only).
ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only;
DO $$
DECLARE
  r audit_log;
  previous text := 'genesis';
  n bigint := 0;
BEGIN
  FOR r IN SELECT * FROM audit_log ORDER BY id LOOP
    n := n + 1;
    r.seq := n;
    r.prev_hash := previous;
    r.hash := audit_row_hash(previous, r);
    UPDATE audit_log SET seq = r.seq, prev_hash = r.prev_hash, hash = r.hash WHERE id = r.id;
    previous := r.hash;
  END LOOP;
END $$;
ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only;

-- New rows are chained as they are written: one writer at a time (a transaction-scoped lock),
-- so `seq` has no gaps in commit order and each row links to the one committed before it.
CREATE FUNCTION audit_log_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  last_seq bigint;
  last_hash text;
BEGIN
  PERFORM pg_advisory_xact_lock(72430016);
  SELECT seq, hash INTO last_seq, last_hash FROM audit_log ORDER BY seq DESC LIMIT 1;
  NEW.seq := coalesce(last_seq, 0) + 1;
  NEW.prev_hash := coalesce(last_hash, 'genesis');
  NEW.hash := audit_row_hash(NEW.prev_hash, NEW);
  RETURN NEW;
END $$;
CREATE TRIGGER audit_log_chain BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_chain();
ALTER TABLE audit_log ALTER COLUMN seq SET NOT NULL, ALTER COLUMN prev_hash SET NOT NULL, ALTER COLUMN hash SET NOT NULL;
CREATE UNIQUE INDEX audit_log_seq ON audit_log (seq);
CREATE INDEX audit_log_subject ON audit_log (subject_type, subject_id, seq);
CREATE INDEX audit_log_actor ON audit_log (actor, seq);
