-- Set-based batch body (issue 16 §5, docs/adr/0026 "Next step"): ledger_create_transfers decides
-- every element in order in one pass over what it read once, then writes all of them at once —
-- one INSERT of the transfers, one of the entries (with one UPDATE per account, in the same
-- statement), one of the remembered refusals — instead of one ledger_create_transfer call (about
-- ten statements and a subtransaction) per element.
--
-- * Same locks first, in the same global order (0026): the pending transfers being resolved, then
--   every cached account of the batch. The idempotency keys are read after the locks, as before.
-- * Same outcomes: the rules of ledger_create_transfer (0002) in its order — pending_not_found,
--   exists / conflict, a remembered refusal, account_not_found / same_account,
--   pending_already_posted / voided, insufficient_funds (remembered) — against the totals as the
--   earlier elements of the batch left them (running totals per account, resolutions made in the
--   batch).
-- * Anything else takes the per-element path of 0026, unchanged, so it answers exactly as before:
--   a key twice in the batch, a pending transfer that is not there, and any error of the set-based
--   part (a CHECK, a concurrent twin's unique violation, a deadlock) — which is rolled back first
--   (the set-based part runs in its own subtransaction).
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
) RETURNS TABLE (ordinal int, outcome text, transfer_id bigint, detail text) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_count int := coalesce(cardinality(p_idempotency_keys), 0);
  v_index int;
  v_account_ids bigint[];
  v_lock record;
  v_row record;
  v_is_set_based boolean := false;
  -- What was read once, per element (index = ordinal).
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
  -- Decisions.
  v_outcomes text[] := '{}';
  v_transfer_ids bigint[] := '{}';
  v_details text[] := '{}';
  v_phase text;
  v_debit bigint;
  v_credit bigint;
  v_amount bigint;
  v_debit_at int;
  v_credit_at int;
  v_at int;
  v_batch_resolved_ids bigint[] := '{}';
  v_batch_resolved_phases text[] := '{}';
  v_new_ordinals int[] := '{}';
  v_new_keys text[] := '{}';
  v_new_codes text[] := '{}';
  v_new_phases text[] := '{}';
  v_new_debits bigint[] := '{}';
  v_new_credits bigint[] := '{}';
  v_new_amounts bigint[] := '{}';
  v_new_pendings bigint[] := '{}';
  v_new_source_types text[] := '{}';
  v_new_source_ids text[] := '{}';
  v_new_ids bigint[];
  v_refused_keys text[] := '{}';
  v_refused_digests text[] := '{}';
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

  -- 1. The pending transfers to resolve, in id order (the single path locks its one first too).
  FOR v_lock IN
    SELECT id FROM ledger_transfers WHERE id = ANY (p_pending_transfer_ids) ORDER BY id FOR UPDATE
  LOOP
  END LOOP;

  -- 2. Every cached account of the batch, in id order, before any insert (0026).
  v_account_ids := ARRAY(
    SELECT id FROM unnest(p_debit_account_ids) AS id WHERE id IS NOT NULL
    UNION SELECT id FROM unnest(p_credit_account_ids) AS id WHERE id IS NOT NULL
    UNION SELECT t.debit_account_id FROM ledger_transfers t WHERE t.id = ANY (p_pending_transfer_ids) AND t.phase = 'pending'
    UNION SELECT t.credit_account_id FROM ledger_transfers t WHERE t.id = ANY (p_pending_transfer_ids) AND t.phase = 'pending');
  FOR v_lock IN
    SELECT a.id FROM ledger_accounts a WHERE a.id = ANY (v_account_ids) AND a.is_totals_cached ORDER BY a.id FOR NO KEY UPDATE
  LOOP
  END LOOP;

  -- 3. Set-based, when every key is distinct (a key twice: the per-element path answers it).
  IF v_count > 0 AND (SELECT count(DISTINCT k) FROM unnest(p_idempotency_keys) AS k) = v_count THEN
    BEGIN
      -- 3a. Read once: each element's pending transfer and its resolution, the transfer and the
      --     refusal already under its key; every account with its totals.
      SELECT array_agg(p.id IS NOT NULL ORDER BY e.ord), array_agg(p.phase ORDER BY e.ord),
             array_agg(p.debit_account_id ORDER BY e.ord), array_agg(p.credit_account_id ORDER BY e.ord),
             array_agg(p.amount_satang ORDER BY e.ord), array_agg(res.phase ORDER BY e.ord),
             array_agg(x.id ORDER BY e.ord), array_agg(x.code ORDER BY e.ord), array_agg(x.phase ORDER BY e.ord),
             array_agg(x.debit_account_id ORDER BY e.ord), array_agg(x.credit_account_id ORDER BY e.ord),
             array_agg(x.amount_satang ORDER BY e.ord), array_agg(x.pending_transfer_id ORDER BY e.ord),
             array_agg(r.request_digest ORDER BY e.ord), array_agg(r.reason ORDER BY e.ord)
        INTO v_pending_found, v_pending_phase, v_pending_debit, v_pending_credit, v_pending_amount, v_resolved_phase,
             v_existing_id, v_existing_code, v_existing_phase, v_existing_debit, v_existing_credit, v_existing_amount,
             v_existing_pending, v_refusal_digest, v_refusal_reason
      FROM unnest(p_idempotency_keys, p_phases, p_pending_transfer_ids) WITH ORDINALITY AS e(key, phase, pending, ord)
      LEFT JOIN ledger_transfers p ON e.phase IN ('post_pending', 'void_pending') AND p.id = e.pending
      LEFT JOIN LATERAL (
        SELECT s.phase FROM ledger_transfers s WHERE e.phase IN ('post_pending', 'void_pending') AND s.pending_transfer_id = e.pending LIMIT 1
      ) res ON true
      LEFT JOIN ledger_transfers x ON x.idempotency_key = e.key
      LEFT JOIN ledger_refusals r ON r.idempotency_key = e.key;

      SELECT array_agg(a.id), array_agg(a.member_id IS NOT NULL), array_agg(a.debits_posted + a.debits_pending), array_agg(a.credits_posted)
        INTO v_acc_ids, v_acc_is_member, v_acc_debits, v_acc_credits
      FROM ledger_accounts a WHERE a.id = ANY (v_account_ids);
      v_acc_ids := coalesce(v_acc_ids, '{}');

      -- 3b. Each element in order, by ledger_create_transfer's rules.
      FOR v_index IN 1 .. v_count LOOP
        v_phase := p_phases[v_index];
        v_outcomes[v_index] := NULL;
        v_transfer_ids[v_index] := NULL;
        v_details[v_index] := NULL;
        IF v_phase IN ('post_pending', 'void_pending') THEN
          -- Not there at all (never, or made earlier in this batch): the per-element path decides.
          IF NOT v_pending_found[v_index] THEN
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
          v_refused_keys := v_refused_keys || p_idempotency_keys[v_index];
          v_refused_digests := v_refused_digests || p_request_digests[v_index];
          v_outcomes[v_index] := 'refused'; v_details[v_index] := 'insufficient_funds';
          CONTINUE;
        END IF;

        v_outcomes[v_index] := 'created';
        v_new_ordinals := v_new_ordinals || v_index;
        v_new_keys := v_new_keys || p_idempotency_keys[v_index];
        v_new_codes := v_new_codes || p_codes[v_index];
        v_new_phases := v_new_phases || v_phase;
        v_new_debits := v_new_debits || v_debit;
        v_new_credits := v_new_credits || v_credit;
        v_new_amounts := v_new_amounts || v_amount;
        v_new_pendings := v_new_pendings || p_pending_transfer_ids[v_index];
        v_new_source_types := v_new_source_types || p_source_types[v_index];
        v_new_source_ids := v_new_source_ids || p_source_ids[v_index];
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

      -- 3c. Write: every transfer (ids in element order), then every entry with one UPDATE per
      --     cached account in the same statement, then the remembered refusals.
      IF cardinality(v_new_keys) > 0 THEN
        WITH inserted AS (
          INSERT INTO ledger_transfers (idempotency_key, code, phase, debit_account_id, credit_account_id, amount_satang,
                                        pending_transfer_id, source_type, source_id)
          SELECT n.key, n.code, n.phase, n.debit, n.credit, n.amount, n.pending, n.source_type, n.source_id
          FROM unnest(v_new_keys, v_new_codes, v_new_phases, v_new_debits, v_new_credits, v_new_amounts, v_new_pendings,
                      v_new_source_types, v_new_source_ids) WITH ORDINALITY AS n(key, code, phase, debit, credit, amount, pending, source_type, source_id, ord)
          ORDER BY n.ord
          RETURNING id, idempotency_key
        )
        SELECT array_agg(i.id ORDER BY n.ord) INTO v_new_ids
        FROM inserted i JOIN unnest(v_new_keys) WITH ORDINALITY AS n(key, ord) ON n.key = i.idempotency_key;

        WITH entries AS (
          INSERT INTO ledger_entries (transfer_id, account_id, debits_posted, credits_posted, debits_pending, credits_pending)
          SELECT n.id, s.account_id, s.debits_posted, s.credits_posted, s.debits_pending, s.credits_pending
          FROM unnest(v_new_ids, v_new_phases, v_new_debits, v_new_credits, v_new_amounts) WITH ORDINALITY AS n(id, phase, debit, credit, amount, ord)
          CROSS JOIN LATERAL (VALUES
            (1, n.debit,
              CASE WHEN n.phase IN ('single', 'post_pending') THEN n.amount ELSE 0 END, 0::bigint,
              CASE n.phase WHEN 'pending' THEN n.amount WHEN 'single' THEN 0 ELSE -n.amount END, 0::bigint),
            (2, n.credit,
              0::bigint, CASE WHEN n.phase IN ('single', 'post_pending') THEN n.amount ELSE 0 END,
              0::bigint, CASE n.phase WHEN 'pending' THEN n.amount WHEN 'single' THEN 0 ELSE -n.amount END)
          ) AS s(side, account_id, debits_posted, credits_posted, debits_pending, credits_pending)
          ORDER BY n.ord, s.side
          RETURNING account_id, debits_posted, credits_posted, debits_pending, credits_pending
        ), totals AS (
          SELECT en.account_id, sum(en.debits_posted)::bigint AS debits_posted, sum(en.credits_posted)::bigint AS credits_posted,
                 sum(en.debits_pending)::bigint AS debits_pending, sum(en.credits_pending)::bigint AS credits_pending
          FROM entries en GROUP BY en.account_id
        )
        UPDATE ledger_accounts a SET
          debits_posted = a.debits_posted + t.debits_posted,
          credits_posted = a.credits_posted + t.credits_posted,
          debits_pending = a.debits_pending + t.debits_pending,
          credits_pending = a.credits_pending + t.credits_pending
        FROM totals t
        WHERE a.id = t.account_id AND a.is_totals_cached;

        FOR v_index IN 1 .. cardinality(v_new_ordinals) LOOP
          v_transfer_ids[v_new_ordinals[v_index]] := v_new_ids[v_index];
        END LOOP;
      END IF;
      IF cardinality(v_refused_keys) > 0 THEN
        INSERT INTO ledger_refusals (idempotency_key, request_digest, reason)
        SELECT r.key, r.digest, 'insufficient_funds' FROM unnest(v_refused_keys, v_refused_digests) AS r(key, digest);
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
