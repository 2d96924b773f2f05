import { parseBahtToSatang } from '@sabai/money';
import { trueMoneyFeedBody } from '@sabai/contracts';
import { hold, nonEmpty, type FoundMembers, type IncomingCredit, type MatchDecision, type MatchMember } from '../matching/match-types.ts';
import { CANDIDATE_LIMIT, CANDIDATE_MEMBER_COLUMNS, defineFeedIntake, type CandidateMember, type DepositChannelEntry, type FeedIntakeSpec } from './channel-entry.ts';

/** A TrueMoney wallet incoming-transfer event (`/bank-feed/v1/truemoney`). Dedupe: `ref:<transactionId>`. */
export const trueMoneyFeedSpec = {
  feedKind: 'truemoney',
  body: trueMoneyFeedBody,
  dedupeKey: (body) => `ref:${body.transactionId}`,
  normalize(event, channel) {
    const amount = parseBahtToSatang(event.amount);
    if (!amount.ok) return { result: 'rejected', reason: `AMOUNT_${amount.error}` };
    return {
      result: 'credit',
      credit: {
        channelKind: channel.kind,
        amountSatang: amount.amountSatang,
        occurredAt: new Date(event.occurredAt),
        senderPhone: event.senderPhone,
        senderName: event.senderName ?? null,
      },
    };
  },
} satisfies FeedIntakeSpec<'truemoney', typeof trueMoneyFeedBody>;

/** The `truemoney` feed's intake. */
export const trueMoneyFeed = defineFeedIntake(trueMoneyFeedSpec);

/**
 * A house TrueMoney wallet, reported by its wallet events. Candidates and matching: members with the
 * sender's phone (`+66…` read as `0…`). Ledger: `house:wallet:<id>`.
 */
export const trueMoneyChannel: DepositChannelEntry<'truemoney'> = {
  kind: 'truemoney',
  feeds: { truemoney: trueMoneyFeed },
  ledgerAccountCode: (channelId) => `house:wallet:${channelId}`,
  async loadCandidates(tx, credit) {
    const phone = (credit.senderPhone ?? '').replace(/^\+66/, '0');
    const { rows } = await tx.query<CandidateMember>(`SELECT ${CANDIDATE_MEMBER_COLUMNS} FROM members WHERE phone_number = $1 LIMIT ${CANDIDATE_LIMIT}`, [phone]);
    return { members: rows, promptPayRequests: [] };
  },
  findMembers: findByTrueMoneyPhone,
};

/** No phone → NO_SENDER_INFO; not a Thai mobile → UNREADABLE_SENDER_PHONE; else members with that phone. */
function findByTrueMoneyPhone(credit: IncomingCredit, members: readonly MatchMember[]): FoundMembers | MatchDecision {
  const raw = nonEmpty(credit.senderPhone);
  if (raw === null) return hold('NO_SENDER_INFO', []);
  const phone = normalizeThaiMobile(raw);
  if (phone === null) return hold('UNREADABLE_SENDER_PHONE', []);
  return { fitting: members.filter((member) => member.phoneNumber === phone), reason: 'TRUEMONEY_PHONE_MATCH' };
}

/** `0812345678`, `081-234-5678`, `+66812345678`, `66812345678` → `0812345678`; else null. */
function normalizeThaiMobile(phone: string): string | null {
  const compact = phone.replace(/[- ]/g, '');
  const international = /^\+?66(\d{9})$/.exec(compact);
  const local = international ? `0${international[1]}` : compact;
  return /^0\d{9}$/.test(local) ? local : null;
}
