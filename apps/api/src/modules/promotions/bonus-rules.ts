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

/**
 * What a withdrawal under an active grant leaves and forfeits (ADR 0010): the member may take at
 * most the cap; whatever stays in the wallet above the cap when the grant ends is forfeited back
 * to the house, recorded on the grant. Returns the satang to forfeit (0 when under the cap).
 */
export function forfeitOnWithdrawal(balanceSatang: bigint, maxWithdrawSatang: bigint | null): bigint {
  if (maxWithdrawSatang === null || balanceSatang <= maxWithdrawSatang) return 0n;
  return balanceSatang - maxWithdrawSatang;
}
