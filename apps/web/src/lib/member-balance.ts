import { parseBahtToSatang } from '@sabai/money';

/**
 * The money the member has, in satang: the main wallet (deposits land there) plus the game wallet
 * (money moved to the game partner). Until the partner integration moves deposits into the game,
 * everything sits in the main wallet, so showing only the game wallet would hide a deposit.
 */
export function memberBalanceSatang(wallet: { mainWallet: number; gameWallet: number }): bigint {
  return toSatang(wallet.mainWallet) + toSatang(wallet.gameWallet);
}

const toSatang = (baht: number): bigint => {
  const negative = baht < 0;
  const parsed = parseBahtToSatang(Math.abs(baht), { allowZero: true });
  if (!parsed.ok) return 0n;
  return negative ? -parsed.amountSatang : parsed.amountSatang;
};
