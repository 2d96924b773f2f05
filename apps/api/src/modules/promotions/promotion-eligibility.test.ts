import { describe, expect, it } from 'vitest';
import { bangkokDayStart, promotionRefusal, type EligibilityFacts, type PromotionEligibilityRules } from './promotion-eligibility.ts';

const open: PromotionEligibilityRules = { eligibility: 'any', oncePerMember: false, oncePerDay: false, maxGrantsTotal: null };
const fresh: EligibilityFacts = { earlierCreditedDeposits: 0, memberGrants: 0, memberGrantsToday: 0, totalGrants: 0 };

describe('promotion eligibility (issue 11)', () => {
  it.each([
    ['an open promotion, any deposit', open, { ...fresh, earlierCreditedDeposits: 5, memberGrants: 3 }, null],
    ['first deposit only, on the first deposit', { ...open, eligibility: 'first_deposit' }, fresh, null],
    ['first deposit only, on the sixth deposit', { ...open, eligibility: 'first_deposit' }, { ...fresh, earlierCreditedDeposits: 5 }, 'NOT_FIRST_DEPOSIT'],
    ['once per member, never granted', { ...open, oncePerMember: true }, { ...fresh, earlierCreditedDeposits: 2 }, null],
    ['once per member, granted before', { ...open, oncePerMember: true }, { ...fresh, memberGrants: 1 }, 'ALREADY_GRANTED'],
    ['once per day, granted yesterday', { ...open, oncePerDay: true }, { ...fresh, memberGrants: 1, memberGrantsToday: 0 }, null],
    ['once per day, granted today', { ...open, oncePerDay: true }, { ...fresh, memberGrants: 1, memberGrantsToday: 1 }, 'ALREADY_GRANTED_TODAY'],
    ['a total of 100, 99 granted', { ...open, maxGrantsTotal: 100 }, { ...fresh, totalGrants: 99 }, null],
    ['a total of 100, 100 granted', { ...open, maxGrantsTotal: 100 }, { ...fresh, totalGrants: 100 }, 'NO_GRANTS_LEFT'],
    ['first deposit and once: a first deposit after an earlier grant cannot happen, the first rule speaks', { ...open, eligibility: 'first_deposit', oncePerMember: true }, { ...fresh, earlierCreditedDeposits: 1, memberGrants: 1 }, 'NOT_FIRST_DEPOSIT'],
  ] as const)('%s', (_name, rules, facts, expected) => {
    expect(promotionRefusal(rules as PromotionEligibilityRules, facts)).toBe(expected);
  });

  it.each([
    ['2026-11-24T16:59:59Z', '2026-11-23T17:00:00Z'],
    ['2026-11-24T17:00:00Z', '2026-11-24T17:00:00Z'],
    ['2026-11-25T03:00:00Z', '2026-11-24T17:00:00Z'],
  ])('counts days in Bangkok time: %s falls in the day from %s', (at, start) => {
    expect(bangkokDayStart(new Date(at)).toISOString()).toBe(new Date(start).toISOString());
  });
});
