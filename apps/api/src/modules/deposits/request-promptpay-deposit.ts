import { randomInt } from 'node:crypto';
import { PROMPTPAY_MAX_SATANG, PROMPTPAY_MIN_SATANG } from '@sabai/contracts';
import { isCreditableChannelSql } from './list-member-deposit-channels.ts';
import { AppError } from '../../lib/app-error.ts';
import { newPrefixedId } from '../../lib/ids.ts';
import type { AppContext } from '../../context.ts';
import { buildPromptPayPayload } from './promptpay/index.ts';
import { assertMayDeposit } from '../responsible-gaming/index.ts';

/** Whole baht from 1 to 50,000 (our rule: the satang digits carry the member's unique offset). */
/** Offsets 1..99 satang; a base amount can have 99 open requests at once. */
const OFFSET_ATTEMPTS = 20;
/**
 * Unpaid, unexpired requests one member may hold at once (issue 13 §3.4: one member held all 99
 * offsets of an amount, and every other member got "unavailable" for it).
 */
export const MAX_OPEN_PROMPTPAY_PER_MEMBER = 3;

/**
 * Creates a PromptPay deposit request (`POST /user-profile-composite/v1/deposit/promptpay`): the
 * member's whole-baht amount plus a satang offset no other open request has, valid for the
 * settings' TTL, and the EMVCo payload for that exact amount to the active PromptPay channel.
 * An incoming credit of that exact amount on the channel before expiry credits this member
 * (matching/match-deposit.ts). The offset is allocated under a transaction-scoped advisory lock
 * per base amount, so two members never get the same amount.
 *
 * A member asking again for an amount they hold an open request for gets that request back; at
 * most MAX_OPEN_PROMPTPAY_PER_MEMBER open requests per member.
 *
 * Refused with a Thai message, before any QR exists, while the member's time-out or
 * self-exclusion lasts or past their deposit limit (the crediting would hold and pay it back).
 *
 * @throws AppError INVALID_AMOUNT (not whole baht, out of range), PROMPTPAY_UNAVAILABLE (no active
 *   channel, or no free offset right now), PROMPTPAY_TOO_MANY_OPEN, RG_EXCLUDED, RG_DEPOSIT_LIMIT_REACHED.
 */
export async function requestPromptPayDeposit(
  context: AppContext,
  input: { memberId: string; requestedSatang: bigint },
): Promise<{ requestId: string; requestedSatang: bigint; amountSatang: bigint; payload: string; promptPayName: string; expiresAt: Date }> {
  const { requestedSatang } = input;
  // Parsed and range-checked at the edge (contracts promptPayDepositRequest); checked again here.
  if (requestedSatang % 100n !== 0n || requestedSatang < PROMPTPAY_MIN_SATANG || requestedSatang > PROMPTPAY_MAX_SATANG) {
    throw new AppError('INVALID_AMOUNT', { message: 'กรุณาระบุจำนวนเงินเป็นบาทเต็ม ตั้งแต่ 1 ถึง 50,000 บาท' });
  }
  const { rows } = await context.db.query<{ id: string; promptpay_id: string; account_name: string }>(
    `SELECT c.id, c.promptpay_id, c.account_name FROM deposit_channels c
     WHERE c.kind = 'promptpay' AND c.state = 'active' AND ${isCreditableChannelSql('c')} ORDER BY c.sort_order LIMIT 1`,
  );
  const channel = rows[0];
  if (!channel) throw new AppError('PROMPTPAY_UNAVAILABLE');
  const settings = await context.siteSettings.get();
  const now = context.now();
  // No QR for money the crediting would hold and pay back (issue 26 §2): time-out, self-exclusion, deposit limit.
  await assertMayDeposit(context.db, input.memberId, requestedSatang, now);
  const expiresAt = new Date(now.getTime() + settings.promptpay_request_ttl_ms);
  const requestId = newPrefixedId('ppr');

  return context.db.transaction(async (tx) => {
    // The member's requests first (one member's requests queue here), then the amount's offsets.
    await tx.query('SELECT pg_advisory_xact_lock(7240003, hashtext($1))', [input.memberId]);
    const open = await tx.query<{ id: string; requested_satang: bigint; amount_satang: bigint; payload: string; expires_at: Date }>(
      `SELECT id, requested_satang, amount_satang, payload, expires_at FROM promptpay_requests
       WHERE member_id = $1 AND paid_deposit_id IS NULL AND expires_at > $2 ORDER BY created_at DESC`,
      [input.memberId, now],
    );
    // The same amount again (a second tap, a reload): the QR code the member already has.
    const same = open.rows.find((row) => row.requested_satang === requestedSatang);
    if (same) return { requestId: same.id, requestedSatang, amountSatang: same.amount_satang, payload: same.payload, promptPayName: channel.account_name, expiresAt: same.expires_at };
    if (open.rows.length >= MAX_OPEN_PROMPTPAY_PER_MEMBER) throw new AppError('PROMPTPAY_TOO_MANY_OPEN');
    await tx.query('SELECT pg_advisory_xact_lock(7240002, $1::int)', [Number(requestedSatang / 100n)]);
    const taken = await tx.query<{ amount_satang: bigint }>(
      `SELECT amount_satang FROM promptpay_requests
       WHERE amount_satang > $1 AND amount_satang < $1 + 100 AND paid_deposit_id IS NULL AND expires_at > $2`,
      [requestedSatang, now],
    );
    const takenOffsets = new Set(taken.rows.map((row) => Number(row.amount_satang - requestedSatang)));
    let offset = 0;
    for (let attempt = 0; attempt < OFFSET_ATTEMPTS && offset === 0; attempt += 1) {
      const candidate = randomInt(1, 100);
      if (!takenOffsets.has(candidate)) offset = candidate;
    }
    if (offset === 0) offset = [...Array(99).keys()].map((index) => index + 1).find((candidate) => !takenOffsets.has(candidate)) ?? 0;
    if (offset === 0) throw new AppError('PROMPTPAY_UNAVAILABLE');
    const amountSatang = requestedSatang + BigInt(offset);
    // The satang offset is paid too: the exact amount must still fit the member's deposit limit.
    await assertMayDeposit(tx, input.memberId, amountSatang, now);
    const built = buildPromptPayPayload({ target: channel.promptpay_id, amountSatang });
    if (!built.ok) throw new Error(`PromptPay channel ${channel.id} cannot build a payload: ${built.error}`);
    await tx.query(
      `INSERT INTO promptpay_requests (id, member_id, channel_id, requested_satang, amount_satang, payload, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [requestId, input.memberId, channel.id, requestedSatang, amountSatang, built.payload, now, expiresAt],
    );
    return { requestId, requestedSatang, amountSatang, payload: built.payload, promptPayName: channel.account_name, expiresAt };
  });
}
