import type { Queryable } from '@sabai/db';
import type { Violation } from '@sabai/ledger';

/**
 * How the rewards records agree with the ledger (money.md "Invariants"), for `reconcileMoney`:
 * - each item-code redemption has its ITEM_CODE transfer of the code's amount from
 *   house:expense:item_code to that member's main wallet, and each code's count is its redemptions;
 * - each ITEM_CODE transfer belongs to a redemption;
 * - each wheel draw has its WHEEL cost transfer from that member's prize account and, unless it
 *   won nothing, its WHEEL prize transfer of the recorded amount to that member's wallet of the
 *   prize's kind; each WHEEL transfer of a draw belongs to one;
 * - each wagering requirement sits on the AFFILIATE transfer of its credited amount from that
 *   member's affiliate wallet to their main wallet (docs/adr/0011);
 * - each income withdrawal waiting for staff is reserved by its pending AFFILIATE transfer, and a
 *   member's affiliate wallet reserves exactly what waits; a decided one is resolved by the post
 *   (approved) or the void (rejected) of that reservation.
 * @returns the violations (at most 20 of each kind); empty means sound.
 */
export async function reconcileRewards(q: Queryable): Promise<Violation[]> {
  const violations: Violation[] = [];
  const check = async (invariant: string, sql: string) => {
    const { rows } = await q.query<{ detail: string }>(`${sql} LIMIT 20`);
    for (const row of rows) violations.push({ invariant, detail: row.detail });
  };

  await check(
    'item-code redemptions match their transfer',
    `SELECT r.code || ':' || r.member_id AS detail
     FROM item_code_redemptions r JOIN item_codes c ON c.code = r.code JOIN ledger_transfers t ON t.id = r.transfer_id
     JOIN ledger_accounts debit ON debit.id = t.debit_account_id JOIN ledger_accounts credit ON credit.id = t.credit_account_id
     WHERE t.code <> 'ITEM_CODE' OR t.phase <> 'single' OR t.amount_satang <> c.amount_satang OR debit.code <> 'house:expense:item_code'
        OR credit.member_id IS DISTINCT FROM r.member_id OR credit.kind <> 'main'`,
  );
  await check(
    'item-code counts equal their redemptions',
    `SELECT c.code AS detail FROM item_codes c
     WHERE c.redeemed_count <> (SELECT count(*) FROM item_code_redemptions r WHERE r.code = c.code)`,
  );
  await check(
    'ITEM_CODE transfers belong to a redemption',
    `SELECT t.id::text AS detail FROM ledger_transfers t
     WHERE t.code = 'ITEM_CODE' AND NOT EXISTS (SELECT 1 FROM item_code_redemptions r WHERE r.transfer_id = t.id)`,
  );
  await check(
    'wheel draws match their cost transfer',
    `SELECT d.id AS detail
     FROM wheel_draws d JOIN ledger_transfers t ON t.id = d.cost_transfer_id
     JOIN ledger_accounts debit ON debit.id = t.debit_account_id JOIN ledger_accounts credit ON credit.id = t.credit_account_id
     WHERE t.code <> 'WHEEL' OR t.phase <> 'single' OR t.amount_satang <> d.cost_satang OR debit.member_id IS DISTINCT FROM d.member_id
        OR debit.kind <> 'prize' OR credit.code <> 'house:expense:wheel'`,
  );
  await check(
    'wheel draws match their prize transfer',
    `SELECT d.id AS detail
     FROM wheel_draws d JOIN ledger_transfers t ON t.id = d.prize_transfer_id
     JOIN ledger_accounts debit ON debit.id = t.debit_account_id JOIN ledger_accounts credit ON credit.id = t.credit_account_id
     WHERE t.code <> 'WHEEL' OR t.phase <> 'single' OR t.amount_satang <> d.prize_amount_satang OR debit.code <> 'house:expense:wheel'
        OR credit.member_id IS DISTINCT FROM d.member_id OR credit.kind <> (CASE d.prize_kind WHEN 'credit' THEN 'main' ELSE 'prize' END)`,
  );
  await check(
    'wheel transfers of a draw belong to it',
    `SELECT t.id::text AS detail FROM ledger_transfers t
     WHERE t.source_type = 'wheel_draw'
       AND NOT EXISTS (SELECT 1 FROM wheel_draws d WHERE d.id = t.source_id AND t.id IN (d.cost_transfer_id, d.prize_transfer_id))`,
  );
  await check(
    'wagering requirements match the income they were put on',
    `SELECT w.id AS detail
     FROM wagering_requirements w JOIN ledger_transfers t ON t.id = w.source_transfer_id
     JOIN ledger_accounts debit ON debit.id = t.debit_account_id JOIN ledger_accounts credit ON credit.id = t.credit_account_id
     WHERE t.code <> 'AFFILIATE' OR t.phase NOT IN ('single', 'post_pending') OR t.amount_satang <> w.credited_satang
        OR debit.member_id IS DISTINCT FROM w.member_id OR debit.kind <> 'affiliate'
        OR credit.member_id IS DISTINCT FROM w.member_id OR credit.kind <> 'main'`,
  );
  await check(
    'affiliate withdrawals match their reservation',
    `SELECT w.id AS detail
     FROM affiliate_withdrawals w JOIN ledger_transfers t ON t.id = w.reserve_transfer_id
     JOIN ledger_accounts debit ON debit.id = t.debit_account_id JOIN ledger_accounts credit ON credit.id = t.credit_account_id
     WHERE t.code <> 'AFFILIATE' OR t.phase <> 'pending' OR t.amount_satang <> w.amount_satang
        OR debit.member_id IS DISTINCT FROM w.member_id OR debit.kind <> 'affiliate' OR credit.member_id IS DISTINCT FROM w.member_id OR credit.kind <> 'main'`,
  );
  await check(
    'decided affiliate withdrawals are resolved as decided',
    `SELECT w.id AS detail FROM affiliate_withdrawals w JOIN ledger_transfers r ON r.id = w.resolve_transfer_id
     WHERE w.status <> 'pending_approval'
       AND (r.pending_transfer_id IS DISTINCT FROM w.reserve_transfer_id OR r.code <> 'AFFILIATE'
            OR r.phase <> (CASE w.status WHEN 'approved' THEN 'post_pending' ELSE 'void_pending' END))`,
  );
  await check(
    'affiliate wallets reserve exactly the waiting income withdrawals',
    `SELECT a.member_id AS detail FROM ledger_accounts a
     WHERE a.kind = 'affiliate' AND a.debits_pending <> coalesce(
       (SELECT sum(w.amount_satang) FROM affiliate_withdrawals w WHERE w.member_id = a.member_id AND w.status = 'pending_approval'), 0)`,
  );
  return violations;
}
