import { randomInt, randomUUID } from 'node:crypto';
import type { Queryable } from '@sabai/db';
import { HOUSE_ACCOUNTS, lockAccounts, availableCreditBalance, expectPosted, inLedgerTransaction, postTransfer, readAccountBalance, requireAccountId, requireMemberAccountId } from '@sabai/ledger';
import type { WheelPrizeKind } from '@sabai/contracts';
import { AppError } from '../../lib/app-error.ts';
import { notifyBalanceChanged } from '../../lib/balance-notifications.ts';
import type { AppContext } from '../../context.ts';
import { assertNotExcluded } from '../responsible-gaming/index.ts';
import { drawPrize, type RandomInt } from './draw-prize.ts';
import { listActivePrizes, newDrawId, type WheelPrizeRow } from './wheel-prizes.ts';
import { readWheelSettings, SPIN_COST_SATANG } from './wheel-rules.ts';

export interface SpinView {
  drawId: string;
  prize: Pick<WheelPrizeRow, 'id' | 'label' | 'kind' | 'amountSatang' | 'sortOrder'>;
  /** Index of the prize among the active prizes now (the wheel's segments), or null. */
  segmentIndex: number | null;
  /** Prize credit left, satang. */
  prizeCreditSatang: bigint;
  /** Whether this call drew (false: the same request key was drawn before; its result again). */
  isNew: boolean;
}

/**
 * `POST /prize-composite/v1/spins` (money.md "Prize wheel"): in one transaction, pay 50 prize
 * credit (WHEEL member prize → house:expense:wheel), draw a prize with `crypto.randomInt` over the
 * integer weights of the active prizes, pay it (WHEEL house:expense:wheel → member main for
 * `credit`, → member prize for `prize_credit`, nothing for `nothing`), and record the draw in
 * `wheel_draws` (cost, roll, total weight, a snapshot of the prize, both transfers).
 *
 * Idempotent by `requestKey` (the `Idempotency-Key` header): the same key returns the recorded
 * draw and charges nothing, read before the transaction takes any lock. Concurrent spins of one member queue on the member's accounts, so
 * credit for n spins pays for exactly n. A member in a time-out or self-exclusion spins nothing
 * (RG_EXCLUDED, nothing charged; a retry of a draw made before still gets its recorded result).
 *
 * @throws AppError RG_EXCLUDED, FEATURE_DISABLED (wheel off or without prizes), NOT_ENOUGH_PRIZE_CREDIT,
 *   VALIDATION_FAILED (request key longer than 200).
 */
export async function spinWheel(
  context: AppContext,
  input: { memberId: string; requestKey?: string | undefined; randomInt?: RandomInt },
): Promise<SpinView> {
  const requestKey = input.requestKey ?? randomUUID();
  if (requestKey.length === 0 || requestKey.length > 200) throw new AppError('VALIDATION_FAILED');
  const random = input.randomInt ?? ((maxExclusive: number) => randomInt(maxExclusive));
  // A retry is answered from the stored draw before any lock or work (issue 24 §3, docs/adr/0038);
  // the same read under the locks below stays the guard against two first tries racing.
  if (input.requestKey !== undefined) {
    const stored = await readDrawByRequestKey(context.db, input.memberId, requestKey);
    if (stored) return toView(context.db, stored, await listActivePrizes(context.db), await requireMemberAccountId(context.db, input.memberId, 'prize'), false);
  }

  return inLedgerTransaction(context.db, async (tx) => {
    const mainAccount = await requireMemberAccountId(tx, input.memberId, 'main');
    const prizeAccount = await requireMemberAccountId(tx, input.memberId, 'prize');
    // Both member accounts, in id order, before anything else (as the ledger locks): a twin with
    // the same request key has then committed or not started, and a deposit earning credit for
    // this member (DEPOSIT locks main, then WHEEL locks prize; main is opened first, so has the
    // lower id) takes them in the same order and cannot deadlock with us.
    await lockAccounts(tx, [mainAccount, prizeAccount]);

    const previous = await readDrawByRequestKey(tx, input.memberId, requestKey);
    const prizes = await listActivePrizes(tx);
    // A retry gets its recorded draw even if the operator has since switched the wheel off.
    if (previous) return toView(tx, previous, prizes, prizeAccount, false);
    // No new spin during a time-out or self-exclusion (issue 12, ADR 0019): refused before any money moves.
    await assertNotExcluded(tx, input.memberId, context.now());
    const settings = await readWheelSettings(tx);
    if (!settings.isEnabled || prizes.length === 0) throw new AppError('FEATURE_DISABLED');

    const drawId = newDrawId();
    const wheelExpense = await requireAccountId(tx, HOUSE_ACCOUNTS.wheelExpense);
    const cost = await postTransfer(tx, {
      idempotencyKey: `wheel-spin:${drawId}`,
      code: 'WHEEL',
      debitAccountId: prizeAccount,
      creditAccountId: wheelExpense,
      amountSatang: SPIN_COST_SATANG,
      source: { type: 'wheel_draw', id: drawId },
    });
    if (cost.status === 'refused' && cost.reason === 'insufficient_funds') throw new AppError('NOT_ENOUGH_PRIZE_CREDIT');
    const costTransferId = expectPosted(cost);

    const draw = drawPrize(prizes, random);
    const prizeTransferId =
      draw.prize.kind === 'nothing'
        ? null
        : expectPosted(
            await postTransfer(tx, {
              idempotencyKey: `wheel-prize:${drawId}`,
              code: 'WHEEL',
              debitAccountId: wheelExpense,
              creditAccountId: draw.prize.kind === 'credit' ? mainAccount : prizeAccount,
              amountSatang: draw.prize.amountSatang,
              source: { type: 'wheel_draw', id: drawId },
            }),
          );
    const row: DrawRow = {
      id: drawId,
      prize_id: draw.prize.id,
      prize_label: draw.prize.label,
      prize_kind: draw.prize.kind,
      prize_amount_satang: draw.prize.amountSatang,
    };
    await tx.query(
      `INSERT INTO wheel_draws (id, member_id, request_key, cost_satang, prize_id, prize_label, prize_kind, prize_amount_satang,
         roll, total_weight, cost_transfer_id, prize_transfer_id, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [drawId, input.memberId, requestKey, SPIN_COST_SATANG, row.prize_id, row.prize_label, row.prize_kind, row.prize_amount_satang,
        draw.roll, draw.totalWeight, costTransferId, prizeTransferId, context.now()],
    );
    await notifyBalanceChanged(tx, input.memberId, 'adjustment');
    return toView(tx, row, prizes, prizeAccount, true);
  });
}

interface DrawRow {
  id: string;
  prize_id: number;
  prize_label: string;
  prize_kind: WheelPrizeKind;
  prize_amount_satang: bigint;
}

async function readDrawByRequestKey(tx: Queryable, memberId: string, requestKey: string): Promise<DrawRow | undefined> {
  const { rows } = await tx.query<DrawRow>(
    'SELECT id, prize_id, prize_label, prize_kind, prize_amount_satang FROM wheel_draws WHERE member_id = $1 AND request_key = $2',
    [memberId, requestKey],
  );
  return rows[0];
}

/** The draw as recorded (label and amount at the time), placed on the wheel as it is now. */
async function toView(tx: Queryable, row: DrawRow, prizes: WheelPrizeRow[], prizeAccount: bigint, isNew: boolean): Promise<SpinView> {
  const index = prizes.findIndex((prize) => prize.id === row.prize_id);
  return {
    drawId: row.id,
    prize: { id: row.prize_id, label: row.prize_label, kind: row.prize_kind, amountSatang: row.prize_amount_satang, sortOrder: prizes[index]?.sortOrder ?? -1 },
    segmentIndex: index === -1 ? null : index,
    prizeCreditSatang: availableCreditBalance(await readAccountBalance(tx, prizeAccount)),
    isNew,
  };
}
