/**
 * Promotion money rules (issue "Rewards" §1, money.md "Bonus", spec §9 "type 1 means multiples,
 * otherwise baht; max bonus or max withdraw of 0 means unlimited"; our reading in docs/adr/0010).
 * Pure, bigint satang; a multiple is stored in hundredths (150 = 1.5×). Every division rounds DOWN
 * to the satang: the house never grants or caps at a fraction it did not state.
 */
export interface PromotionTerms {
  minimumDepositSatang: bigint;
  /** 1 = bonus is `bonusValue` hundredths × deposit; otherwise `bonusValue` satang. */
  depositType: number;
  bonusValue: bigint;
  /** 1 = cap is `maxBonus` hundredths × deposit; otherwise satang; 0 = no cap. */
  maxBonusType: number;
  maxBonus: bigint;
  /** 1 = target is `turnoverAmount` hundredths × (deposit + bonus); otherwise satang. */
  turnoverType: number;
  turnoverAmount: bigint;
  /** 1 = cap is `maxWithdrawAmount` hundredths × (deposit + bonus); otherwise satang; 0 = no cap. */
  maxWithdrawType: number;
  maxWithdrawAmount: bigint;
}

const MULTIPLE = 1;
const times = (amountSatang: bigint, hundredths: bigint) => (amountSatang * hundredths) / 100n;

export interface GrantTerms {
  bonusSatang: bigint;
  turnoverNeededSatang: bigint;
  /** null = no cap on withdrawal while the grant is active. */
  maxWithdrawSatang: bigint | null;
}

/**
 * The grant a deposit earns under a promotion, or null when it does not qualify (below the
 * minimum deposit, or a bonus that rounds to 0).
 */
export function grantTermsFor(depositSatang: bigint, terms: PromotionTerms): GrantTerms | null {
  if (depositSatang <= 0n || depositSatang < terms.minimumDepositSatang) return null;
  let bonusSatang = terms.depositType === MULTIPLE ? times(depositSatang, terms.bonusValue) : terms.bonusValue;
  if (terms.maxBonus > 0n) {
    const cap = terms.maxBonusType === MULTIPLE ? times(depositSatang, terms.maxBonus) : terms.maxBonus;
    if (bonusSatang > cap) bonusSatang = cap;
  }
  if (bonusSatang <= 0n) return null;
  const base = depositSatang + bonusSatang;
  const turnoverNeededSatang = terms.turnoverType === MULTIPLE ? times(base, terms.turnoverAmount) : terms.turnoverAmount;
  const maxWithdrawSatang =
    terms.maxWithdrawAmount === 0n ? null : terms.maxWithdrawType === MULTIPLE ? times(base, terms.maxWithdrawAmount) : terms.maxWithdrawAmount;
  return { bonusSatang, turnoverNeededSatang, maxWithdrawSatang };
}

/** What a grant knows about the money it covers (docs/adr/0043). */
export interface GrantMoney {
  /** The member's own money the grant covers: their money when granted plus deposits credited while it is in force. */
  ownSatang: bigint;
  /** The bonus it granted. */
  bonusSatang: bigint;
  /** The promotion's max-withdraw, null = no cap. */
  maxWithdrawSatang: bigint | null;
  /** Of `ownSatang`, what was deposited while the grant was in force: outside the promotion's cap. */
  depositedSinceSatang: bigint;
}

/**
 * How `walletSatang` (main + game) splits under a grant (docs/adr/0043): the member's own money
 * is played first against the pot's NET result, so own = clamp(wallet − bonus, 0, own put in):
 * a pot that is up keeps all own money and the gain is the bonus's winnings; a pot that is down
 * has lost own money first. The rest is the bonus and its winnings, the only money a cap or a
 * cancellation may take. Pure.
 */
export function splitUnderGrant(walletSatang: bigint, grant: GrantMoney): { ownSatang: bigint; bonusPartSatang: bigint } {
  if (walletSatang < 0n) throw new Error('a wallet is never negative');
  const afterBonus = walletSatang - grant.bonusSatang;
  const ownSatang = afterBonus <= 0n ? 0n : afterBonus < grant.ownSatang ? afterBonus : grant.ownSatang;
  return { ownSatang, bonusPartSatang: walletSatang - ownSatang };
}

/**
 * What the member may take out when a grant ends at a withdrawal (docs/adr/0043): the promotion's
 * cap bounds what the grant's pot pays; deposits made while it was in force are outside the pot,
 * and own money is always paid: payable = max(own, min(wallet, cap + deposited since)); the rest
 * (bonus and its winnings only) is forfeited. Without a cap everything is payable. Forfeit ≤ the
 * bonus part, always. Pure.
 */
export function payableUnderGrant(walletSatang: bigint, grant: GrantMoney): { payableSatang: bigint; forfeitSatang: bigint } {
  const { ownSatang } = splitUnderGrant(walletSatang, grant);
  if (grant.maxWithdrawSatang === null) return { payableSatang: walletSatang, forfeitSatang: 0n };
  const cap = grant.maxWithdrawSatang + grant.depositedSinceSatang;
  const capped = walletSatang < cap ? walletSatang : cap;
  const payableSatang = ownSatang > capped ? ownSatang : capped;
  return { payableSatang, forfeitSatang: walletSatang - payableSatang };
}
