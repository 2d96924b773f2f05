import { parseBahtToSatang } from '@sabai/money';

/**
 * The money the member has, in satang: the main wallet plus the game wallet (money moved to the
 * game partner, at its live value where known). Money can sit in either, so showing only one of
 * them would hide part of it.
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
