-- Scratch experiment for bench/ledger-bench.ts (BENCH_VARIANT=v2), created only in the throw-away
-- bench database. NOT a migration.
--
-- ledger_create_transfers_v2: posts several single-phase transfers in ONE call (one round trip,
-- and one commit when auto-committed), in order, by calling ledger_create_transfer for each; stops
-- at the first outcome that is not created/exists. A deposit (DEPOSIT_RECEIVED bank → unallocated,
-- then DEPOSIT unallocated → member) becomes one statement instead of two calls or BEGIN + two
-- calls + COMMIT. Returns one row per attempted transfer, in order.
CREATE FUNCTION ledger_create_transfers_v2(
  p_idempotency_keys text[],
  p_codes text[],
  p_debit_account_ids bigint[],
  p_credit_account_ids bigint[],
  p_amounts_satang bigint[],
  p_source_type text,
  p_source_id text,
  p_request_digests text[]
) RETURNS TABLE (outcome text, transfer_id bigint, detail text) LANGUAGE plpgsql AS $$
DECLARE
  v_index int;
  v_row record;
BEGIN
  IF cardinality(p_idempotency_keys) IS DISTINCT FROM cardinality(p_codes)
     OR cardinality(p_codes) IS DISTINCT FROM cardinality(p_debit_account_ids)
     OR cardinality(p_codes) IS DISTINCT FROM cardinality(p_credit_account_ids)
     OR cardinality(p_codes) IS DISTINCT FROM cardinality(p_amounts_satang)
     OR cardinality(p_codes) IS DISTINCT FROM cardinality(p_request_digests) THEN
    RAISE EXCEPTION 'ledger_create_transfers: arrays of different lengths' USING ERRCODE = 'invalid_parameter_value';
  END IF;
  FOR v_index IN 1 .. coalesce(cardinality(p_codes), 0) LOOP
    SELECT * INTO v_row FROM ledger_create_transfer(
      p_idempotency_keys[v_index], p_codes[v_index], 'single', p_debit_account_ids[v_index],
      p_credit_account_ids[v_index], p_amounts_satang[v_index], NULL, p_source_type, p_source_id,
      p_request_digests[v_index]);
    outcome := v_row.outcome; transfer_id := v_row.transfer_id; detail := v_row.detail;
    RETURN NEXT;
    EXIT WHEN v_row.outcome NOT IN ('created', 'exists');
  END LOOP;
END
$$;
