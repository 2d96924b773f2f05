import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { countStatements } from '../../../test/statement-counter.ts';
import type { IncomingCredit } from '../matching/match-types.ts';
import { loadBankCandidates, loadBankCandidatesAndSlipTwins } from './bank.ts';

/**
 * The bank channel's candidate read with the feed's slip-twin look in the same statement (issue 29
 * §1, docs/adr/0067): the same candidates as the channel's own read, by the sender's mask, by name,
 * or none; the twins' row whatever the candidates; one statement each time.
 */
describe('loadBankCandidatesAndSlipTwins', () => {
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

  // An amount no slip of this test database was made for: no twins.
  const credit = (fields: Partial<IncomingCredit>): IncomingCredit => ({ channelKind: 'bank', amountSatang: 987_654n, occurredAt: new Date(), senderBankCode: null, senderAccountMasked: null, senderName: null, ...fields });
  const look = { channelId: 'chn_bank_kbank_main', windowMs: 600_000 };

  const cases: Array<[string, () => IncomingCredit, boolean]> = [
    ['by the sender’s masked account', () => credit({ senderAccountMasked: `X${member.accountNumber.slice(3, 9)}X` }), true],
    ['by the sender’s name at their bank', () => credit({ senderBankCode: member.bankCode, senderName: `  ${member.firstName}   ${member.lastName} ` }), true],
    ['by a mask nobody fits', () => credit({ senderAccountMasked: 'X000000X' }), false],
    ['with no sender at all', () => credit({}), false],
  ];
  for (const [name, makeCredit, findsMember] of cases) {
    it(`finds the same candidates as the channel's read, ${name}, and the slip twins, in one statement`, async () => {
      const incoming = makeCredit();
      const alone = await t.db.transaction((tx) => loadBankCandidates(tx, incoming));
      const counter = countStatements(t.db);
      counter.start();
      const joined = await t.db.transaction((tx) => loadBankCandidatesAndSlipTwins(tx, incoming, look));
      const counted = counter.stop();
      expect(joined.candidates).toEqual(alone);
      expect(joined.candidates.members.some((candidate) => candidate.memberId === member.memberId)).toBe(findsMember);
      if (findsMember) expect(joined.candidates.members.find((candidate) => candidate.memberId === member.memberId)).toMatchObject({ bankAccountNumber: member.accountNumber, isBankAccountVerified: expect.any(Boolean) });
      expect(joined.slipTwins).toEqual([]);
      // BEGIN, the one read, COMMIT.
      expect(counted.statements).toBe(3);
    });
  }
});
