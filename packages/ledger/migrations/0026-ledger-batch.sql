-- Batched posting (issue 16 §5, docs/adr/0026): many transfers in ONE call and, auto-committed,
-- ONE commit. Each element keeps its own idempotency key and gets its own outcome; one refused,
-- conflicting or failing element never fails the others.
--
-- * Every element goes through ledger_create_transfer (0002), so the rules, the idempotency
--   answers and the remembered refusals are exactly those of the single path.
-- * Locks first, for the whole batch, in one global order: the pending transfers being resolved
--   (id order, FOR UPDATE), then every cached account any element touches (id order, FOR NO KEY
--   UPDATE). A batch of one locks exactly like the single path, so batches and single postings
--   never wait on each other in a cycle over these rows (money.md "Pitfalls").
-- * Each element runs in its own subtransaction (BEGIN … EXCEPTION): an error (a concurrent twin's
--   unique violation, a deadlock) rolls back that element only and comes back as outcome `error`
--   with its SQLSTATE in `detail`; the caller posts that element again alone (packages/ledger
--   src/posting-batcher.ts). At most 64 elements: PostgreSQL caches 64 subtransaction ids per
--   backend; more would make every other backend's snapshots slower (subxid overflow).
CREATE FUNCTION ledger_create_transfers(
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
DECLARE
  v_count int := coalesce(cardinality(p_idempotency_keys), 0);
  v_index int;
  v_account_ids bigint[];
  v_lock record;
  v_row record;
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

  -- 2. Every cached account of the batch, in id order, before any insert. The ids are gathered
  --    first so the lock is one primary-key lookup per account (an OR of subqueries would scan the
  --    whole accounts table, and prune and write its pages, on every call).
  v_account_ids := ARRAY(
    SELECT id FROM unnest(p_debit_account_ids) AS id WHERE id IS NOT NULL
    UNION SELECT id FROM unnest(p_credit_account_ids) AS id WHERE id IS NOT NULL
    UNION SELECT t.debit_account_id FROM ledger_transfers t WHERE t.id = ANY (p_pending_transfer_ids) AND t.phase = 'pending'
    UNION SELECT t.credit_account_id FROM ledger_transfers t WHERE t.id = ANY (p_pending_transfer_ids) AND t.phase = 'pending');
  FOR v_lock IN
    SELECT a.id FROM ledger_accounts a WHERE a.id = ANY (v_account_ids) AND a.is_totals_cached ORDER BY a.id FOR NO KEY UPDATE
  LOOP
  END LOOP;

  -- 3. Each element on its own, in order; later elements see earlier ones (same transaction).
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
