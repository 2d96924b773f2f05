-- Issue 25 §1 (docs/adr/0048): maker-checker on every staff action that creates, releases or
-- sends money. One row per request; the policy (who may request / approve) lives in code
-- (apps/api/src/modules/approvals/money-action-policy.ts), the per-role daily limits here.

CREATE TABLE money_approvals (
  id text PRIMARY KEY CHECK (id ~ '^apr_[a-z0-9]{20}$'),
  kind text NOT NULL CHECK (kind ~ '^[a-z][a-z0-9.-]{2,60}$'),
  -- The requester's own key: a retry with the same key returns this row's answer.
  idempotency_key text NOT NULL UNIQUE CHECK (length(idempotency_key) BETWEEN 1 AND 200),
  requester_staff_id text NOT NULL REFERENCES staff_accounts (id),
  requester_role text NOT NULL,
  -- Money the action moves or commits (an item-code batch: amount × uses), satang, ≥ 0.
  amount_satang bigint NOT NULL CHECK (amount_satang >= 0),
  subject_type text NOT NULL CHECK (length(subject_type) BETWEEN 1 AND 40),
  subject_id text NOT NULL CHECK (length(subject_id) BETWEEN 1 AND 120),
  reason text CHECK (reason IS NULL OR length(reason) <= 500),
  payload jsonb NOT NULL,
  -- pending: waits for a second person; executed: done (under the limit, or approved); rejected.
  status text NOT NULL CHECK (status IN ('pending', 'executed', 'rejected')),
  -- Executed at once under the requester's daily limit (counts towards it); false: by an approver.
  within_limit boolean NOT NULL DEFAULT false,
  -- The requester's Bangkok day: the limit counts per requester per day.
  requested_day date NOT NULL,
  decided_by_staff_id text REFERENCES staff_accounts (id),
  decided_role text,
  decision_reason text CHECK (decision_reason IS NULL OR length(decision_reason) <= 500),
  result jsonb,
  created_at timestamptz NOT NULL,
  decided_at timestamptz,
  CONSTRAINT money_approvals_not_own CHECK (decided_by_staff_id IS NULL OR decided_by_staff_id <> requester_staff_id),
  CONSTRAINT money_approvals_executed_has_result CHECK ((status = 'executed') = (result IS NOT NULL))
);
CREATE INDEX money_approvals_pending ON money_approvals (created_at) WHERE status = 'pending';
CREATE INDEX money_approvals_requester_day ON money_approvals (requester_staff_id, requested_day);

-- One row per requester per day, locked while a request is counted against the limit, so two
-- requests of one person at once cannot both fit under it (splitting does not escape).
CREATE TABLE money_approval_daily_use (
  staff_id text NOT NULL REFERENCES staff_accounts (id),
  day date NOT NULL,
  used_satang bigint NOT NULL DEFAULT 0 CHECK (used_satang >= 0),
  PRIMARY KEY (staff_id, day)
);

-- Per-role daily limit under which a requester acts alone. No row = 0: out of the box every
-- money action needs a second person. Changed only through an approved 'role-limit.set' request.
CREATE TABLE money_role_daily_limits (
  role text PRIMARY KEY CHECK (role IN ('owner', 'finance', 'support', 'marketing', 'auditor')),
  limit_satang bigint NOT NULL CHECK (limit_satang >= 0),
  updated_at timestamptz NOT NULL,
  updated_by_approval text REFERENCES money_approvals (id)
);
