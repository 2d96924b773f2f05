import type { Queryable } from '@sabai/db';
import { registerMoneyActionHandler, requestMoneyAction, type MoneyActionHandler, type MoneyActionOutcome, type MoneyActionRejectHandler } from '../approvals/index.ts';
import type { StaffRole } from '../staff/index.ts';

/**
 * Asks for the liability of new item codes (issue 25 §1 finding 1, docs/adr/0048): the money
 * action 'item-codes.issue' for amount × uses × codes. Marketing designs codes; they pay only
 * once finance or the owner approved (or the requester's role daily limit covered it). Call in
 * the transaction that inserted the codes (approved_at NULL).
 */
export async function requestItemCodeLiability(
  tx: Queryable,
  input: { codes: string[]; amountSatang: bigint; usesPerCode: number; staffId: string; role: StaffRole; reason: string | null; address: string | null; now: Date; subjectId: string },
): Promise<MoneyActionOutcome> {
  const liabilitySatang = input.amountSatang * BigInt(input.usesPerCode) * BigInt(input.codes.length);
  return requestMoneyAction(tx, {
    kind: 'item-codes.issue', requester: { staffId: input.staffId, role: input.role }, amountSatang: liabilitySatang,
    subject: { type: 'item_code', id: input.subjectId },
    payload: { codes: input.codes, amountSatang: input.amountSatang, usesPerCode: input.usesPerCode },
    idempotencyKey: `item-codes:${[...input.codes].sort().join(',').slice(0, 180)}`, reason: input.reason, address: input.address, now: input.now,
  });
}

const codesOf = (payload: Record<string, unknown>): string[] => (Array.isArray(payload.codes) ? payload.codes.map(String) : []);

/** On approval: the codes become redeemable (once; a code already approved stays as it is). */
const approveItemCodes: MoneyActionHandler = async (tx, action) => {
  const codes = codesOf(action.payload);
  const updated = await tx.query('UPDATE item_codes SET approved_at = $2, approval_id = $3 WHERE code = ANY($1::text[]) AND approved_at IS NULL', [codes, action.now, action.approvalId]);
  return { codes, approved: updated.rowCount };
};

/** On rejection: the codes expire at once (never redeemable). */
const rejectItemCodes: MoneyActionRejectHandler = async (tx, action) => {
  await tx.query(
    `UPDATE item_codes SET expires_at = GREATEST($2::timestamptz, created_at + interval '1 millisecond') WHERE code = ANY($1::text[]) AND approved_at IS NULL`,
    [codesOf(action.payload), action.now],
  );
};

registerMoneyActionHandler('item-codes.issue', approveItemCodes, { onReject: rejectItemCodes });
