-- A Hub88 bet or win in one statement (issue 30 §5; docs/adr/0054).
--
-- hub88_wallet_bet / hub88_wallet_win do, in one auto-committed call, what place-bet.ts and
-- credit-win.ts did in 5 round trips (BEGIN, lock, facts, posting + writes, COMMIT; 15 and 12
-- before): the member's main wallet locked (ledger_lock_member_wallet), then, each statement
-- seeing everything committed before the lock was granted, the checks and the writes, with the
-- same rules (docs/adr/0046):
--   * a transaction_uuid seen before, a member with a loss limit (its check reads the period's
--     rounds: responsible-gaming assertMayPlay) and a free bet are answered by the TypeScript path
--     (outcome 'fallback': nothing written here; the caller runs it in a new transaction);
--   * a token that is not this user's live real-money session, a win naming a bet that is
--     unknown / refused / another member's / rolled back: outcome 'refused', body = the Hub88
--     status, nothing written (Hub88 retries; the caller answers without a balance);
--   * a suspended or excluded member (bets only), or more than the wallet holds: the refusal
--     recorded with the balance, outcome 'answered';
--   * otherwise the posting (ledger_create_transfer: GAME_IN main → partner for a bet, GAME_OUT
--     back for a win, key hub88:<kind>:<uuid>, newTransferCall's request digest), the played row in
--     bet_rounds (turnover, wagering, loss limits, reality checks), the session's idle clock (bet),
--     and the answer stored with the posting's id; 'answered', with the member's id. No pg_notify
--     here: a NOTIFY takes one cluster-wide lock from its commit until the commit is flushed, so
--     every callback's flush queued behind the one before (bench:seamless: `Lock:object` 72 % of
--     sampled backends). The caller notifies after the commit, many members in one statement.
-- The answer's text is built here and stored as sent: a replay gets these exact bytes.
-- Balances in the answer are Hub88 units (satang × 1,000).

CREATE FUNCTION hub88_answer(p_user text, p_status text, p_request_uuid text, p_balance_satang bigint) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT format('{"user":%s,"status":%s,"request_uuid":%s,"currency":"THB","balance":%s}',
                to_json(p_user)::text, to_json(p_status)::text, to_json(p_request_uuid)::text, (p_balance_satang * 1000)::text)
$$;

-- The request digest ledger_create_transfer keeps with a remembered refusal: what newTransferCall
-- (packages/ledger/src/transfers.ts) computes, SHA-256 hex of JSON.stringify([code, phase, debit,
-- credit, amount, pending]) with the ids and amount as strings.
CREATE FUNCTION hub88_transfer_digest(p_code text, p_debit bigint, p_credit bigint, p_amount bigint) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(format('["%s","single","%s","%s","%s",null]', p_code, p_debit, p_credit, p_amount), 'UTF8')), 'hex')
$$;

CREATE FUNCTION hub88_wallet_bet(
  p_affiliate_key text, p_hub88_user text, p_transaction_uuid text, p_request_uuid text, p_token text, p_round text,
  p_game_code text, p_amount_units bigint, p_amount_satang bigint, p_is_free boolean, p_request_hash text,
  p_partner_account_id bigint, p_now timestamptz, p_session_expires_at timestamptz
) RETURNS TABLE (outcome text, body text, answered_member_id text) LANGUAGE plpgsql AS $$
DECLARE
  v_member members%ROWTYPE;
  v_wallet record;
  v_session hub88_sessions%ROWTYPE;
  v_status text;
  v_body text;
  v_posting record;
BEGIN
  SELECT * INTO v_member FROM members WHERE affiliate_key = p_affiliate_key;
  IF NOT FOUND THEN RETURN QUERY SELECT 'refused'::text, 'RS_ERROR_INVALID_TOKEN'::text, NULL::text; RETURN; END IF;
  SELECT * INTO v_wallet FROM ledger_lock_member_wallet(v_member.id, 'main');
  IF NOT FOUND THEN RAISE EXCEPTION 'member % has no main account', v_member.id; END IF;

  IF EXISTS (SELECT 1 FROM hub88_transactions WHERE transaction_uuid = p_transaction_uuid) OR p_is_free
     OR EXISTS (SELECT 1 FROM responsible_gaming_limits WHERE member_id = v_member.id AND kind = 'loss' AND amount_satang IS NOT NULL) THEN
    RETURN QUERY SELECT 'fallback'::text, NULL::text, v_member.id; RETURN;
  END IF;

  SELECT * INTO v_session FROM hub88_sessions WHERE token = p_token;
  IF NOT FOUND OR v_session.hub88_user <> p_hub88_user OR v_session.is_demo THEN
    RETURN QUERY SELECT 'refused'::text, 'RS_ERROR_INVALID_TOKEN'::text, v_member.id; RETURN;
  END IF;
  IF v_session.expires_at <= p_now THEN RETURN QUERY SELECT 'refused'::text, 'RS_ERROR_TOKEN_EXPIRED'::text, v_member.id; RETURN; END IF;

  v_status := CASE
    WHEN v_member.status <> 'active'
      OR EXISTS (SELECT 1 FROM responsible_gaming_exclusions WHERE member_id = v_member.id AND starts_at <= p_now AND ends_at > p_now) THEN 'RS_ERROR_USER_DISABLED'
    WHEN p_amount_satang > v_wallet.available_satang THEN 'RS_ERROR_NOT_ENOUGH_MONEY'
    ELSE 'RS_OK' END;
  IF v_status <> 'RS_OK' THEN
    v_body := hub88_answer(p_hub88_user, v_status, p_request_uuid, v_wallet.available_satang);
    INSERT INTO hub88_transactions (transaction_uuid, kind, member_id, hub88_user, round, game_code, amount_units, amount_satang, request_hash, status, response_body)
    VALUES (p_transaction_uuid, 'bet', v_member.id, p_hub88_user, p_round, p_game_code, p_amount_units, 0, p_request_hash, v_status, v_body);
    RETURN QUERY SELECT 'answered'::text, v_body, v_member.id; RETURN;
  END IF;

  SELECT * INTO v_posting FROM ledger_create_transfer('hub88:bet:' || p_transaction_uuid, 'GAME_IN', 'single', v_wallet.account_id, p_partner_account_id,
                                                     p_amount_satang, NULL, 'hub88_transaction', p_transaction_uuid,
                                                     hub88_transfer_digest('GAME_IN', v_wallet.account_id, p_partner_account_id, p_amount_satang));
  IF v_posting.outcome NOT IN ('created', 'exists') THEN
    RAISE EXCEPTION 'hub88 bet %: ledger said % %', p_transaction_uuid, v_posting.outcome, v_posting.detail;
  END IF;
  INSERT INTO bet_rounds (partner, round_id, member_id, game_code, stake_satang, payout_satang, result, status, settled_at, booked_net_satang)
  VALUES ('hub88', p_round || ':' || p_transaction_uuid, v_member.id, coalesce(p_game_code, ''), p_amount_satang, 0, 'loss', 'settled', p_now, -p_amount_satang);
  UPDATE hub88_sessions SET expires_at = p_session_expires_at WHERE token = p_token AND expires_at > p_now;
  v_body := hub88_answer(p_hub88_user, 'RS_OK', p_request_uuid, v_wallet.available_satang - p_amount_satang);
  INSERT INTO hub88_transactions (transaction_uuid, kind, member_id, hub88_user, round, game_code, amount_units, amount_satang, request_hash, status, response_body, ledger_transfer_id)
  VALUES (p_transaction_uuid, 'bet', v_member.id, p_hub88_user, p_round, p_game_code, p_amount_units, p_amount_satang, p_request_hash, 'RS_OK', v_body, v_posting.transfer_id);
  RETURN QUERY SELECT 'answered'::text, v_body, v_member.id;
END
$$;

CREATE FUNCTION hub88_wallet_win(
  p_affiliate_key text, p_hub88_user text, p_transaction_uuid text, p_request_uuid text, p_bet_uuid text,
  p_game_code text, p_amount_units bigint, p_amount_satang bigint, p_request_hash text,
  p_partner_account_id bigint, p_now timestamptz
) RETURNS TABLE (outcome text, body text, answered_member_id text) LANGUAGE plpgsql AS $$
DECLARE
  v_member_id text;
  v_wallet record;
  v_bet hub88_transactions%ROWTYPE;
  v_round text;
  v_game_code text;
  v_body text;
  v_posting record;
  v_transfer_id bigint;
BEGIN
  SELECT id INTO v_member_id FROM members WHERE affiliate_key = p_affiliate_key;
  IF NOT FOUND THEN RETURN QUERY SELECT 'refused'::text, 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST'::text, NULL::text; RETURN; END IF;
  SELECT * INTO v_wallet FROM ledger_lock_member_wallet(v_member_id, 'main');
  IF NOT FOUND THEN RAISE EXCEPTION 'member % has no main account', v_member_id; END IF;

  IF EXISTS (SELECT 1 FROM hub88_transactions WHERE transaction_uuid = p_transaction_uuid) THEN
    RETURN QUERY SELECT 'fallback'::text, NULL::text, v_member_id; RETURN;
  END IF;
  SELECT * INTO v_bet FROM hub88_transactions WHERE transaction_uuid = p_bet_uuid;
  IF FOUND AND (v_bet.kind = 'tombstone' OR (v_bet.kind = 'bet' AND v_bet.rolled_back_by IS NOT NULL)) THEN
    RETURN QUERY SELECT 'refused'::text, 'RS_ERROR_TRANSACTION_ROLLED_BACK'::text, v_member_id; RETURN;
  END IF;
  IF NOT FOUND OR v_bet.kind <> 'bet' OR v_bet.status <> 'RS_OK' OR v_bet.member_id <> v_member_id THEN
    RETURN QUERY SELECT 'refused'::text, 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST'::text, v_member_id; RETURN;
  END IF;
  v_round := coalesce(v_bet.round, v_bet.transaction_uuid);
  v_game_code := coalesce(p_game_code, v_bet.game_code);
  v_body := hub88_answer(p_hub88_user, 'RS_OK', p_request_uuid, v_wallet.available_satang + p_amount_satang);

  IF p_amount_satang > 0 THEN
    SELECT * INTO v_posting FROM ledger_create_transfer('hub88:win:' || p_transaction_uuid, 'GAME_OUT', 'single', p_partner_account_id, v_wallet.account_id,
                                                       p_amount_satang, NULL, 'hub88_transaction', p_transaction_uuid,
                                                       hub88_transfer_digest('GAME_OUT', p_partner_account_id, v_wallet.account_id, p_amount_satang));
    IF v_posting.outcome NOT IN ('created', 'exists') THEN
      RAISE EXCEPTION 'hub88 win %: ledger said % %', p_transaction_uuid, v_posting.outcome, v_posting.detail;
    END IF;
    v_transfer_id := v_posting.transfer_id;
    INSERT INTO bet_rounds (partner, round_id, member_id, game_code, stake_satang, payout_satang, result, status, settled_at, booked_net_satang)
    VALUES ('hub88', v_round || ':' || p_transaction_uuid, v_member_id, coalesce(v_game_code, ''), 0, p_amount_satang, 'win', 'settled', p_now, p_amount_satang);
  END IF;
  INSERT INTO hub88_transactions (transaction_uuid, kind, member_id, hub88_user, round, game_code, reference_transaction_uuid, amount_units, amount_satang,
                                  request_hash, status, response_body, ledger_transfer_id)
  VALUES (p_transaction_uuid, 'win', v_member_id, p_hub88_user, v_round, v_game_code, p_bet_uuid, p_amount_units, p_amount_satang,
          p_request_hash, 'RS_OK', v_body, v_transfer_id);
  RETURN QUERY SELECT 'answered'::text, v_body, v_member_id;
END
$$;
