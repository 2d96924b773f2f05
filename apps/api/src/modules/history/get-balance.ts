import { readMemberAccountBalancesOf, type MemberAccountBalance, type MemberAccountKind } from '@sabai/ledger';
import { satangToBahtNumber } from '@sabai/money';
import type { AppContext } from '../../context.ts';
import { PartnerRefusedError, PartnerUnavailableError } from '../../adapters/partner/index.ts';
import type { GameAccount } from '../play/index.ts';
import { memberNotFound, memberRefRead, type MemberRef } from '../auth/index.ts';
import type { PartnerBalanceReadings } from './partner-balance-readings.ts';
import { OPEN_WITHDRAWAL_STATES } from '../withdrawals/index.ts';

/** Where the shown game wallet comes from (contracts `balanceResponse`). */
export type GameWalletSource = 'partner' | 'ledger' | 'no_account';

/**
 * The member's wallets (`GET /user-profile-composite/v1/profile/balance`): each ledger account's
 * available balance (credits − debits − pending debits) in baht, plus what open withdrawals reserve.
 *
 * The game wallet is the partner's balance with the time it was read: our ledger's game wallet
 * follows the partner only as rounds are pulled and booked (docs/adr/0012), so after a few losses
 * it still shows money the member no longer has at the partner. The ledger's figure stays beside it
 * (`ledgerGameWallet`). When the partner cannot be read, the ledger's figure is shown and
 * `gameWalletSource` says so; a member without a game account has nothing there.
 *
 * `member`: a member id (staff's member page), or a MemberRef — for the member's own call the
 * request's session, checked in the same statement (auth requireSessionMember). With `readings`
 * (the member's call), a partner reading younger than GAME_BALANCE_MAX_AGE_MS and read beside the
 * same ledger game wallet is shown again with its time (partner-balance-readings.ts); without, the
 * partner is asked now.
 * @throws AppError UNAUTHENTICATED when a session ref's session is not active (auth memberNotFound).
 */
export async function getBalance(
  context: Pick<AppContext, 'db' | 'partner' | 'now'>,
  member: string | MemberRef,
  options: { readings?: PartnerBalanceReadings } = {},
) {
  const ref: MemberRef = typeof member === 'string' ? { memberId: member } : member;
  const who = memberRefRead(ref);
  // One statement (issue 29 §1 and §3, balance is polled by every page): who (the session check,
  // or the id), the member's own accounts' cached totals (@sabai/ledger owns that part), the open
  // withdrawals — only they count as pending withdraw: a transfer into the game also reserves the
  // main wallet for a moment, and it is not a withdrawal (issue 15) — and the game account to ask
  // the partner about.
  const read = await readMemberAccountBalancesOf<{ member_id: string; total: bigint; username: string | null; password: string | null; partner: string | null }>(
    context.db,
    {
      sql: `WITH who AS (${who.sql})
            SELECT who.member_id,
                   (SELECT coalesce(sum(w.amount_satang), 0)::int8 FROM withdrawals w WHERE w.member_id = who.member_id AND w.status = ANY($${who.params.length + 1}::text[])) AS total,
                   g.username, g.password, g.partner
              FROM who LEFT JOIN game_accounts g ON g.member_id = who.member_id`,
      params: [...who.params, [...OPEN_WITHDRAWAL_STATES]],
    },
  );
  if (!read) throw memberNotFound(ref);
  const { balances, companion: row } = read;
  const pending = row.total;
  const account = row.username !== null && row.password !== null && row.partner !== null
    ? ({ username: row.username, password: row.password, partner: row.partner })
    : undefined;
  const walletSatang = (kind: MemberAccountKind) => balances[kind].availableSatang;
  const wallet = (kind: MemberAccountKind) => satangToBahtNumber(walletSatang(kind));
  const game = await readLiveGameWallet(context, account, balances.game, options.readings);
  return {
    mainWallet: wallet('main'),
    gameWallet: satangToBahtNumber(game.satang),
    affiliateWallet: wallet('affiliate'),
    cashbackWallet: wallet('cashback'),
    residualWallet: wallet('residual'),
    prizeWallet: wallet('prize'),
    spinWallet: wallet('spin'),
    pendingWithdraw: satangToBahtNumber(pending),
    ledgerGameWallet: wallet('game'),
    gameWalletSource: game.source,
    gameWalletReadAt: game.readAt?.toISOString() ?? null,
  };
}

async function readLiveGameWallet(
  context: Pick<AppContext, 'partner' | 'now'>,
  account: GameAccount | undefined,
  ledger: MemberAccountBalance,
  readings: PartnerBalanceReadings | undefined,
): Promise<{ satang: bigint; source: GameWalletSource; readAt: Date | null }> {
  if (!account) return { satang: ledger.availableSatang, source: 'no_account', readAt: null };
  try {
    const readLive = () => context.partner.getBalance(account.username);
    const reading = readings
      // A posting on the game wallet (in, out, a reservation, booked rounds) changes this key, except
      // a run of them that nets to the same available and pending figures within the reading's age:
      // then the reading is shown again with its own time, at most GAME_BALANCE_MAX_AGE_MS old.
      ? await readings.read({ username: account.username, ledgerKey: `${ledger.availableSatang}/${ledger.pendingDebitsSatang}`, now: context.now, readLive })
      : { satang: await readLive(), readAt: context.now() };
    return { satang: reading.satang, source: 'partner', readAt: reading.readAt };
  } catch (error) {
    // Partner trouble (down, slow, refusing) must not hide the member's other wallets: show our
    // books and say that is what they are.
    if (error instanceof PartnerUnavailableError || error instanceof PartnerRefusedError) return { satang: ledger.availableSatang, source: 'ledger', readAt: null };
    throw error;
  }
}
