import { randomBytes } from 'node:crypto';
import { depositChannelEntry } from './registry.ts';
import type { Queryable } from '@sabai/db';
import { ensureHouseAccount } from '@sabai/ledger';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../lib/app-error.ts';
import { recordStaffAction } from '../../../lib/audit.ts';
import { activeFeedSourcesSql } from '../list-member-deposit-channels.ts';
import type { DepositChannelKind, FeedKind } from '@sabai/contracts';

/** Who acts, for the audit row. */
export interface StaffActor {
  actor: string;
  actorRole: string;
  address: string | null;
}

export type ChannelKind = DepositChannelKind;
export type ChannelState = 'active' | 'hidden' | 'disabled';

export interface DepositChannel {
  id: string;
  kind: ChannelKind;
  bankCode: string | null;
  accountNumber: string | null;
  accountName: string;
  phoneNumber: string | null;
  promptPayId: string | null;
  state: ChannelState;
  sortOrder: number;
  createdAt: string;
  isCheckedByStaff: boolean;
  activeFeedSources: number;
  /** Offered to members only when true (issue 24 §1): a feed source reads it or staff check it. */
  isCreditable: boolean;
}

type Row = {
  id: string; kind: ChannelKind; bank_code: string | null; account_number: string | null; account_name: string; phone_number: string | null;
  promptpay_id: string | null; state: ChannelState; sort_order: number; created_at: Date; is_checked_by_staff: boolean; active_feed_sources: number;
};
const toChannel = (row: Row): DepositChannel => ({
  id: row.id,
  kind: row.kind,
  bankCode: row.bank_code,
  accountNumber: row.account_number,
  accountName: row.account_name,
  phoneNumber: row.phone_number,
  promptPayId: row.promptpay_id,
  state: row.state,
  sortOrder: row.sort_order,
  createdAt: row.created_at.toISOString(),
  isCheckedByStaff: row.is_checked_by_staff,
  activeFeedSources: row.active_feed_sources,
  isCreditable: row.is_checked_by_staff || row.active_feed_sources > 0,
});
const COLUMNS = `c.id, c.kind, c.bank_code, c.account_number, c.account_name, c.phone_number, c.promptpay_id, c.state, c.sort_order, c.created_at,
  c.is_checked_by_staff, ${activeFeedSourcesSql('c')} AS active_feed_sources`;

/** The house's deposit channels (bank accounts, TrueMoney wallets, PromptPay proxies), in display order. At most 200. */
export async function listStaffDepositChannels(db: Queryable): Promise<DepositChannel[]> {
  const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM deposit_channels c ORDER BY c.sort_order, c.id LIMIT 200`);
  return rows.map(toChannel);
}

async function readChannel(q: Queryable, id: string, forUpdate = false): Promise<DepositChannel | undefined> {
  if (forUpdate) await q.query('SELECT 1 FROM deposit_channels WHERE id = $1 FOR UPDATE', [id]);
  const { rows } = await q.query<Row>(`SELECT ${COLUMNS} FROM deposit_channels c WHERE c.id = $1`, [id]);
  return rows[0] ? toChannel(rows[0]) : undefined;
}

/**
 * The owner adds a deposit channel (issue 11 "Settings": deposit channels). Its house ledger
 * account (`house:bank:<id>` or `house:wallet:<id>`, an asset whose totals are derived from
 * entries, as the demo seed makes them) is created in the same transaction. Audited (after).
 * The field combination per kind was checked at the boundary and is checked again by the table.
 * @throws AppError STATE_CONFLICT when the id is taken.
 */
export async function createDepositChannel(
  context: AppContext,
  input: StaffActor & Omit<DepositChannel, 'state' | 'createdAt' | 'isCheckedByStaff' | 'activeFeedSources' | 'isCreditable'> & { reason: string },
): Promise<DepositChannel> {
  return context.db.transaction(async (tx) => {
    if (await readChannel(tx, input.id)) throw new AppError('STATE_CONFLICT');
    const ledgerAccountId = await ensureHouseAccount(tx, { code: depositChannelEntry(input.kind).ledgerAccountCode(input.id), kind: 'house_asset', isTotalsCached: false });
    await tx.query(
      `INSERT INTO deposit_channels (id, kind, bank_code, account_number, account_name, phone_number, promptpay_id, sort_order, ledger_account_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [input.id, input.kind, input.bankCode, input.accountNumber, input.accountName, input.phoneNumber, input.promptPayId, input.sortOrder, ledgerAccountId],
    );
    const after = await readChannel(tx, input.id);
    await recordStaffAction(tx, { actor: input.actor, actorRole: input.actorRole, address: input.address, action: 'deposit_channel.create', subjectType: 'deposit_channel', subjectId: input.id, reason: input.reason, after });
    return after!;
  });
}

/**
 * The owner shows, hides or disables a channel (`disabled`: members no longer see it; deposits
 * already on the way still match it). Audited with before and after.
 * @throws AppError NOT_FOUND; STATE_CONFLICT when the channel is already in that state.
 */
export async function setDepositChannelState(context: AppContext, input: StaffActor & { id: string; state: ChannelState; reason: string }): Promise<DepositChannel> {
  return context.db.transaction(async (tx) => {
    const before = await readChannel(tx, input.id, true);
    if (!before) throw new AppError('NOT_FOUND');
    if (before.state === input.state) throw new AppError('STATE_CONFLICT');
    await tx.query('UPDATE deposit_channels SET state = $2 WHERE id = $1', [input.id, input.state]);
    const after = await readChannel(tx, input.id);
    await recordStaffAction(tx, { actor: input.actor, actorRole: input.actorRole, address: input.address, action: 'deposit_channel.state', subjectType: 'deposit_channel', subjectId: input.id, reason: input.reason, before, after });
    return after!;
  });
}

/**
 * The owner marks a channel "checked by staff" (issue 24 §1): no feed source reads it, staff credit
 * its deposits from the statement (held deposits → assign). Only then, or with an active feed
 * source, are members offered it. Audited with before and after.
 * @throws AppError NOT_FOUND; STATE_CONFLICT when the mark is already so.
 */
export async function setDepositChannelCheckedByStaff(context: AppContext, input: StaffActor & { id: string; isCheckedByStaff: boolean; reason: string }): Promise<DepositChannel> {
  return context.db.transaction(async (tx) => {
    const before = await readChannel(tx, input.id, true);
    if (!before) throw new AppError('NOT_FOUND');
    if (before.isCheckedByStaff === input.isCheckedByStaff) throw new AppError('STATE_CONFLICT');
    await tx.query('UPDATE deposit_channels SET is_checked_by_staff = $2 WHERE id = $1', [input.id, input.isCheckedByStaff]);
    const after = await readChannel(tx, input.id);
    await recordStaffAction(tx, { actor: input.actor, actorRole: input.actorRole, address: input.address, action: 'deposit_channel.checked_by_staff', subjectType: 'deposit_channel', subjectId: input.id, reason: input.reason, before, after });
    return after!;
  });
}

/** Random bytes of a new feed-source secret: 256 bits, base64url (as rotate-feed-source-secret.ts). */
const SECRET_BYTES = 32;

/**
 * The owner adds a bank-feed source for a channel (docs/adr/0013): a random secret, returned once
 * here and never again (the audit row records the creation, not the secret).
 * @throws AppError NOT_FOUND for an unknown channel; STATE_CONFLICT when the id is taken.
 */
export async function createFeedSource(
  context: AppContext,
  input: StaffActor & { id: string; kind: FeedKind; protocol: 'sabai_v1' | 'sms_gateway'; channelId: string; reason: string },
): Promise<{ sourceId: string; secret: string }> {
  const secret = randomBytes(SECRET_BYTES).toString('base64url');
  return context.db.transaction(async (tx) => {
    if (!(await readChannel(tx, input.channelId))) throw new AppError('NOT_FOUND');
    const inserted = await tx.query(
      'INSERT INTO bank_feed_sources (id, kind, protocol, channel_id, secret, created_at) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (id) DO NOTHING',
      [input.id, input.kind, input.protocol, input.channelId, secret, context.now()],
    );
    if (inserted.rowCount === 0) throw new AppError('STATE_CONFLICT');
    await recordStaffAction(tx, {
      actor: input.actor, actorRole: input.actorRole, address: input.address, action: 'feed_source.create', subjectType: 'bank_feed_source', subjectId: input.id,
      reason: input.reason, after: { id: input.id, kind: input.kind, protocol: input.protocol, channelId: input.channelId, isActive: true },
    });
    return { sourceId: input.id, secret };
  });
}

/**
 * The owner disables a feed source: its deliveries are refused from now on (authenticate-feed-source
 * reads `is_active`), and its previous secret's overlap ends. Audited with before and after.
 * @throws AppError NOT_FOUND; STATE_CONFLICT when already disabled.
 */
export async function disableFeedSource(context: AppContext, input: StaffActor & { id: string; reason: string }): Promise<{ sourceId: string; isActive: false }> {
  return context.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ is_active: boolean; kind: string; channel_id: string }>('SELECT is_active, kind, channel_id FROM bank_feed_sources WHERE id = $1 FOR UPDATE', [input.id]);
    const before = rows[0];
    if (!before) throw new AppError('NOT_FOUND');
    if (!before.is_active) throw new AppError('STATE_CONFLICT');
    await tx.query('UPDATE bank_feed_sources SET is_active = false, previous_secret = NULL, previous_secret_valid_until = NULL WHERE id = $1', [input.id]);
    await recordStaffAction(tx, {
      actor: input.actor, actorRole: input.actorRole, address: input.address, action: 'feed_source.disable', subjectType: 'bank_feed_source', subjectId: input.id,
      reason: input.reason, before: { isActive: true }, after: { isActive: false },
    });
    return { sourceId: input.id, isActive: false };
  });
}
