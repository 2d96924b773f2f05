-- Secrets that every process on one database must share when the configuration leaves them unset
-- (development and tests only: production refuses to start without them, production-safety.ts).
-- Before this, each process made its own checkBank secret, so a sign-up whose checkBank ran on
-- another process failed (issue 10).
CREATE TABLE development_secrets (
  name text PRIMARY KEY CHECK (name ~ '^[a-z_]{1,40}$'),
  value text NOT NULL CHECK (length(value) >= 32),
  created_at timestamptz NOT NULL DEFAULT now()
);
