import type { Queryable } from '@sabai/db';
import { HOUSE_ACCOUNTS, POSTING_WITH_FIRST_PARAM, expectPosted, postTransferWith, readMemberAccountBalancesWith, requireAccountId } from '@sabai/ledger';
import { prizeCreditEarned, wheelSettingsFromRow } from './wheel-rules.ts';

/**
 * Gives the member prize credit for a credited deposit (wheel-rules.ts `prizeCreditEarned`):
 * WHEEL from `house:expense:wheel` to the member's `prize` account under key
 * `wheel-earn:<depositId>`, so crediting the same deposit twice earns once.
 *
 * Call it inside the transaction that credits the deposit, after the DEPOSIT transfer (the
 * member's main account is locked first, then prize: the same order as a spin, by account id).
 * The caller's balance notification covers it; or `alsoNotify` (a notification's channel and
 * payload) is sent in the posting's statement, only when something is posted.
 *
 * Two statements when credit is earned (docs/adr/0071): the wheel's settings with the member's
 * accounts (readMemberAccountBalancesWith), then the posting (with the notification). Was four (settings, account, posting, notify).
 * @returns the prize credit earned in satang (0: nothing posted).
 * @throws Error when the member has no prize account and credit is earned.
 */
export async function earnPrizeCredit(
  tx: Queryable,
  input: { memberId: string; depositId: string; depositAmountSatang: bigint; alsoNotify?: { channel: string; payload: string } },
): Promise<{ earnedSatang: bigint }> {
  // The wheel's settings with the member's accounts (the prize account's id), one statement.
  const { accountIds, companion } = await readMemberAccountBalancesWith<{ is_enabled: boolean; deposit_step_satang: bigint; prize_credit_satang_per_step: bigint }>(tx, input.memberId, {
    sql: 'SELECT is_enabled, deposit_step_satang, prize_credit_satang_per_step FROM wheel_settings WHERE id',
    params: [],
  });
  const earnedSatang = prizeCreditEarned(input.depositAmountSatang, wheelSettingsFromRow(companion));
  if (earnedSatang === 0n) return { earnedSatang };
  const prizeAccountId = accountIds.prize;
  if (prizeAccountId === undefined) throw new Error(`member ${input.memberId} has no prize account`);
  const notify = input.alsoNotify;
  expectPosted(
    await postTransferWith(
      tx,
      {
        idempotencyKey: `wheel-earn:${input.depositId}`,
        code: 'WHEEL',
        debitAccountId: await requireAccountId(tx, HOUSE_ACCOUNTS.wheelExpense),
        creditAccountId: prizeAccountId,
        amountSatang: earnedSatang,
        source: { type: 'deposit', id: input.depositId },
      },
      '',
      notify ? [notify.channel, notify.payload] : [],
      notify ? `pg_notify($${POSTING_WITH_FIRST_PARAM}::text, $${POSTING_WITH_FIRST_PARAM + 1}::text) AS balance_notified` : '',
    ),
  );
  return { earnedSatang };
}
