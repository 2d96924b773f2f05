import type { Queryable } from '@sabai/db';
import { HOUSE_ACCOUNTS, findMemberWalletTotalMismatches, findTransferLinkMismatches, findUnclaimedTransfers, type TransferWindow, type Violation } from '@sabai/ledger';

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
 * With `window` (ledger:reconcile from a checkpoint, docs/adr/0027) each check reads only the rows
 * linked to a transfer newer than the checkpoint, by the unique index on that link: every reward
 * row is written in the transaction that posts its transfer (redemptions, draws and wagering
 * requirements are never changed afterwards; an income withdrawal is decided with the post or void
 * of its reservation), and the ITEM_CODE / wheel transfers read are the window's. The waiting
 * income withdrawals (few) are always checked. A reward row linked to an old transfer, or changed
 * without a transfer, is found only by a full run.
 * @returns the violations (at most 20 of each kind); empty means sound.
 */
export async function reconcileRewards(q: Queryable, window?: TransferWindow): Promise<Violation[]> {
  const violations: Violation[] = [];
  const push = (invariant: string, details: ReadonlyArray<string | bigint>) => {
    for (const detail of details) violations.push({ invariant, detail: String(detail) });
  };
  const check = async (invariant: string, sql: string, params: unknown[] = []) => {
    const { rows } = await q.query<{ detail: string }>(`${sql} LIMIT 20`, params);
    push(invariant, rows.map((row) => row.detail));
  };

  push(
    'item-code redemptions match their transfer',
    await findTransferLinkMismatches(q, {
      from: 'item_code_redemptions r JOIN item_codes c ON c.code = r.code',
      transferColumn: 'r.transfer_id',
      detail: "r.code || ':' || r.member_id",
      expect: {
        code: 'ITEM_CODE',
        phases: ['single'],
        amountSatang: { sql: 'c.amount_satang' },
        debit: { houseCode: HOUSE_ACCOUNTS.itemCodeExpense },
        credit: { memberId: { sql: 'r.member_id' }, kind: 'main' },
      },
    }, 20, window),
  );
  // With a window: only the codes redeemed in it (a count changes only with a redemption).
  await check(
    'item-code counts equal their redemptions',
    `SELECT c.code AS detail FROM item_codes c
     WHERE c.redeemed_count <> (SELECT count(*) FROM item_code_redemptions r WHERE r.code = c.code)
       ${window ? 'AND c.code IN (SELECT n.code FROM item_code_redemptions n WHERE n.transfer_id > $1)' : ''}`,
    window ? [window.sinceTransferId] : [],
  );
  push(
    'ITEM_CODE transfers belong to a redemption',
    await findUnclaimedTransfers(q, { code: 'ITEM_CODE', claimedBy: 'SELECT 1 FROM item_code_redemptions r WHERE r.transfer_id = {transferId}' }, 20, window),
  );
  push(
    'wheel draws match their cost transfer',
    await findTransferLinkMismatches(q, {
      from: 'wheel_draws d',
      transferColumn: 'd.cost_transfer_id',
      detail: 'd.id',
      changedWith: ['d.cost_transfer_id', 'd.prize_transfer_id'],
      expect: {
        code: 'WHEEL',
        phases: ['single'],
        amountSatang: { sql: 'd.cost_satang' },
        debit: { memberId: { sql: 'd.member_id' }, kind: 'prize' },
        credit: { houseCode: HOUSE_ACCOUNTS.wheelExpense },
      },
    }, 20, window),
  );
  push(
    'wheel draws match their prize transfer',
    await findTransferLinkMismatches(q, {
      from: 'wheel_draws d',
      transferColumn: 'd.prize_transfer_id',
      detail: 'd.id',
      changedWith: ['d.cost_transfer_id', 'd.prize_transfer_id'],
      expect: {
        code: 'WHEEL',
        phases: ['single'],
        amountSatang: { sql: 'd.prize_amount_satang' },
        debit: { houseCode: HOUSE_ACCOUNTS.wheelExpense },
        credit: { memberId: { sql: 'd.member_id' }, kind: { sql: "CASE d.prize_kind WHEN 'credit' THEN 'main' ELSE 'prize' END" } },
      },
    }, 20, window),
  );
  push(
    'wheel transfers of a draw belong to it',
    await findUnclaimedTransfers(q, {
      sourceType: 'wheel_draw',
      claimedBy: 'SELECT 1 FROM wheel_draws d WHERE d.id = {sourceId} AND {transferId} IN (d.cost_transfer_id, d.prize_transfer_id)',
    }, 20, window),
  );
  push(
    'wagering requirements match the income they were put on',
    await findTransferLinkMismatches(q, {
      from: 'wagering_requirements w',
      transferColumn: 'w.source_transfer_id',
      detail: 'w.id',
      where: "w.source_type = 'affiliate_income'",
      expect: {
        code: 'AFFILIATE',
        phases: ['single', 'post_pending'],
        amountSatang: { sql: 'w.credited_satang' },
        debit: { memberId: { sql: 'w.member_id' }, kind: 'affiliate' },
        credit: { memberId: { sql: 'w.member_id' }, kind: 'main' },
      },
    }, 20, window),
  );
  push(
    'wagering requirements match the item-code credit they were put on',
    await findTransferLinkMismatches(q, {
      from: 'wagering_requirements w',
      transferColumn: 'w.source_transfer_id',
      detail: 'w.id',
      where: "w.source_type = 'item_code'",
      expect: {
        code: 'ITEM_CODE',
        phases: ['single'],
        amountSatang: { sql: 'w.credited_satang' },
        debit: { houseCode: HOUSE_ACCOUNTS.itemCodeExpense },
        credit: { memberId: { sql: 'w.member_id' }, kind: 'main' },
      },
    }, 20, window),
  );
  push(
    'affiliate withdrawals match their reservation',
    await findTransferLinkMismatches(q, {
      from: 'affiliate_withdrawals w',
      transferColumn: 'w.reserve_transfer_id',
      detail: 'w.id',
      changedWith: ['w.reserve_transfer_id', 'w.resolve_transfer_id'],
      expect: {
        code: 'AFFILIATE',
        phases: ['pending'],
        amountSatang: { sql: 'w.amount_satang' },
        debit: { memberId: { sql: 'w.member_id' }, kind: 'affiliate' },
        credit: { memberId: { sql: 'w.member_id' }, kind: 'main' },
      },
    }, 20, window),
  );
  push(
    'decided affiliate withdrawals are resolved as decided',
    await findTransferLinkMismatches(q, {
      from: 'affiliate_withdrawals w',
      transferColumn: 'w.resolve_transfer_id',
      detail: 'w.id',
      where: "w.status <> 'pending_approval'",
      expect: {
        code: 'AFFILIATE',
        phases: { sql: "CASE w.status WHEN 'approved' THEN 'post_pending' ELSE 'void_pending' END" },
        pendingTransferId: { sql: 'w.reserve_transfer_id' },
      },
    }, 20, window),
  );
  push(
    'affiliate wallets reserve exactly the waiting income withdrawals',
    await findMemberWalletTotalMismatches(q, {
      kind: 'affiliate',
      total: 'debitsPending',
      expectedSql: "SELECT sum(w.amount_satang) FROM affiliate_withdrawals w WHERE w.member_id = {memberId} AND w.status = 'pending_approval'",
      openMembersSql: "SELECT w.member_id FROM affiliate_withdrawals w WHERE w.status = 'pending_approval'",
    }, 20, window),
  );
  return violations;
}
