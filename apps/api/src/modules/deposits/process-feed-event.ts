import type { Queryable } from '@sabai/db';
import { depositChannelEntry } from './channels/registry.ts';
import type { DepositCandidates } from './channels/channel-entry.ts';
import { HOUSE_ACCOUNTS, RESOLVE_AND_POST_FIRST_PARAM, expectPosted, postTransfer, postTwoTransfersWith, lockMemberAccountSharingMember, requireAccountId, type NewTransfer } from '@sabai/ledger';
import type { AppContext } from '../../context.ts';
import { newPrefixedId } from '../../lib/ids.ts';
import { matchDeposit, type IncomingCredit } from './matching/match-deposit.ts';
import { normalizeFeedEvent, type FeedChannel } from './normalize-feed-event.ts';
import { outboxEventCtes, recordOutboxEvent, toSatangText } from '../outbox/index.ts';
import { depositCreditedEvent } from './record-deposit-credited.ts';
import { claimSlipDepositTwin, type SlipDepositTwin } from './channels/slip/same-transfer.ts';
import { loadBankCandidatesAndSlipTwins } from './channels/bank.ts';
import { depositRefusal } from '../responsible-gaming/index.ts';
import { recordHouseDebit } from '../withdrawals/index.ts';
import type { FeedBodyFormat, FeedKind } from '@sabai/contracts';

export interface FeedEventOutcome {
  /** `debit`: money out of a house account while payouts are manual; `reason` says what it confirmed (withdrawals' recordHouseDebit). */
  status: 'received' | 'credited' | 'held' | 'ignored' | 'rejected' | 'debit';
  reason: string | null;
}

/**
 * Processes one stored feed event, once (money.md "Deposit (auto)"). In one transaction:
 * the money is recorded as received (DEPOSIT_RECEIVED: channel → house:unallocated_deposits);
 * the pure matcher decides; exactly one member → DEPOSIT (unallocated → member main) and a
 * balance notification; otherwise the deposit is held for staff, still in unallocated. Debits and
 * unreadable texts are marked and never credited; with PAYOUT_PROVIDER=manual a debit is handed
 * to withdrawals (recordHouseDebit: it may confirm a payout staff recorded, docs/adr/0039). What follows a credited deposit (bonus, wheel
 * credit, the move into the game) is recorded as `deposit.credited` in the outbox, in the same
 * transaction, and done by the worker (issue 10 §3); a held deposit records `deposit.held`.
 *
 * Safe to call twice or concurrently for the same event: the event row is claimed with
 * `FOR UPDATE SKIP LOCKED` while `received`, and ledger keys derive from the event id.
 */
export async function processFeedEvent(context: AppContext, eventId: bigint): Promise<FeedEventOutcome> {
  // Read before the transaction: on PGlite (one connection) a query outside an open transaction
  // would wait for it forever.
  const settings = await context.siteSettings.get();
  // Batched (docs/adr/0026): deposits arriving together share one transaction, one savepoint each.
  return context.postings.run(async (tx) => {
    const { rows } = await tx.query<{
      raw_body: string;
      body_format: FeedBodyFormat;
      kind: FeedKind;
      channel_id: string;
      channel_kind: FeedChannel['kind'];
      bank_code: string | null;
      account_number: string | null;
      phone_number: string | null;
      promptpay_id: string | null;
      channel_account_id: bigint;
    }>(
      `SELECT e.raw_body, e.body_format, s.kind, c.id AS channel_id, c.kind AS channel_kind, c.bank_code, c.account_number, c.phone_number,
              c.promptpay_id, c.ledger_account_id AS channel_account_id
       FROM bank_feed_events e JOIN bank_feed_sources s ON s.id = e.source_id JOIN deposit_channels c ON c.id = s.channel_id
       WHERE e.id = $1 AND e.status = 'received'
       FOR UPDATE OF e SKIP LOCKED`,
      [eventId],
      { prepare: true },
    );
    const event = rows[0];
    if (!event) return readOutcome(tx, eventId);

    const channel: FeedChannel = {
      id: event.channel_id,
      kind: event.channel_kind,
      bankCode: event.bank_code,
      accountNumber: event.account_number,
      phoneNumber: event.phone_number,
      promptPayId: event.promptpay_id,
    };
    const normalized = normalizeFeedEvent(event.kind, event.raw_body, channel, event.body_format);
    if (normalized.result === 'debit') {
      // Money out never credits anyone. With payouts by staff it may confirm one (docs/adr/0039).
      if (context.config.PAYOUT_PROVIDER !== 'manual') return markEvent(tx, eventId, 'ignored', 'DEBIT');
      const outcome = await recordHouseDebit(tx, context, { ...normalized.debit, channelId: channel.id, eventId });
      return markEvent(tx, eventId, 'debit', outcome.status === 'matched' ? `MATCHED:${outcome.withdrawalId}` : `${outcome.status.toUpperCase()}:${outcome.reason}`);
    }
    if (normalized.result !== 'credit') {
      return markEvent(tx, eventId, normalized.result, normalized.reason);
    }
    const credit = normalized.credit;
    // Issue 28 §2: a transfer a slip has credited (or held) already is that deposit, not a second one
    // (docs/adr/0055). On a bank channel the same-transfer lock (shared) and the look for the slip's
    // deposit travel in the candidates' statement (issue 29 §1): SQL function deposit_feed_slip_twins
    // reads after the lock is granted (migration 0056), whatever the statement's own snapshot.
    const { candidates, slipTwins } = await loadCandidates(tx, credit, { channelId: channel.id, windowMs: context.config.SLIP_SAME_TRANSFER_WINDOW_MS });
    const slipDepositId = slipTwins.length > 0 ? await claimSlipDepositTwin(tx, { eventId, credit, twins: slipTwins }) : null;
    if (slipDepositId) return markEvent(tx, eventId, 'ignored', `SAME_TRANSFER_AS:${slipDepositId}`);
    const unallocated = await requireAccountId(tx, HOUSE_ACCOUNTS.unallocatedDeposits);
    // The money received into unallocated (channel → house:unallocated_deposits): posted on its own
    // before a held deposit's row, or, for a credited one, in the credit's statement (issue 29 §1).
    // Both accounts are house accounts whose totals are derived (not row-locked by a posting), so
    // posting it after the matching and the player-protection reads takes no lock earlier or later.
    const received: NewTransfer = {
      idempotencyKey: `deposit-received:${eventId}`,
      code: 'DEPOSIT_RECEIVED',
      debitAccountId: event.channel_account_id,
      creditAccountId: unallocated,
      amountSatang: credit.amountSatang,
      source: { type: 'bank_feed_event', id: eventId.toString() },
    };
    const postReceived = async () => expectPosted(await postTransfer(tx, received));

    const decision = matchDeposit({
      credit,
      members: candidates.members,
      openPromptPayRequests: candidates.promptPayRequests,
      settings: { reviewThresholdSatang: settings.deposit_review_threshold_satang },
    });

    const depositId = newPrefixedId('dep');
    if (decision.decision === 'hold') {
      await insertDeposit(tx, { depositId, eventId, channelId: channel.id, credit, receivedTransferId: await postReceived(), status: 'held', holdReason: decision.reason });
      await recordOutboxEvent(tx, {
        kind: 'deposit.held',
        eventKey: `deposit.held:${depositId}`,
        memberId: null,
        payload: { depositId, amountSatang: toSatangText(credit.amountSatang), reason: decision.reason, memberId: null },
      });
      return markEvent(tx, eventId, 'held', decision.reason);
    }

    // Player protection (issue 12): during the member's time-out or self-exclusion, or past their
    // deposit limit, the money is not credited to play: held, and paid back to their bound account
    // by the worker (the refund flow).
    // The main account the credit goes to, locked with the member row before the check and read in
    // the same statement (issue 29 §1; docs/adr/0063: two credits of one member never both pass it).
    let memberAccount: bigint | undefined;
    const memberId = decision.memberId;
    const protection = await depositRefusal(tx, memberId, credit.amountSatang, context.now(), {
      lockMember: async () => {
        memberAccount = await lockMemberAccountSharingMember(tx, memberId, 'main');
      },
    });
    if (protection) {
      await insertDeposit(tx, { depositId, eventId, channelId: channel.id, credit, receivedTransferId: await postReceived(), status: 'held', holdReason: protection, memberId: decision.memberId });
      await recordOutboxEvent(tx, {
        kind: 'deposit.held',
        eventKey: `deposit.held:${depositId}`,
        memberId: decision.memberId,
        payload: { depositId, amountSatang: toSatangText(credit.amountSatang), reason: protection, memberId: decision.memberId },
      });
      return markEvent(tx, eventId, 'held', protection);
    }
    // Anti-money-laundering review (issue 12, docs/adr/0021): a matched deposit above the site's
    // amlReviewAboveSatang is held for finance, who release it to this member or refund it.
    if (credit.amountSatang > settings.aml_review_above_satang) {
      await insertDeposit(tx, { depositId, eventId, channelId: channel.id, credit, receivedTransferId: await postReceived(), status: 'held', holdReason: 'AML_REVIEW', memberId: decision.memberId });
      await recordOutboxEvent(tx, {
        kind: 'deposit.held',
        eventKey: `deposit.held:${depositId}`,
        memberId: decision.memberId,
        payload: { depositId, amountSatang: toSatangText(credit.amountSatang), reason: 'AML_REVIEW', memberId: decision.memberId },
      });
      return markEvent(tx, eventId, 'held', 'AML_REVIEW');
    }
    if (memberAccount === undefined) throw new Error(`invariant: member ${memberId} was locked without reading the main account`);
    // Received, credited and the deposit's row in one statement (issue 29 §1, postTwoTransfersWith):
    // the credit is posted only when the receipt is accepted, the row written only when both are;
    // a refusal throws (expectPosted) and rolls back.
    const { params: rowParams } = depositRowValues({
      depositId,
      eventId,
      channelId: channel.id,
      credit,
      status: 'credited',
      memberId: decision.memberId,
      promptPayRequestId: decision.promptPayRequestId ?? null,
    });
    const posted = await postTwoTransfersWith(
      tx,
      received,
      {
        idempotencyKey: `deposit:${eventId}`,
        code: 'DEPOSIT',
        debitAccountId: unallocated,
        creditAccountId: memberAccount,
        amountSatang: credit.amountSatang,
        source: { type: 'deposit', id: depositId },
      },
      `credited_deposit AS (
         INSERT INTO deposits (${DEPOSIT_COLUMNS}, credit_transfer_id)
         SELECT ${rowParams.map((_, index) => `$${RESOLVE_AND_POST_FIRST_PARAM + index}${DEPOSIT_PARAM_TYPES[index]}`).join(', ')}, first_posting.transfer_id, posting.transfer_id
           FROM first_posting, posting WHERE first_posting.outcome IN ('created', 'exists') AND posting.outcome IN ('created', 'exists')
       )`,
      rowParams,
    );
    expectPosted(posted.first);
    if (!posted.second) throw new Error(`invariant: deposit ${depositId} was received but not credited`);
    expectPosted(posted.second);
    // Read with the candidates: a member verified already costs the verification hook no query.
    const isBankAccountVerified = candidates.members.some((member) => member.memberId === decision.memberId && member.isBankAccountVerified);
    // What recordDepositCredited reads and writes; its outbox row, with the balance notification,
    // travels in the statement that marks the event (issue 29 §1).
    const credited = await depositCreditedEvent(tx, { memberId: decision.memberId, depositId, amountSatang: credit.amountSatang, now: context.now(), isBankAccountVerified, notifyBalance: true });
    if (decision.promptPayRequestId) {
      await tx.query('UPDATE promptpay_requests SET paid_deposit_id = $2 WHERE id = $1 AND paid_deposit_id IS NULL', [decision.promptPayRequestId, depositId]);
    }
    const outbox = outboxEventCtes(credited.event, 4, credited.options);
    await tx.query(
      `WITH marked AS (UPDATE bank_feed_events SET status = $2, status_reason = $3, processed_at = now() WHERE id = $1), ${outbox.ctes}
       SELECT ${outbox.select}`,
      [eventId, 'credited', decision.reason, ...outbox.params],
      { prepare: true },
    );
    return { status: 'credited', reason: decision.reason };
  });
}

/**
 * Bounds the members a matcher sees: the channel kind's candidate query (channels/registry.ts). A
 * bank channel's also takes the same-transfer lock and reads the slip deposits this credit may be
 * the twin of, in the same statement (channels/bank.ts loadBankCandidatesAndSlipTwins);
 * other kinds take no slips (no twins, no lock).
 */
async function loadCandidates(
  tx: Queryable,
  credit: IncomingCredit,
  slipLook: { channelId: string; windowMs: number },
): Promise<{ candidates: DepositCandidates; slipTwins: SlipDepositTwin[] }> {
  if (credit.channelKind !== 'bank') return { candidates: await depositChannelEntry(credit.channelKind).loadCandidates(tx, credit), slipTwins: [] };
  return loadBankCandidatesAndSlipTwins(tx, credit, slipLook);
}

interface DepositRowInput {
  depositId: string;
  eventId: bigint;
  channelId: string;
  credit: IncomingCredit;
  /** Held deposits only: a credited one takes it from its statement's first posting. */
  receivedTransferId?: bigint;
  status: 'credited' | 'held';
  holdReason?: string;
  memberId?: string;
  promptPayRequestId?: string | null;
}

/** The deposits row's columns (all but credit_transfer_id), in order. */
const DEPOSIT_COLUMNS = `id, event_id, channel_id, amount_satang, occurred_at, sender_bank_code, sender_account_masked,
       sender_phone, sender_name, status, hold_reason, member_id, promptpay_request_id, received_transfer_id`;
/** The types of depositRowValues' parameters (all but received_transfer_id), for an INSERT … SELECT. */
const DEPOSIT_PARAM_TYPES = ['::text', '::int8', '::text', '::int8', '::timestamptz', '::text', '::text', '::text', '::text', '::text', '::text', '::text', '::text'];

function depositRowValues(input: DepositRowInput): { params: unknown[] } {
  return {
    params: [
      input.depositId,
      input.eventId,
      input.channelId,
      input.credit.amountSatang,
      input.credit.occurredAt,
      input.credit.senderBankCode ?? null,
      input.credit.senderAccountMasked ?? null,
      input.credit.senderPhone ?? null,
      input.credit.senderName ?? null,
      input.status,
      input.holdReason ?? null,
      input.memberId ?? null,
      input.promptPayRequestId ?? null,
    ],
  };
}

/** A held deposit's row (no credit transfer). */
async function insertDeposit(tx: Queryable, input: DepositRowInput & { receivedTransferId: bigint }): Promise<void> {
  await tx.query(
    `INSERT INTO deposits (${DEPOSIT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
    [...depositRowValues(input).params, input.receivedTransferId],
  );
}

async function markEvent(tx: Queryable, eventId: bigint, status: FeedEventOutcome['status'], reason: string | null): Promise<FeedEventOutcome> {
  await tx.query('UPDATE bank_feed_events SET status = $2, status_reason = $3, processed_at = now() WHERE id = $1', [eventId, status, reason]);
  return { status, reason };
}

async function readOutcome(tx: Queryable, eventId: bigint): Promise<FeedEventOutcome> {
  const { rows } = await tx.query<{ status: FeedEventOutcome['status']; status_reason: string | null }>(
    'SELECT status, status_reason FROM bank_feed_events WHERE id = $1',
    [eventId],
  );
  return { status: rows[0]?.status ?? 'received', reason: rows[0]?.status_reason ?? null };
}

/** Processes events stored but never processed (the process died in between). Returns how many. */
export async function processPendingFeedEvents(context: AppContext, options: { batchSize?: number } = {}): Promise<number> {
  const { rows } = await context.db.query<{ id: bigint }>(
    `SELECT id FROM bank_feed_events WHERE status = 'received' ORDER BY id LIMIT $1`,
    [options.batchSize ?? 100],
  );
  for (const row of rows) await processFeedEvent(context, row.id);
  return rows.length;
}
