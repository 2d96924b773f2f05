import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { countStatements } from '../../../test/statement-counter.ts';
import type { IncomingCredit } from '../matching/match-types.ts';
import { loadBankCandidates } from './bank.ts';

/**
 * The bank channel's candidate read with a caller's one-row read in the same statement (issue 29
 * §1: the feed's slip-twin look rides on it): the same candidates as without it, by the sender's
 * mask, by name, or none; the caller's row whatever the candidates; one statement each time.
 */
describe('loadBankCandidates with a companion read', () => {
  let t: TestApp;
  let member: { memberId: string; bankCode: string; accountNumber: string; firstName: string; lastName: string };
  beforeAll(async () => {
    t = await createTestApp();
    const signedUp = await t.signUp();
    const { rows } = await t.db.query<{ id: string; first_name: string; last_name: string }>('SELECT id, first_name, last_name FROM members WHERE phone_number = $1', [signedUp.phoneNumber]);
    member = { memberId: rows[0]!.id, bankCode: signedUp.bankCode, accountNumber: signedUp.accountNumber, firstName: rows[0]!.first_name, lastName: rows[0]!.last_name };
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const credit = (fields: Partial<IncomingCredit>): IncomingCredit => ({ channelKind: 'bank', amountSatang: 10_000n, occurredAt: new Date(), senderBankCode: null, senderAccountMasked: null, senderName: null, ...fields });
  // Parameters after the candidates' own: the text shows it counts from the number it is given.
  const companion = { sql: (first: number) => `SELECT $${first}::text AS marker, $${first + 1}::int8 + 1 AS next_number`, params: ['here', 41n] };

  const cases: Array<[string, () => IncomingCredit, boolean]> = [
    ['by the sender’s masked account', () => credit({ senderAccountMasked: `X${member.accountNumber.slice(3, 9)}X` }), true],
    ['by the sender’s name at their bank', () => credit({ senderBankCode: member.bankCode, senderName: `  ${member.firstName}   ${member.lastName} ` }), true],
    ['by a mask nobody fits', () => credit({ senderAccountMasked: 'X000000X' }), false],
    ['with no sender at all', () => credit({}), false],
  ];
  for (const [name, makeCredit, findsMember] of cases) {
    it(`finds the same candidates with and without it, ${name}, and answers the companion’s row in one statement`, async () => {
      const incoming = makeCredit();
      const alone = await t.db.transaction((tx) => loadBankCandidates(tx, incoming));
      const counter = countStatements(t.db);
      counter.start();
      const joined = await t.db.transaction((tx) => loadBankCandidates<{ marker: string; next_number: bigint }>(tx, incoming, companion));
      const counted = counter.stop();
      expect(joined.candidates).toEqual(alone.candidates);
      expect(joined.candidates.members.some((candidate) => candidate.memberId === member.memberId)).toBe(findsMember);
      if (findsMember) expect(joined.candidates.members.find((candidate) => candidate.memberId === member.memberId)).toMatchObject({ bankAccountNumber: member.accountNumber, isBankAccountVerified: expect.any(Boolean) });
      expect(joined.companion).toEqual({ marker: 'here', next_number: 42n });
      expect(alone.companion).toBeUndefined();
      // BEGIN, the one read, COMMIT.
      expect(counted.statements).toBe(3);
    });
  }
});
