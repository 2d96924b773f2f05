-- The batch posting function's fixed cost per call (issue 29 §4; docs/adr/0073).
--
-- ledger_create_transfers (0029, plans 0033) cost ≈ 470 µs of server CPU per call + ≈ 75 µs per
-- transfer, against ≈ 180 µs for one single posting (docs/adr/0068). Measured by cutting the body
-- short at each step (batch of 2, one connection): the call itself ≈ 70 µs; the pending lock, the
-- account-id UNION and the account lock ≈ 80 µs; the distinct-key count and the subtransaction
-- ≈ 30 µs; the 15 ordered aggregates of the read-once statement ≈ 45 µs; the accounts read ≈ 20 µs;
-- the decisions ≈ 40 µs per element (ten arrays grown by one element each); the writes ≈ 300 µs in
-- two statements. Same rules, same outcomes, same locks in the same order; fewer statements:
--
-- * A batch that names no pending transfer (every lone posting and reservation) skips the pending
--   lock and takes its account ids from its own arrays: one statement instead of three.
-- * The cached accounts are locked (still first, still in id order, still FOR NO KEY UPDATE, still
--   outside the subtransaction) by the statement that reads their totals: the values of the locked
--   row versions, which the separate read saw before (nobody else can change them under our lock).
--   Accounts that are not cached (hot house accounts) or missing are read, unlocked, as before, only
--   when the locked ones do not cover every account of the batch.
-- * The keys' transfers and refusals (and each resolution's pending transfer) are read by one
--   statement that returns only the elements it found something for; the distinct-key check is made
--   in the decision loop (a key seen before, or a NULL key, sends the batch to the per-element path
--   exactly as the count did: nothing is written before the loop ends).
-- * The decisions keep each element's accounts and amount in place instead of growing ten arrays.
-- * The transfers, their entries and the totals are written by one statement (the entries' foreign
--   keys are checked at its end, when the transfers exist).
-- Everything else is unchanged: the per-element path (0026) for a key twice, a pending transfer that
-- is not there, or any error of the set-based part; the outcomes and their order; the remembered
-- refusals; ids in element order; the entries' order. CREATE OR REPLACE drops a function's SET
-- clauses, so migration 0033's are given again (ledger.test.ts pins them, in this order).
CREATE OR REPLACE FUNCTION ledger_create_transfers(
  p_idempotency_keys text[],
  p_codes text[],
  p_phases text[],
  p_debit_account_ids bigint[],
  p_credit_account_ids bigint[],
  p_amounts_satang bigint[],
  p_pending_transfer_ids bigint[],
  p_source_types text[],
  p_source_ids text[],
  p_request_digests text[]
) RETURNS TABLE (ordinal int, outcome text, transfer_id bigint, detail text) LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan SET enable_seqscan = off AS $$
#variable_conflict use_column
DECLARE
  v_count int := coalesce(cardinality(p_idempotency_keys), 0);
  v_index int;
  v_account_ids bigint[];
  v_lock record;
  v_row record;
  v_found record;
  v_is_set_based boolean := false;
  v_has_pending boolean;
  -- What was read once, per element (index = ordinal; NULL where nothing was found).
  v_pending_found boolean[];
  v_pending_phase text[];
  v_pending_debit bigint[];
  v_pending_credit bigint[];
  v_pending_amount bigint[];
  v_resolved_phase text[];
  v_existing_id bigint[];
  v_existing_code text[];
  v_existing_phase text[];
  v_existing_debit bigint[];
  v_existing_credit bigint[];
  v_existing_amount bigint[];
  v_existing_pending bigint[];
  v_refusal_digest text[];
  v_refusal_reason text[];
  -- Every account of the batch with its running totals (debits posted + pending, credits posted).
  v_acc_ids bigint[];
  v_acc_is_member boolean[];
  v_acc_debits bigint[];
  v_acc_credits bigint[];
  -- Decisions, per element.
  v_outcomes text[] := '{}';
  v_transfer_ids bigint[] := '{}';
  v_details text[] := '{}';
  v_debits bigint[];
  v_credits bigint[];
  v_amounts bigint[];
  v_is_remembered boolean[];
  v_created int := 0;
  v_refused int := 0;
  v_phase text;
  v_debit bigint;
  v_credit bigint;
  v_amount bigint;
  v_debit_at int;
  v_credit_at int;
  v_at int;
  v_batch_resolved_ids bigint[] := '{}';
  v_batch_resolved_phases text[] := '{}';
  v_new_ordinals int[];
  v_new_ids bigint[];
BEGIN
  IF coalesce(cardinality(p_codes), 0) <> v_count OR coalesce(cardinality(p_phases), 0) <> v_count
     OR coalesce(cardinality(p_debit_account_ids), 0) <> v_count OR coalesce(cardinality(p_credit_account_ids), 0) <> v_count
     OR coalesce(cardinality(p_amounts_satang), 0) <> v_count OR coalesce(cardinality(p_pending_transfer_ids), 0) <> v_count
     OR coalesce(cardinality(p_source_types), 0) <> v_count OR coalesce(cardinality(p_source_ids), 0) <> v_count
     OR coalesce(cardinality(p_request_digests), 0) <> v_count THEN
    RAISE EXCEPTION 'ledger_create_transfers: arrays of different lengths' USING ERRCODE = 'invalid_parameter_value';
  END IF;
  IF v_count > 64 THEN
    RAISE EXCEPTION 'ledger_create_transfers: % transfers, at most 64 per call', v_count USING ERRCODE = 'invalid_parameter_value';
  END IF;

  -- Element-aligned from 1 (unnest below reads them beside the parameters).
  v_debits := array_fill(NULL::bigint, ARRAY[v_count]);
  v_credits := v_debits;
  v_amounts := v_debits;
  v_is_remembered := array_fill(false, ARRAY[v_count]);

  v_has_pending := cardinality(array_remove(p_pending_transfer_ids, NULL)) > 0;
  IF v_has_pending THEN
    -- 1. The pending transfers to resolve, in id order (the single path locks its one first too).
    FOR v_lock IN
      SELECT id FROM ledger_transfers WHERE id = ANY (p_pending_transfer_ids) ORDER BY id FOR UPDATE
    LOOP
    END LOOP;
    v_account_ids := ARRAY(
      SELECT id FROM unnest(p_debit_account_ids) AS id WHERE id IS NOT NULL
      UNION SELECT id FROM unnest(p_credit_account_ids) AS id WHERE id IS NOT NULL
      UNION SELECT t.debit_account_id FROM ledger_transfers t WHERE t.id = ANY (p_pending_transfer_ids) AND t.phase = 'pending'
      UNION SELECT t.credit_account_id FROM ledger_transfers t WHERE t.id = ANY (p_pending_transfer_ids) AND t.phase = 'pending');
  ELSE
    -- No pending transfer named: the accounts are the batch's own (duplicates and NULLs are
    -- ignored by = ANY).
    v_account_ids := p_debit_account_ids || p_credit_account_ids;
  END IF;

  -- 2. Every cached account of the batch, in id order, before any insert (0026), read under the lock.
  SELECT array_agg(l.id), array_agg(l.is_member), array_agg(l.debits), array_agg(l.credits)
    INTO v_acc_ids, v_acc_is_member, v_acc_debits, v_acc_credits
  FROM (
    SELECT a.id, a.member_id IS NOT NULL AS is_member, a.debits_posted + a.debits_pending AS debits, a.credits_posted AS credits
    FROM ledger_accounts a WHERE a.id = ANY (v_account_ids) AND a.is_totals_cached ORDER BY a.id FOR NO KEY UPDATE
  ) l;
  v_acc_ids := coalesce(v_acc_ids, '{}');
  -- An account of the batch that is not cached (a hot house account) or does not exist: every
  -- account is read as the set-based part always read them (the cached ones are locked: same values).
  FOR v_index IN 1 .. coalesce(cardinality(v_account_ids), 0) LOOP
    IF v_account_ids[v_index] IS NOT NULL AND array_position(v_acc_ids, v_account_ids[v_index]) IS NULL THEN
      SELECT array_agg(a.id), array_agg(a.member_id IS NOT NULL), array_agg(a.debits_posted + a.debits_pending), array_agg(a.credits_posted)
        INTO v_acc_ids, v_acc_is_member, v_acc_debits, v_acc_credits
      FROM ledger_accounts a WHERE a.id = ANY (v_account_ids);
      v_acc_ids := coalesce(v_acc_ids, '{}');
      EXIT;
    END IF;
  END LOOP;

  -- 3. Set-based (a key twice: the per-element path answers it).
  IF v_count > 0 THEN
    BEGIN
      -- 3a. Read once: for each element that has one, the transfer and the refusal already under
      --     its key, and a resolution's pending transfer and earlier resolution.
      FOR v_found IN
        SELECT e.ord::int AS ord, p.id IS NOT NULL AS pending_found, p.phase AS pending_phase, p.debit_account_id AS pending_debit,
               p.credit_account_id AS pending_credit, p.amount_satang AS pending_amount, res.phase AS resolved_phase,
               x.id, x.code, x.phase, x.debit_account_id, x.credit_account_id, x.amount_satang, x.pending_transfer_id,
               r.request_digest, r.reason, e.phase IN ('post_pending', 'void_pending') AS is_resolution
        FROM unnest(p_idempotency_keys, p_phases, p_pending_transfer_ids) WITH ORDINALITY AS e(key, phase, pending, ord)
        LEFT JOIN ledger_transfers p ON e.phase IN ('post_pending', 'void_pending') AND p.id = e.pending
        LEFT JOIN LATERAL (
          SELECT s.phase FROM ledger_transfers s WHERE e.phase IN ('post_pending', 'void_pending') AND s.pending_transfer_id = e.pending LIMIT 1
        ) res ON true
        LEFT JOIN ledger_transfers x ON x.idempotency_key = e.key
        LEFT JOIN ledger_refusals r ON r.idempotency_key = e.key
        WHERE e.phase IN ('post_pending', 'void_pending') OR x.id IS NOT NULL OR r.idempotency_key IS NOT NULL
      LOOP
        IF v_found.is_resolution THEN
          v_pending_found[v_found.ord] := v_found.pending_found;
          v_pending_phase[v_found.ord] := v_found.pending_phase;
          v_pending_debit[v_found.ord] := v_found.pending_debit;
          v_pending_credit[v_found.ord] := v_found.pending_credit;
          v_pending_amount[v_found.ord] := v_found.pending_amount;
          v_resolved_phase[v_found.ord] := v_found.resolved_phase;
        END IF;
        IF v_found.id IS NOT NULL THEN
          v_existing_id[v_found.ord] := v_found.id;
          v_existing_code[v_found.ord] := v_found.code;
          v_existing_phase[v_found.ord] := v_found.phase;
          v_existing_debit[v_found.ord] := v_found.debit_account_id;
          v_existing_credit[v_found.ord] := v_found.credit_account_id;
          v_existing_amount[v_found.ord] := v_found.amount_satang;
          v_existing_pending[v_found.ord] := v_found.pending_transfer_id;
        END IF;
        IF v_found.request_digest IS NOT NULL THEN
          v_refusal_digest[v_found.ord] := v_found.request_digest;
          v_refusal_reason[v_found.ord] := v_found.reason;
        END IF;
      END LOOP;
      -- 3b. Each element in order, by ledger_create_transfer's rules.
      FOR v_index IN 1 .. v_count LOOP
        IF p_idempotency_keys[v_index] IS NULL OR array_position(p_idempotency_keys, p_idempotency_keys[v_index]) <> v_index THEN
          RAISE EXCEPTION 'idempotency key twice in the batch' USING ERRCODE = 'unique_violation';
        END IF;
        v_phase := p_phases[v_index];
        v_outcomes[v_index] := NULL;
        v_transfer_ids[v_index] := NULL;
        v_details[v_index] := NULL;
        IF v_phase IN ('post_pending', 'void_pending') THEN
          -- Not there at all (never, or made earlier in this batch): the per-element path decides.
          IF v_pending_found[v_index] IS NOT TRUE THEN
            RAISE EXCEPTION 'pending transfer % not read' , p_pending_transfer_ids[v_index] USING ERRCODE = 'no_data_found';
          END IF;
          IF v_pending_phase[v_index] <> 'pending' THEN
            v_outcomes[v_index] := 'refused'; v_details[v_index] := 'pending_not_found'; CONTINUE;
          END IF;
          v_debit := v_pending_debit[v_index];
          v_credit := v_pending_credit[v_index];
          v_amount := v_pending_amount[v_index];
        ELSE
          v_debit := p_debit_account_ids[v_index];
          v_credit := p_credit_account_ids[v_index];
          v_amount := p_amounts_satang[v_index];
        END IF;

        IF v_existing_id[v_index] IS NOT NULL THEN
          IF v_existing_code[v_index] = p_codes[v_index] AND v_existing_phase[v_index] = v_phase AND v_existing_debit[v_index] = v_debit
             AND v_existing_credit[v_index] = v_credit AND v_existing_amount[v_index] = v_amount
             AND v_existing_pending[v_index] IS NOT DISTINCT FROM p_pending_transfer_ids[v_index] THEN
            v_outcomes[v_index] := 'exists';
          ELSE
            v_outcomes[v_index] := 'conflict'; v_details[v_index] := 'idempotency key used for another transfer';
          END IF;
          v_transfer_ids[v_index] := v_existing_id[v_index];
          CONTINUE;
        END IF;
        IF v_refusal_digest[v_index] IS NOT NULL THEN
          IF v_refusal_digest[v_index] = p_request_digests[v_index] THEN
            v_outcomes[v_index] := 'refused'; v_details[v_index] := v_refusal_reason[v_index];
          ELSE
            v_outcomes[v_index] := 'conflict'; v_details[v_index] := 'idempotency key used for another request';
          END IF;
          CONTINUE;
        END IF;

        v_debit_at := array_position(v_acc_ids, v_debit);
        v_credit_at := array_position(v_acc_ids, v_credit);
        IF v_debit IS NULL OR v_credit IS NULL OR v_amount IS NULL OR v_debit_at IS NULL OR v_credit_at IS NULL OR v_debit = v_credit THEN
          v_outcomes[v_index] := 'refused';
          v_details[v_index] := CASE WHEN v_debit = v_credit THEN 'same_account' ELSE 'account_not_found' END;
          CONTINUE;
        END IF;

        IF v_phase IN ('post_pending', 'void_pending') THEN
          v_at := array_position(v_batch_resolved_ids, p_pending_transfer_ids[v_index]);
          IF v_resolved_phase[v_index] IS NOT NULL OR v_at IS NOT NULL THEN
            v_outcomes[v_index] := 'refused';
            v_details[v_index] := CASE WHEN coalesce(v_resolved_phase[v_index], v_batch_resolved_phases[v_at]) = 'post_pending'
                                       THEN 'pending_already_posted' ELSE 'pending_already_voided' END;
            CONTINUE;
          END IF;
        ELSIF v_acc_is_member[v_debit_at] AND v_acc_debits[v_debit_at] + v_amount > v_acc_credits[v_debit_at] THEN
          -- The member rule, against the totals the earlier elements left; remembered.
          v_is_remembered[v_index] := true;
          v_refused := v_refused + 1;
          v_outcomes[v_index] := 'refused'; v_details[v_index] := 'insufficient_funds';
          CONTINUE;
        END IF;

        v_outcomes[v_index] := 'created';
        v_created := v_created + 1;
        v_debits[v_index] := v_debit;
        v_credits[v_index] := v_credit;
        v_amounts[v_index] := v_amount;
        -- Running totals as the entries below will leave them (debits posted + pending; credits posted).
        CASE v_phase
          WHEN 'single' THEN
            v_acc_debits[v_debit_at] := v_acc_debits[v_debit_at] + v_amount;
            v_acc_credits[v_credit_at] := v_acc_credits[v_credit_at] + v_amount;
          WHEN 'pending' THEN
            v_acc_debits[v_debit_at] := v_acc_debits[v_debit_at] + v_amount;
          WHEN 'post_pending' THEN
            v_acc_credits[v_credit_at] := v_acc_credits[v_credit_at] + v_amount;
          WHEN 'void_pending' THEN
            v_acc_debits[v_debit_at] := v_acc_debits[v_debit_at] - v_amount;
          ELSE
            NULL; -- an unknown phase fails the INSERT's CHECK below: the per-element path answers it.
        END CASE;
        IF v_phase IN ('post_pending', 'void_pending') THEN
          v_batch_resolved_ids := v_batch_resolved_ids || p_pending_transfer_ids[v_index];
          v_batch_resolved_phases := v_batch_resolved_phases || v_phase;
        END IF;
      END LOOP;

      -- 3c. Write in one statement: every created transfer (ids in element order), its two entries
      --     (in transfer order, debit first), one UPDATE per cached account; then the remembered
      --     refusals.
      IF v_created > 0 THEN
        WITH inserted AS (
          INSERT INTO ledger_transfers (idempotency_key, code, phase, debit_account_id, credit_account_id, amount_satang,
                                        pending_transfer_id, source_type, source_id)
          SELECT n.key, n.code, n.phase, n.debit, n.credit, n.amount, n.pending, n.source_type, n.source_id
          FROM unnest(p_idempotency_keys, p_codes, p_phases, v_debits, v_credits, v_amounts, p_pending_transfer_ids,
                      p_source_types, p_source_ids, v_outcomes)
               WITH ORDINALITY AS n(key, code, phase, debit, credit, amount, pending, source_type, source_id, outcome, ord)
          WHERE n.outcome = 'created'
          ORDER BY n.ord
          RETURNING id, idempotency_key, phase, debit_account_id, credit_account_id, amount_satang
        ), entries AS (
          INSERT INTO ledger_entries (transfer_id, account_id, debits_posted, credits_posted, debits_pending, credits_pending)
          SELECT i.id, s.account_id, s.debits_posted, s.credits_posted, s.debits_pending, s.credits_pending
          FROM inserted i
          CROSS JOIN LATERAL (VALUES
            (1, i.debit_account_id,
              CASE WHEN i.phase IN ('single', 'post_pending') THEN i.amount_satang ELSE 0 END, 0::bigint,
              CASE i.phase WHEN 'pending' THEN i.amount_satang WHEN 'single' THEN 0 ELSE -i.amount_satang END, 0::bigint),
            (2, i.credit_account_id,
              0::bigint, CASE WHEN i.phase IN ('single', 'post_pending') THEN i.amount_satang ELSE 0 END,
              0::bigint, CASE i.phase WHEN 'pending' THEN i.amount_satang WHEN 'single' THEN 0 ELSE -i.amount_satang END)
          ) AS s(side, account_id, debits_posted, credits_posted, debits_pending, credits_pending)
          ORDER BY i.id, s.side
          RETURNING account_id, debits_posted, credits_posted, debits_pending, credits_pending
        ), totals AS (
          SELECT en.account_id, sum(en.debits_posted)::bigint AS debits_posted, sum(en.credits_posted)::bigint AS credits_posted,
                 sum(en.debits_pending)::bigint AS debits_pending, sum(en.credits_pending)::bigint AS credits_pending
          FROM entries en GROUP BY en.account_id
        ), updated AS (
          UPDATE ledger_accounts a SET
            debits_posted = a.debits_posted + t.debits_posted,
            credits_posted = a.credits_posted + t.credits_posted,
            debits_pending = a.debits_pending + t.debits_pending,
            credits_pending = a.credits_pending + t.credits_pending
          FROM totals t
          WHERE a.id = t.account_id AND a.is_totals_cached
        )
        SELECT array_agg(n.ord::int), array_agg(i.id) INTO v_new_ordinals, v_new_ids
        FROM inserted i JOIN unnest(p_idempotency_keys) WITH ORDINALITY AS n(key, ord) ON n.key = i.idempotency_key;

        FOR v_index IN 1 .. cardinality(v_new_ordinals) LOOP
          v_transfer_ids[v_new_ordinals[v_index]] := v_new_ids[v_index];
        END LOOP;
      END IF;
      IF v_refused > 0 THEN
        INSERT INTO ledger_refusals (idempotency_key, request_digest, reason)
        SELECT r.key, r.digest, 'insufficient_funds' FROM unnest(p_idempotency_keys, p_request_digests, v_is_remembered) AS r(key, digest, is_remembered)
        WHERE r.is_remembered;
      END IF;
      v_is_set_based := true;
    EXCEPTION WHEN OTHERS THEN
      -- Rolled back to the start of the block: the per-element path below answers every element.
      v_is_set_based := false;
    END;
  END IF;

  IF v_is_set_based THEN
    RETURN QUERY
      SELECT d.ord::int, d.outcome, d.transfer_id, d.detail
      FROM unnest(v_outcomes, v_transfer_ids, v_details) WITH ORDINALITY AS d(outcome, transfer_id, detail, ord)
      ORDER BY d.ord;
    RETURN;
  END IF;

  -- 4. Per element (0026): each on its own, in order, in its own subtransaction.
  FOR v_index IN 1 .. v_count LOOP
    ordinal := v_index;
    BEGIN
      SELECT * INTO v_row FROM ledger_create_transfer(
        p_idempotency_keys[v_index], p_codes[v_index], p_phases[v_index], p_debit_account_ids[v_index],
        p_credit_account_ids[v_index], p_amounts_satang[v_index], p_pending_transfer_ids[v_index],
        p_source_types[v_index], p_source_ids[v_index], p_request_digests[v_index]);
      outcome := v_row.outcome; transfer_id := v_row.transfer_id; detail := v_row.detail;
    EXCEPTION WHEN OTHERS THEN
      outcome := 'error'; transfer_id := NULL; detail := SQLSTATE || ' ' || SQLERRM;
    END;
    RETURN NEXT;
  END LOOP;
END
$$;
