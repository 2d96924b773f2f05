-- A feed event's same-transfer lock and its look for a slip's deposit in one call (issue 29 §1;
-- docs/adr/0053 addendum of branch h1, third pass; docs/adr/0055 point 4, docs/adr/0059).
--
-- A bank credit from the feed (SMS / statement line) takes the same-transfer advisory lock on
-- (house channel, amount) SHARED, then looks for a deposit a slip made of the same transfer. The
-- look must see everything committed before the lock was granted: a slip holds the lock EXCLUSIVE
-- until its COMMIT, so a feed event that waited for it must see its deposit. In READ COMMITTED a
-- statement's snapshot is taken when the statement starts, so a look in the statement that waited
-- would read from before the wait; that is why it was two statements (the lock, then the look).
--
-- This function is VOLATILE PL/pgSQL: each statement inside it takes a fresh snapshot (PostgreSQL
-- manual, "Function Volatility Categories": volatile functions obtain a fresh snapshot at the start
-- of each query they execute), so its RETURN QUERY reads after the PERFORM's lock was granted,
-- whatever statement calls it. The caller may therefore call it inside another read (the bank
-- candidates' statement, channels/bank.ts) and save two round trips.
--
-- The lock key is same-transfer.ts lockSameTransfer's, byte for byte:
--   hashtextextended('same-transfer:' || channel id || ':' || amount in satang, 0)
-- (a slip takes the same key exclusive there; same-transfer.test.ts checks they conflict).
-- The rows are those claimSlipDepositTwin looked for before: deposits a slip credited or held, on
-- the channel, of the amount, within the window, from the same sending bank where both say one,
-- not yet linked to a feed event; oldest first, at most 5. The sender's account (a mask rule) is
-- compared by the caller (mayBeSameSender).

CREATE FUNCTION deposit_feed_slip_twins(p_channel_id text, p_amount_satang int8, p_occurred_at timestamptz, p_window_ms float8, p_sender_bank_code text)
RETURNS TABLE (deposit_id text, sender_account_masked text)
LANGUAGE plpgsql VOLATILE ROWS 5 AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(hashtextextended('same-transfer:' || p_channel_id || ':' || p_amount_satang::text, 0));
  RETURN QUERY
    SELECT d.id, d.sender_account_masked FROM deposits d JOIN deposit_slips s ON s.deposit_id = d.id AND s.status IN ('credited', 'held')
     WHERE d.channel_id = p_channel_id AND d.amount_satang = p_amount_satang
       AND d.occurred_at BETWEEN p_occurred_at - make_interval(secs => p_window_ms / 1000) AND p_occurred_at + make_interval(secs => p_window_ms / 1000)
       AND (p_sender_bank_code IS NULL OR d.sender_bank_code IS NULL OR d.sender_bank_code = p_sender_bank_code)
       AND NOT EXISTS (SELECT 1 FROM deposit_slip_feed_twins t WHERE t.deposit_id = d.id)
     ORDER BY d.occurred_at, d.id LIMIT 5;
END
$$;
