import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseBankNotification, type ParsedBankNotification } from '../bank-feed/index.ts';
import { matchDeposit, type IncomingCredit, type MatchDecision, type MatchMember } from './match-deposit.ts';

/**
 * End to end over the pure pieces: every fixture text → parser → matcher, against a realistic
 * member list (Thai names, 10- and 12-digit accounts, decoys that share digits).
 */
const samples = (
  JSON.parse(readFileSync(new URL('../bank-feed/parsers/fixtures/bank-sms-samples.json', import.meta.url), 'utf8')) as {
    samples: Array<{ bank: string; text: string }>;
  }
).samples;

const receivedAt = new Date('2025-09-08T04:00:00Z');

const MEMBERS: MatchMember[] = [
  { memberId: 'mbr_somchai', bankCode: '004', bankAccountNumber: '0411897762', firstName: 'สมชาย', lastName: 'ใจดี', phoneNumber: '0811111111', status: 'active' },
  // Has 189776 at the START: X189776X hides a digit before the run, so this one does not fit.
  { memberId: 'mbr_decoy_start', bankCode: '004', bankAccountNumber: '1897760000', firstName: 'สมหญิง', lastName: 'ใจดี', phoneNumber: '0822222222', status: 'active' },
  { memberId: 'mbr_malee', bankCode: '006', bankAccountNumber: '9818159231', firstName: 'มาลี', lastName: 'สุขใจ', phoneNumber: '0833333333', status: 'active' },
  { memberId: 'mbr_boonmee', bankCode: '034', bankAccountNumber: '020012838467', firstName: 'บุญมี', lastName: 'มีสุข', phoneNumber: '0844444444', status: 'active' },
  // Same last six digits as the BAAC member, but at KTB: the SCB text says the sender is at BAAC.
  { memberId: 'mbr_decoy_ktb', bankCode: '006', bankAccountNumber: '1230838467', firstName: 'ประยุทธ', lastName: 'ทองดี', phoneNumber: '0855555555', status: 'active' },
  { memberId: 'mbr_phuchong', bankCode: '014', bankAccountNumber: '4021234567', firstName: 'ภูชงค์', lastName: 'ทรงศักดิ์', phoneNumber: '0866666666', status: 'active' },
];

/** The feed's mapping: only credits become incoming credits; a debit never reaches the matcher. */
function toIncomingCredit(notification: ParsedBankNotification): IncomingCredit | null {
  if (notification.kind !== 'credit') return null;
  return {
    channelKind: 'bank',
    amountSatang: notification.amountSatang,
    occurredAt: notification.occurredAt,
    senderBankCode: notification.senderBankCode,
    senderAccountMasked: notification.senderAccountMasked,
    senderName: notification.senderName,
  };
}

const match = (credit: IncomingCredit, members = MEMBERS) =>
  matchDeposit({ credit, members, openPromptPayRequests: [], settings: { reviewThresholdSatang: 5_000_000n } });

/** Expected decision per fixture text, with why. `null`: a debit, never matched. */
const EXPECTED: Record<string, [why: string, decision: MatchDecision | null]> = {
  '08/01/62 22:59 บชX153594X เงินเข้า500.00บ': ['KBank cash-in: no sender', { decision: 'hold', reason: 'NO_SENDER_INFO', candidates: [] }],
  '09/02/62 19:54 บชX153594X รับโอนจากX189776X 500.00บ คงเหลือ9350.00บ': [
    'only one account has 189776 strictly inside',
    { decision: 'credit', memberId: 'mbr_somchai', reason: 'BANK_ACCOUNT_MATCH' },
  ],
  '12/04/63 09:25 บชX231148X รับโอนจากX815923X 1170.00บ คงเหลือ 2160.29บ': [
    'KBank does not name the sender bank: any bank, one account fits',
    { decision: 'credit', memberId: 'mbr_malee', reason: 'BANK_ACCOUNT_MATCH' },
  ],
  '29/10/61 10:03 หักบชX341626X เข้าX180745X 1000.00 คงเหลือ1285.29บ': ['money out of the house account', null],
  '08/09@10:46 100.00 โอนจากPHUCHONG SONGเข้าx354011 ใช้ได้2,375.46บ': [
    'Latin SMS name vs Thai registered name: not compared by transliteration',
    { decision: 'hold', reason: 'SENDER_NAME_UNMATCHED', candidates: [] },
  ],
  '08/02@12:23 100.00 จากBAAC/x838467เข้าx475366 ใช้ได้3,452.35บ': [
    'BAAC account ending 838467; the KTB one with the same tail is not the sender',
    { decision: 'credit', memberId: 'mbr_boonmee', reason: 'BANK_ACCOUNT_MATCH' },
  ],
  'ฝาก/โอนเงินเข้าบ/ชX1234 ผ่านMB 5,000.00บ ใช้ได้15,000.00บ': ['Bualuang: no sender', { decision: 'hold', reason: 'NO_SENDER_INFO', candidates: [] }],
};

describe('fixture texts through parser and matcher', () => {
  it('has an expectation for every fixture text', () => {
    expect(samples.map((sample) => sample.text).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(samples.map((sample) => [EXPECTED[sample.text]?.[0] ?? '?', sample] as const))('%s', (_why, sample) => {
    const parsed = parseBankNotification({ bankCode: sample.bank, text: sample.text, receivedAt });
    if (!parsed.ok) throw new Error(`refused: ${parsed.reason}`);
    const credit = toIncomingCredit(parsed.notification);
    const expected = EXPECTED[sample.text]?.[1];
    if (expected === null) {
      expect(credit).toBeNull();
      return;
    }
    if (!credit) throw new Error('a credit text became no credit');
    expect(match(credit)).toEqual(expected);
  });

  it('credits the SCB named transfer when exactly one SCB member is registered with that Latin name', () => {
    const parsed = parseBankNotification({ bankCode: '014', text: '08/09@10:46 100.00 โอนจากPHUCHONG SONGเข้าx354011 ใช้ได้2,375.46บ', receivedAt });
    const credit = parsed.ok ? toIncomingCredit(parsed.notification) : null;
    if (!credit) throw new Error('expected a credit');
    const members = MEMBERS.map((candidate) =>
      candidate.memberId === 'mbr_phuchong' ? { ...candidate, firstName: 'Phuchong', lastName: 'Song' } : candidate,
    );
    expect(match(credit, members)).toEqual({ decision: 'credit', memberId: 'mbr_phuchong', reason: 'BANK_NAME_MATCH' });
  });

  it('holds the KBank transfer as ambiguous when a second member has 189776 inside their account', () => {
    const parsed = parseBankNotification({ bankCode: '004', text: '09/02/62 19:54 บชX153594X รับโอนจากX189776X 500.00บ คงเหลือ9350.00บ', receivedAt });
    const credit = parsed.ok ? toIncomingCredit(parsed.notification) : null;
    if (!credit) throw new Error('expected a credit');
    const members = [...MEMBERS, { ...(MEMBERS[2] as MatchMember), memberId: 'mbr_twin', bankAccountNumber: '5518977600' }];
    expect(match(credit, members)).toEqual({ decision: 'hold', reason: 'AMBIGUOUS', candidates: ['mbr_somchai', 'mbr_twin'] });
  });
});
