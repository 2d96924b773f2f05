import type { Queryable } from '@sabai/db';
import {
  HOUSE_ACCOUNTS,
  findTransferLinkMismatches,
  reconcileLedger,
  reconcileLedgerFromCheckpoint,
  requireAccountId,
  storeLedgerCheckpoint,
  sumAccountEntries,
  type CheckpointedReconcile,
  type EntryTotals,
  type TransferWindow,
  type Violation,
} from '@sabai/ledger';
import { reconcileRewards } from '../rewards/index.ts';
import { reconcileGame } from '../play/index.ts';
import { reconcileSeamlessHub88 } from '../seamless-hub88/index.ts';

/** The hot derived house accounts the checks around the ledger compare with their records. */
const AROUND_ACCOUNTS = [HOUSE_ACCOUNTS.unallocatedDeposits, HOUSE_ACCOUNTS.payoutsInFlight] as const;
type AroundAccount = (typeof AROUND_ACCOUNTS)[number];

/**
 * Every invariant of money.md: the ledger's own (packages/ledger reconcile) plus how the ledger
 * agrees with the records around it:
 * - house:unallocated_deposits holds exactly the held deposits (nothing received is lost);
 * - house:payouts_in_flight reserves exactly the open withdrawals and keeps nothing posted;
 * - every credited deposit has its DEPOSIT transfer to that member, of its amount;
 * - the rewards invariants (rewards/reconcile-rewards.ts) and the game invariants
 *   (play/reconcile-game.ts).
 * Reads everything (no checkpoint); stores nothing.
 * @returns the violations; empty means sound.
 */
export async function reconcileMoney(q: Queryable): Promise<Violation[]> {
  const totals = await readAroundTotals(q, undefined);
  return [...(await reconcileLedger(q)), ...(await reconcileAroundLedger(q, totals, undefined))];
}

/** A run of reconcileMoneyFromCheckpoint: what it checked, what it found, what it stored. */
export interface MoneyReconcile {
  violations: Violation[];
  /** The ledger's own checks (their checkpoint is stored only when the whole run is sound). */
  ledger: CheckpointedReconcile;
  /** The checks around the ledger. */
  around: {
    isFullRun: boolean;
    /** Rows linked to transfers with id > this were checked (0 on a full run). */
    sinceTransferId: bigint;
    /** The checkpoint after this run (the one it started from unless it stored one). */
    checkpointTransferId: bigint;
    isCheckpointSaved: boolean;
  };
}

/**
 * `npm run ledger:reconcile` (issue 16 §4, docs/adr/0023 and 0027): reconcileMoney from
 * checkpoints. Two watermarks, each stored only by a run that found no violation at all:
 * - the ledger's own checks from `ledger_reconcile_checkpoints` (reconcileLedgerFromCheckpoint);
 * - the checks around the ledger from `money_reconcile_checkpoints`: only the feature rows linked
 *   to a transfer newer than the checkpoint (`TransferWindow`: a row's money changes are posted in
 *   the same transaction as the transfer it links to, so a row credited, settled or decided since
 *   the checkpoint is checked again), plus the open rows (held deposits, open withdrawals and
 *   refunds, sending game transfers, waiting income withdrawals, suspense rounds: few), and the
 *   hot derived accounts' totals as the checkpoint's totals plus the window's entries.
 * What only `full` finds: a row changed without posting a transfer (a hand edit, a bug), a row
 * linked to an old transfer, an old entry changed behind the append-only trigger (ADR 0027: run
 * `--full` nightly). Transfers younger than `settleSeconds` (default 60) are checked but the
 * checkpoint stops before them: a transaction may still commit below a newer id.
 * `fullAround`: the checks around the ledger in full, the ledger's from its checkpoint (what the
 * script did before ADR 0027; the bench's reference). `store: false` stores no checkpoint.
 */
export async function reconcileMoneyFromCheckpoint(
  q: Queryable,
  options: { full?: boolean; fullAround?: boolean; settleSeconds?: number; store?: boolean } = {},
): Promise<MoneyReconcile> {
  const ledger = await reconcileLedgerFromCheckpoint(q, { full: options.full, settleSeconds: options.settleSeconds, deferStore: true });
  const checkpoint = options.full || options.fullAround ? undefined : await readAroundCheckpoint(q);
  const window: TransferWindow | undefined = checkpoint ? { sinceTransferId: checkpoint.throughTransferId } : undefined;
  const totals = await readAroundTotals(q, checkpoint);
  const violations = [...ledger.violations, ...(await reconcileAroundLedger(q, totals, window))];
  const since = checkpoint?.throughTransferId ?? 0n;
  // The around window was everything newer than `since`; transfers up to the ledger's settled head
  // are old enough that none can still commit below it.
  const through = ledger.settledTransferId > since ? ledger.settledTransferId : since;
  let isAroundSaved = false;
  let isLedgerSaved = false;
  if (violations.length === 0 && options.store !== false) {
    if (through > since || !checkpoint) {
      await storeAroundCheckpoint(q, { throughTransferId: through, isFullRun: checkpoint === undefined, totals: await readAroundTotalsThrough(q, checkpoint, through) });
      isAroundSaved = true;
    }
    if (ledger.pendingCheckpoint) {
      await storeLedgerCheckpoint(q, ledger.pendingCheckpoint);
      isLedgerSaved = true;
    }
  }
  return {
    violations,
    ledger: { ...ledger, isCheckpointSaved: isLedgerSaved, checkpointTransferId: isLedgerSaved ? ledger.settledTransferId : ledger.fromTransferId },
    around: { isFullRun: checkpoint === undefined, sinceTransferId: since, checkpointTransferId: isAroundSaved ? through : since, isCheckpointSaved: isAroundSaved },
  };
}

interface AroundCheckpoint {
  throughTransferId: bigint;
  totals: Map<AroundAccount, EntryTotals>;
}

/** The newest around-the-ledger checkpoint that has the totals of every around account, if any. */
async function readAroundCheckpoint(q: Queryable): Promise<AroundCheckpoint | undefined> {
  const { rows } = await q.query<{ through_transfer_id: bigint; account_code: string; dp: bigint; cp: bigint; dpe: bigint; cpe: bigint }>(
    `SELECT c.through_transfer_id, t.account_code, t.debits_posted AS dp, t.credits_posted AS cp, t.debits_pending AS dpe, t.credits_pending AS cpe
     FROM (SELECT id, through_transfer_id FROM money_reconcile_checkpoints ORDER BY id DESC LIMIT 1) c
     JOIN money_reconcile_checkpoint_totals t ON t.checkpoint_id = c.id`,
  );
  const totals = new Map<AroundAccount, EntryTotals>();
  for (const row of rows) {
    const code = AROUND_ACCOUNTS.find((account) => account === row.account_code);
    if (code) totals.set(code, { debitsPosted: row.dp, creditsPosted: row.cp, debitsPending: row.dpe, creditsPending: row.cpe });
  }
  // A checkpoint without an account's totals cannot say what that account held: start over in full.
  if (rows.length === 0 || AROUND_ACCOUNTS.some((code) => !totals.has(code))) return undefined;
  return { throughTransferId: BigInt(rows[0]!.through_transfer_id), totals };
}

const addTotals = (a: EntryTotals, b: EntryTotals): EntryTotals => ({
  debitsPosted: a.debitsPosted + b.debitsPosted,
  creditsPosted: a.creditsPosted + b.creditsPosted,
  debitsPending: a.debitsPending + b.debitsPending,
  creditsPending: a.creditsPending + b.creditsPending,
});

/** The around accounts' totals now: the checkpoint's plus the entries since it, or all entries without one. */
async function readAroundTotals(q: Queryable, checkpoint: AroundCheckpoint | undefined): Promise<Map<AroundAccount, EntryTotals>> {
  const totals = new Map<AroundAccount, EntryTotals>();
  for (const code of AROUND_ACCOUNTS) {
    const accountId = await requireAccountId(q, code);
    const base = checkpoint?.totals.get(code);
    totals.set(code, base ? addTotals(base, await sumAccountEntries(q, accountId, { afterTransferId: checkpoint!.throughTransferId })) : await sumAccountEntries(q, accountId));
  }
  return totals;
}

/** The around accounts' totals through transfer `through` (what a new checkpoint stores). */
async function readAroundTotalsThrough(q: Queryable, checkpoint: AroundCheckpoint | undefined, through: bigint): Promise<Map<AroundAccount, EntryTotals>> {
  const totals = new Map<AroundAccount, EntryTotals>();
  for (const code of AROUND_ACCOUNTS) {
    const accountId = await requireAccountId(q, code);
    const base = checkpoint?.totals.get(code);
    totals.set(
      code,
      base
        ? addTotals(base, await sumAccountEntries(q, accountId, { afterTransferId: checkpoint!.throughTransferId, throughTransferId: through }))
        : await sumAccountEntries(q, accountId, { throughTransferId: through }),
    );
  }
  return totals;
}

async function storeAroundCheckpoint(q: Queryable, checkpoint: { throughTransferId: bigint; isFullRun: boolean; totals: Map<AroundAccount, EntryTotals> }): Promise<void> {
  const { rows } = await q.query<{ id: bigint }>('INSERT INTO money_reconcile_checkpoints (through_transfer_id, is_full_run) VALUES ($1, $2) RETURNING id', [
    checkpoint.throughTransferId,
    checkpoint.isFullRun,
  ]);
  const entries = [...checkpoint.totals];
  await q.query(
    `INSERT INTO money_reconcile_checkpoint_totals (checkpoint_id, account_code, debits_posted, credits_posted, debits_pending, credits_pending)
     SELECT $1, * FROM unnest($2::text[], $3::int8[], $4::int8[], $5::int8[], $6::int8[])`,
    [
      rows[0]!.id,
      entries.map(([code]) => code),
      entries.map(([, totals]) => String(totals.debitsPosted)),
      entries.map(([, totals]) => String(totals.creditsPosted)),
      entries.map(([, totals]) => String(totals.debitsPending)),
      entries.map(([, totals]) => String(totals.creditsPending)),
    ],
  );
}

/**
 * The checks around the ledger; with `window`, only the rows that changed since it (linked to a
 * newer transfer) and the open rows. The open sums are compared with `totals` (the around
 * accounts now).
 */
async function reconcileAroundLedger(q: Queryable, totals: Map<AroundAccount, EntryTotals>, window: TransferWindow | undefined): Promise<Violation[]> {
  const violations: Violation[] = [];

  const unallocated = totals.get(HOUSE_ACCOUNTS.unallocatedDeposits)!;
  // A refund in flight keeps its money posted in unallocated (pending) until the bank answers.
  const held = await q.query<{ total: bigint }>(`SELECT coalesce(sum(amount_satang), 0)::int8 AS total FROM deposits WHERE status IN ('held', 'refunding')`);
  const unallocatedSatang = unallocated.creditsPosted - unallocated.debitsPosted;
  if (unallocatedSatang !== (held.rows[0]?.total ?? 0n)) {
    violations.push({ invariant: 'unallocated deposits equal held deposits', detail: `ledger ${unallocatedSatang} held ${held.rows[0]?.total}` });
  }

  const inFlight = totals.get(HOUSE_ACCOUNTS.payoutsInFlight)!;
  const open = await q.query<{ total: bigint }>(
    `SELECT ((SELECT coalesce(sum(amount_satang), 0) FROM withdrawals WHERE status IN ('pending_approval', 'approved', 'paying', 'awaiting_payout', 'paid_unconfirmed'))
          + (SELECT coalesce(sum(amount_satang), 0) FROM deposit_refunds WHERE status = 'sending'))::int8 AS total`,
  );
  if (inFlight.creditsPending !== (open.rows[0]?.total ?? 0n)) {
    violations.push({ invariant: 'payouts in flight reserve exactly the open withdrawals and refunds', detail: `ledger ${inFlight.creditsPending} open ${open.rows[0]?.total}` });
  }
  if (inFlight.creditsPosted !== inFlight.debitsPosted) {
    violations.push({ invariant: 'paid withdrawals leave payouts in flight', detail: `posted ${inFlight.creditsPosted}/${inFlight.debitsPosted}` });
  }

  // A deposit credited since the window's start links to its new DEPOSIT transfer (deposits_credit_transfer_idx).
  const badDeposits = await findTransferLinkMismatches(
    q,
    {
      from: 'deposits d',
      transferColumn: 'd.credit_transfer_id',
      detail: 'd.id',
      where: "d.status = 'credited'",
      expect: { code: 'DEPOSIT', phases: ['single', 'pending', 'post_pending', 'void_pending'], amountSatang: { sql: 'd.amount_satang' }, credit: { memberId: { sql: 'd.member_id' } } },
    },
    20,
    window,
  );
  for (const id of badDeposits) violations.push({ invariant: 'credited deposits match their transfer', detail: id });
  violations.push(...(await reconcileRewards(q, window)));
  violations.push(...(await reconcileGame(q, window)));
  violations.push(...(await reconcileSeamlessHub88(q, window)));
  return violations;
}
