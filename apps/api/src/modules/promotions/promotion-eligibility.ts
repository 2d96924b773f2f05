/**
 * Who may still get a promotion (issue 11 "Promotions", docs/adr/0010): pure rules over facts the
 * grant reads in its transaction (the promotion's row locked, so a total limit cannot be passed by
 * two grants at once). The date window and the minimum deposit are checked with the grant terms
 * (bonus-rules.ts `grantTermsFor`) and by the query of open promotions.
 */
export interface PromotionEligibilityRules {
  eligibility: 'any' | 'first_deposit';
  oncePerMember: boolean;
  oncePerDay: boolean;
  /** null: no limit. */
  maxGrantsTotal: number | null;
}

export interface EligibilityFacts {
  /** Credited deposits of the member before this one (by time credited). */
  earlierCreditedDeposits: number;
  /** Grants of this promotion to the member, ever / on the current Bangkok day. */
  memberGrants: number;
  memberGrantsToday: number;
  /** Grants of this promotion to anyone. */
  totalGrants: number;
}

export type EligibilityRefusal = 'NOT_FIRST_DEPOSIT' | 'ALREADY_GRANTED' | 'ALREADY_GRANTED_TODAY' | 'NO_GRANTS_LEFT';

/** @returns null when the member may get the promotion for this deposit, otherwise why not. */
export function promotionRefusal(rules: PromotionEligibilityRules, facts: EligibilityFacts): EligibilityRefusal | null {
  if (rules.eligibility === 'first_deposit' && facts.earlierCreditedDeposits > 0) return 'NOT_FIRST_DEPOSIT';
  if (rules.oncePerMember && facts.memberGrants > 0) return 'ALREADY_GRANTED';
  if (rules.oncePerDay && facts.memberGrantsToday > 0) return 'ALREADY_GRANTED_TODAY';
  if (rules.maxGrantsTotal !== null && facts.totalGrants >= rules.maxGrantsTotal) return 'NO_GRANTS_LEFT';
  return null;
}

/** What a member reads when a promotion is shown but no longer theirs to get (issue 26 §3). */
export const REFUSAL_MESSAGES: Record<EligibilityRefusal, string> = {
  NOT_FIRST_DEPOSIT: 'รับได้เฉพาะการฝากครั้งแรก',
  ALREADY_GRANTED: 'คุณรับโปรโมชั่นนี้แล้ว',
  ALREADY_GRANTED_TODAY: 'คุณรับโปรโมชั่นนี้แล้ววันนี้ รับได้อีกครั้งพรุ่งนี้',
  NO_GRANTS_LEFT: 'สิทธิ์รับโปรโมชั่นนี้เต็มแล้ว',
};

/** The start of the Bangkok (UTC+7, no daylight saving) day `at` falls in, as an instant. */
export function bangkokDayStart(at: Date): Date {
  const BANGKOK_OFFSET_MS = 7 * 60 * 60_000;
  const DAY_MS = 24 * 60 * 60_000;
  return new Date(Math.floor((at.getTime() + BANGKOK_OFFSET_MS) / DAY_MS) * DAY_MS - BANGKOK_OFFSET_MS);
}
