import { readMemberAccountBalancesWith, type MemberAccountKind } from '@sabai/ledger';
import { satangToBahtNumber } from '@sabai/money';
import type { AppContext } from '../../context.ts';
import { PartnerRefusedError, PartnerUnavailableError } from '../../adapters/partner/index.ts';
import type { GameAccount } from '../play/index.ts';
import { OPEN_WITHDRAWAL_STATES } from '../withdrawals/index.ts';

/** Where the shown game wallet comes from (contracts `balanceResponse`). */
export type GameWalletSource = 'partner' | 'ledger' | 'no_account';

/**
 * The member's wallets (`GET /user-profile-composite/v1/profile/balance`): each ledger account's
 * available balance (credits − debits − pending debits) in baht, plus what open withdrawals reserve.
 *
 * The game wallet is the partner's live balance, read now, with the time it was read: our ledger's
 * game wallet follows the partner only as rounds are pulled and booked (docs/adr/0012), so after a
 * few losses it still shows money the member no longer has at the partner. The ledger's figure
 * stays beside it (`ledgerGameWallet`). When the partner cannot be read, the ledger's figure is
 * shown and `gameWalletSource` says so; a member without a game account has nothing there.
 */
export async function getBalance(context: Pick<AppContext, 'db' | 'partner' | 'now'>, memberId: string) {
  // One statement (issue 29 §1, balance is polled by every page): the member's own accounts'
  // cached totals (@sabai/ledger owns that part), the open withdrawals — only they count as pending
  // withdraw: a transfer into the game also reserves the main wallet for a moment, and it is not a
  // withdrawal (issue 15) — and the game account to ask the partner about.
  const { balances, companion: row } = await readMemberAccountBalancesWith<{ total: bigint; username: string | null; password: string | null; partner: string | null }>(
    context.db,
    memberId,
    {
      sql: `SELECT (SELECT coalesce(sum(amount_satang), 0)::int8 FROM withdrawals WHERE member_id = $1 AND status = ANY($2::text[])) AS total,
                   g.username, g.password, g.partner
              FROM (SELECT 1) AS one LEFT JOIN game_accounts g ON g.member_id = $1`,
      params: [[...OPEN_WITHDRAWAL_STATES]],
    },
  );
  const pending = row.total;
  const account = row.username !== null && row.password !== null && row.partner !== null
    ? ({ username: row.username, password: row.password, partner: row.partner })
    : undefined;
  const walletSatang = (kind: MemberAccountKind) => balances[kind].availableSatang;
  const wallet = (kind: MemberAccountKind) => satangToBahtNumber(walletSatang(kind));
  const game = await readLiveGameWallet(context, account, walletSatang('game'));
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
  context: Pick<AppContext, 'db' | 'partner' | 'now'>,
  account: GameAccount | undefined,
  ledgerSatang: bigint,
): Promise<{ satang: bigint; source: GameWalletSource; readAt: Date | null }> {
  if (!account) return { satang: ledgerSatang, source: 'no_account', readAt: null };
  try {
    const satang = await context.partner.getBalance(account.username);
    return { satang, source: 'partner', readAt: context.now() };
  } catch (error) {
    // Partner trouble (down, slow, refusing) must not hide the member's other wallets: show our
    // books and say that is what they are.
    if (error instanceof PartnerUnavailableError || error instanceof PartnerRefusedError) return { satang: ledgerSatang, source: 'ledger', readAt: null };
    throw error;
  }
}
