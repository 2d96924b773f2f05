import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '@sabai/db';
import { HOUSE_ACCOUNTS, expectPosted, postTransfer, requireAccountId, requireMemberAccountId } from '@sabai/ledger';
import { satangToBahtNumber } from '@sabai/money';
import type { SlipTransfer } from '../../../../adapters/slip-verify/index.ts';
import type { AppContext } from '../../../../context.ts';
import { notifyBalanceChanged } from '../../../../lib/balance-notifications.ts';
import { newPrefixedId } from '../../../../lib/ids.ts';
import { recordOutboxEvent, toSatangText } from '../../../outbox/index.ts';
import { depositRefusal } from '../../../responsible-gaming/index.ts';
import { recordDepositCredited } from '../../record-deposit-credited.ts';
import { creditHeldDeposit } from '../../resolve-held-deposit.ts';
import type { SlipHouseChannel } from './read-slip-parties.ts';
import { findFeedDepositTwins, lockSameTransfer, type FeedDepositTwin } from './same-transfer.ts';

export type SlipDepositOutcome =
  | { status: 'credited' | 'held'; slipId: string; depositId: string; amountSatang: bigint; reason: string | null; transferredAt: Date }
  | { status: 'already_used' | 'not_yours' | 'already_credited' };

/** Hold reasons a slip may lift: the feed could not tell whose money it was (not protection, not AML). */
const LIFTABLE_HOLDS = new Set(['NO_MATCH', 'AMBIGUOUS', 'NO_SENDER_INFO', 'UNREADABLE_SENDER_ACCOUNT', 'SENDER_NAME_UNMATCHED']);

/**
 * Records a verified slip, once per (sending bank, reference), in one transaction (docs/adr/0055):
 *
 * - the (channel, amount) lock (same-transfer.ts), then the slip's row checked: used → `already_used`;
 * - the feed reported this transfer already (an SMS deposit): credited to this member →
 *   `already_credited` (the slip is recorded against it); to another → `not_yours`; held because the
 *   feed could not tell whose it was and the slip's sender is the member's bound account (no
 *   `holdReason`) → that held deposit is credited to the member (resolve-held-deposit.ts, the same
 *   ledger key as any credit of that bank event); held otherwise → stays held, the slip recorded;
 * - else the slip makes the deposit: a bank_feed_events row on the channel's slip intake source (the
 *   deposit's event and ledger keys), DEPOSIT_RECEIVED channel → unallocated, then as an automatic
 *   deposit: held (`holdReason`, player protection, AML review: `deposit.held` in the outbox) or
 *   DEPOSIT unallocated → member main with `deposit.credited` in the outbox and the balance stream told.
 *
 * Idempotent and atomic: concurrent posts of one slip serialize on the lock (taken exclusive: it also
 * waits for feed events of the amount in flight); the second sees the first's row.
 */
export async function recordSlipDeposit(
  context: AppContext,
  input: { memberId: string; transfer: SlipTransfer; channel: SlipHouseChannel; holdReason: string | null; amlReviewAboveSatang: bigint },
): Promise<SlipDepositOutcome> {
  const { transfer } = input;
  return context.postings.run(async (tx) => {
    await lockSameTransfer(tx, input.channel.id, transfer.amountSatang, 'exclusive');
    const used = await tx.query('SELECT 1 FROM deposit_slips WHERE sending_bank_code = $1 AND trans_ref = $2', [transfer.sendingBankCode, transfer.transRef]);
    if (used.rows.length > 0) return { status: 'already_used' as const };
    const slipId = newPrefixedId('slp');
    const twins = await findFeedDepositTwins(tx, {
      channelId: input.channel.id,
      amountSatang: transfer.amountSatang,
      occurredAt: transfer.occurredAt,
      senderBankCode: transfer.sender.bankCode,
      senderAccount: transfer.sender.account,
      windowMs: context.config.SLIP_SAME_TRANSFER_WINDOW_MS,
    });
    const twin = twins.find((candidate) => candidate.memberId === input.memberId) ?? twins.find((candidate) => candidate.status === 'held' && !candidate.memberId) ?? twins[0];
    if (twin) return settleWithFeedTwin(tx, context, { ...input, slipId, twin });

    const eventId = await insertSlipEvent(tx, input.channel.id, transfer);
    const depositId = newPrefixedId('dep');
    const unallocated = await requireAccountId(tx, HOUSE_ACCOUNTS.unallocatedDeposits);
    const receivedTransferId = expectPosted(
      await postTransfer(tx, {
        idempotencyKey: `deposit-received:${eventId}`,
        code: 'DEPOSIT_RECEIVED',
        debitAccountId: input.channel.ledgerAccountId,
        creditAccountId: unallocated,
        amountSatang: transfer.amountSatang,
        source: { type: 'bank_feed_event', id: eventId.toString() },
      }),
    );
    const protection = input.holdReason ? null : await depositRefusal(tx, input.memberId, transfer.amountSatang, context.now());
    const aml = !input.holdReason && !protection && transfer.amountSatang > input.amlReviewAboveSatang ? 'AML_REVIEW' : null;
    const holdReason = input.holdReason ?? protection ?? aml;
    // A hold for the member's own protection or review names them; a sender we cannot tie to them does not.
    const heldMemberId = protection || aml ? input.memberId : null;
    let creditTransferId: bigint | null = null;
    if (!holdReason) {
      creditTransferId = expectPosted(
        await postTransfer(tx, {
          idempotencyKey: `deposit:${eventId}`,
          code: 'DEPOSIT',
          debitAccountId: unallocated,
          creditAccountId: await requireMemberAccountId(tx, input.memberId, 'main'),
          amountSatang: transfer.amountSatang,
          source: { type: 'deposit', id: depositId },
        }),
      );
    }
    await tx.query(
      `INSERT INTO deposits (id, event_id, channel_id, amount_satang, occurred_at, sender_bank_code, sender_account_masked, sender_name, status, hold_reason, member_id,
         received_transfer_id, credit_transfer_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [depositId, eventId, input.channel.id, transfer.amountSatang, transfer.occurredAt, transfer.sender.bankCode, transfer.sender.account?.slice(0, 32) ?? null,
        transfer.sender.name?.slice(0, 120) ?? null, holdReason ? 'held' : 'credited', holdReason, holdReason ? heldMemberId : input.memberId, receivedTransferId, creditTransferId],
    );
    if (holdReason) {
      await recordOutboxEvent(tx, {
        kind: 'deposit.held',
        eventKey: `deposit.held:${depositId}`,
        memberId: heldMemberId,
        payload: { depositId, amountSatang: toSatangText(transfer.amountSatang), reason: holdReason, memberId: heldMemberId },
      });
    } else {
      await recordDepositCredited(tx, { memberId: input.memberId, depositId, amountSatang: transfer.amountSatang, now: context.now() });
      await notifyBalanceChanged(tx, input.memberId, 'deposit', depositId);
    }
    await tx.query(`UPDATE bank_feed_events SET status = $2, status_reason = $3, processed_at = now() WHERE id = $1`, [eventId, holdReason ? 'held' : 'credited', holdReason ?? `SLIP:${slipId}`]);
    const status = holdReason ? ('held' as const) : ('credited' as const);
    await insertSlip(tx, { ...input, slipId, depositId, status, reason: holdReason, provider: context.slipVerify.name });
    return { status, slipId, depositId, amountSatang: transfer.amountSatang, reason: holdReason, transferredAt: transfer.occurredAt };
  });
}

async function settleWithFeedTwin(
  tx: Queryable,
  context: AppContext,
  input: { memberId: string; transfer: SlipTransfer; channel: SlipHouseChannel; holdReason: string | null; slipId: string; twin: FeedDepositTwin },
): Promise<SlipDepositOutcome> {
  const { twin, transfer } = input;
  const answer = { slipId: input.slipId, depositId: twin.depositId, amountSatang: transfer.amountSatang, transferredAt: transfer.occurredAt };
  if (twin.status === 'credited') {
    if (twin.memberId !== input.memberId) return { status: 'not_yours' };
    await insertSlip(tx, { ...input, depositId: twin.depositId, status: 'already_credited', reason: null, provider: context.slipVerify.name });
    return { status: 'already_credited' };
  }
  if (twin.status !== 'held') return { status: 'already_used' };
  const locked = await tx.query<{ status: string }>('SELECT status FROM deposits WHERE id = $1 FOR UPDATE', [twin.depositId]);
  const isLiftable = locked.rows[0]?.status === 'held' && !twin.memberId && LIFTABLE_HOLDS.has(twin.holdReason ?? '') && !input.holdReason;
  if (isLiftable && !(await depositRefusal(tx, input.memberId, transfer.amountSatang, context.now()))) {
    await creditHeldDeposit(tx, context.now(), { depositId: twin.depositId, eventId: twin.eventId, amountSatang: transfer.amountSatang, memberId: input.memberId, actor: `slip:${input.slipId}` });
    await insertSlip(tx, { ...input, depositId: twin.depositId, status: 'credited', reason: null, provider: context.slipVerify.name });
    return { status: 'credited', reason: null, ...answer };
  }
  const reason = input.holdReason ?? twin.holdReason ?? 'HELD';
  await insertSlip(tx, { ...input, depositId: twin.depositId, status: 'held', reason, provider: context.slipVerify.name });
  return { status: 'held', reason, ...answer };
}

/** The slip intake source of a house channel (inactive, marked; created on first use) and the slip's event on it. */
async function insertSlipEvent(tx: Queryable, channelId: string, transfer: SlipTransfer): Promise<bigint> {
  const sourceId = `src_slip_${createHash('sha256').update(channelId).digest('hex').slice(0, 20)}`;
  await tx.query(
    `INSERT INTO bank_feed_sources (id, kind, channel_id, secret, is_active, is_slip_intake) VALUES ($1, 'statement', $2, $3, false, true) ON CONFLICT (id) DO NOTHING`,
    [sourceId, channelId, randomBytes(32).toString('hex')],
  );
  const body = {
    providerRef: `slip:${transfer.sendingBankCode}:${transfer.transRef}`,
    direction: 'credit',
    amount: satangToBahtNumber(transfer.amountSatang).toFixed(2),
    occurredAt: transfer.occurredAt.toISOString(),
    senderBankCode: transfer.sender.bankCode,
    senderAccountNumber: transfer.sender.account,
    senderName: transfer.sender.name,
    receiverAccountNumber: transfer.receiver.account,
  };
  const { rows } = await tx.query<{ id: bigint }>(
    `INSERT INTO bank_feed_events (source_id, dedupe_key, raw_body, body_format) VALUES ($1, $2, $3, 'sabai_v1') RETURNING id`,
    [sourceId, body.providerRef, JSON.stringify(body)],
  );
  return rows[0]!.id;
}

async function insertSlip(
  tx: Queryable,
  input: { slipId: string; memberId: string; transfer: SlipTransfer; channel: SlipHouseChannel; depositId: string; status: 'credited' | 'held' | 'already_credited'; reason: string | null; provider: string },
): Promise<void> {
  const { transfer } = input;
  await tx.query(
    `INSERT INTO deposit_slips (id, sending_bank_code, trans_ref, member_id, provider, status, reason, amount_satang, occurred_at, sender_bank_code, sender_account, sender_name, channel_id, deposit_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
    [input.slipId, transfer.sendingBankCode, transfer.transRef, input.memberId, input.provider, input.status, input.reason, transfer.amountSatang, transfer.occurredAt,
      transfer.sender.bankCode, transfer.sender.account, transfer.sender.name, input.channel.id, input.depositId],
  );
}
