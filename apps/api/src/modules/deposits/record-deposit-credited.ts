import type { Queryable } from '@sabai/db';
import { readDepositBonusBasis } from '../promotions/index.ts';
import { recordOutboxEvent, toSatangText } from '../outbox/index.ts';
import { balanceChangedNotification } from '../../lib/balance-notifications.ts';
import { verifyHolderFromDeposit } from './verify-holder-from-deposit.ts';

/**
 * Inside the transaction that credits a deposit to a member (automatic match or staff assign):
 * reads the bonus basis at this moment (and ends played-out wagering requirements) and records
 * `deposit.credited` in the outbox; verifies the member's typed bank-account holder name when the
 * deposit shows it (verify-holder-from-deposit.ts, docs/adr/0040). The worker then grants the bonus, earns wheel credit and moves
 * the money into the game (issue 10 §3); nothing of that runs inside the deposit's transaction.
 */
export async function recordDepositCredited(tx: Queryable, input: DepositCreditedInput): Promise<void> {
  const { event, options } = await depositCreditedEvent(tx, input);
  await recordOutboxEvent(tx, event, options);
}

export interface DepositCreditedInput {
  memberId: string;
  depositId: string;
  amountSatang: bigint;
  now: Date;
  /** True when the caller read that the member's bank account is verified already: the hook is skipped. */
  isBankAccountVerified?: boolean;
  /** Also tells the member's open pages the balance changed (reason `deposit`), in the outbox statement (issue 29 §1). */
  notifyBalance?: boolean;
}

/**
 * recordDepositCredited without the outbox statement: the holder verification and the bonus basis
 * (same reads, same writes), and the `deposit.credited` event with its options, for a caller that
 * records it in a statement of its own (outboxEventCtes, issue 29 §1: the bank feed's event mark).
 */
export async function depositCreditedEvent(tx: Queryable, input: DepositCreditedInput) {
  // A typed holder name (NAME_INQUIRY_PROVIDER=declared) is verified by the first deposit from the
  // bound account that shows it: in this transaction, so it stands or falls with the credit.
  if (input.isBankAccountVerified !== true) await verifyHolderFromDeposit(tx, { memberId: input.memberId, depositId: input.depositId, now: input.now });
  const basis = await readDepositBonusBasis(tx, { memberId: input.memberId, depositSatang: input.amountSatang, now: input.now });
  return {
    event: {
      kind: 'deposit.credited' as const,
      eventKey: `deposit.credited:${input.depositId}`,
      memberId: input.memberId,
      payload: {
        memberId: input.memberId,
        depositId: input.depositId,
        amountSatang: toSatangText(input.amountSatang),
        balanceBeforeSatang: toSatangText(basis.balanceBeforeSatang),
        turnoverNowSatang: toSatangText(basis.turnoverNowSatang),
        creditedAt: input.now.toISOString(),
      },
    },
    options: input.notifyBalance === true ? { alsoNotify: balanceChangedNotification(input.memberId, 'deposit', input.depositId) } : {},
  };
}
