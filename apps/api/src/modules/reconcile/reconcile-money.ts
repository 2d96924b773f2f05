import type { Queryable } from '@sabai/db';
import { HOUSE_ACCOUNTS, findTransferLinkMismatches, readAccountBalance, reconcileLedger, reconcileLedgerFromCheckpoint, requireAccountId, type CheckpointedReconcile, type Violation } from '@sabai/ledger';
import { reconcileRewards } from '../rewards/index.ts';
import { reconcileGame } from '../play/index.ts';

/**
 * Every invariant of money.md: the ledger's own (packages/ledger reconcile) plus how the ledger
 * agrees with the records around it:
 * - house:unallocated_deposits holds exactly the held deposits (nothing received is lost);
 * - house:payouts_in_flight reserves exactly the open withdrawals and keeps nothing posted;
 * - every credited deposit has its DEPOSIT transfer to that member, of its amount;
 * - the game invariants (play/reconcile-game.ts).
 * @returns the violations; empty means sound.
 */
export async function reconcileMoney(q: Queryable): Promise<Violation[]> {
  return [...(await reconcileLedger(q)), ...(await reconcileAroundLedger(q))];
}

/**
 * reconcileMoney with the ledger's own invariants checked from the last checkpoint (`ledger:reconcile`;
 * issue 16 §4, docs/adr/0023): only transfers newer than what a sound run verified, unless `full`
 * (the script's `--full`), which checks the whole ledger. Either stores a checkpoint when sound.
 * The checks around the ledger (held deposits, payouts in flight, rewards, game) run in full.
 */
export async function reconcileMoneyFromCheckpoint(q: Queryable, options: { full?: boolean; settleSeconds?: number } = {}): Promise<{ violations: Violation[]; ledger: CheckpointedReconcile }> {
  const around = await reconcileAroundLedger(q);
  const ledger = await reconcileLedgerFromCheckpoint(q, { full: options.full, settleSeconds: options.settleSeconds });
  return { violations: [...ledger.violations, ...around], ledger };
}

async function reconcileAroundLedger(q: Queryable): Promise<Violation[]> {
  const violations: Violation[] = [];

  const unallocated = await readAccountBalance(q, await requireAccountId(q, HOUSE_ACCOUNTS.unallocatedDeposits));
  // A refund in flight keeps its money posted in unallocated (pending) until the bank answers.
  const held = await q.query<{ total: bigint }>(`SELECT coalesce(sum(amount_satang), 0)::int8 AS total FROM deposits WHERE status IN ('held', 'refunding')`);
  const unallocatedSatang = unallocated.creditsPosted - unallocated.debitsPosted;
  if (unallocatedSatang !== (held.rows[0]?.total ?? 0n)) {
    violations.push({ invariant: 'unallocated deposits equal held deposits', detail: `ledger ${unallocatedSatang} held ${held.rows[0]?.total}` });
  }

  const inFlight = await readAccountBalance(q, await requireAccountId(q, HOUSE_ACCOUNTS.payoutsInFlight));
  const open = await q.query<{ total: bigint }>(
    `SELECT ((SELECT coalesce(sum(amount_satang), 0) FROM withdrawals WHERE status IN ('pending_approval', 'approved', 'paying'))
          + (SELECT coalesce(sum(amount_satang), 0) FROM deposit_refunds WHERE status = 'sending'))::int8 AS total`,
  );
  if (inFlight.creditsPending !== (open.rows[0]?.total ?? 0n)) {
    violations.push({ invariant: 'payouts in flight reserve exactly the open withdrawals and refunds', detail: `ledger ${inFlight.creditsPending} open ${open.rows[0]?.total}` });
  }
  if (inFlight.creditsPosted !== inFlight.debitsPosted) {
    violations.push({ invariant: 'paid withdrawals leave payouts in flight', detail: `posted ${inFlight.creditsPosted}/${inFlight.debitsPosted}` });
  }

  const badDeposits = await findTransferLinkMismatches(q, {
    from: 'deposits d',
    transferColumn: 'd.credit_transfer_id',
    detail: 'd.id',
    where: "d.status = 'credited'",
    expect: { code: 'DEPOSIT', phases: ['single', 'pending', 'post_pending', 'void_pending'], amountSatang: { sql: 'd.amount_satang' }, credit: { memberId: { sql: 'd.member_id' } } },
  });
  for (const id of badDeposits) violations.push({ invariant: 'credited deposits match their transfer', detail: id });
  violations.push(...(await reconcileRewards(q)));
  violations.push(...(await reconcileGame(q)));
  return violations;
}
