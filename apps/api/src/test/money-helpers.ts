import { createHmac, randomUUID } from 'node:crypto';
import { HOUSE_ACCOUNTS, expectPosted, postTransfer, requireAccountId, requireMemberAccountId } from '@sabai/ledger';
import { reconcileMoney } from '../modules/reconcile/index.ts';
import { TEST_FEED_SECRET, type TestApp } from './test-app.ts';
import type { StaffRole } from '../modules/staff/index.ts';
import type { FeedKind } from '@sabai/contracts';

/**
 * Test helpers for money paths: signed bank-feed deliveries (as a connector sends them), a funded
 * member, staff calls and the sandbox bank's fault switch.
 */
export function signedFeedHeaders(rawBody: string, options: { sourceId: string; timestampMs?: number; secret?: string }) {
  const timestamp = String(options.timestampMs ?? Date.now());
  const signature = createHmac('sha256', options.secret ?? TEST_FEED_SECRET).update(`${timestamp}.${rawBody}`, 'utf8').digest('hex');
  return { 'content-type': 'application/json', 'x-feed-source': options.sourceId, 'x-feed-timestamp': timestamp, 'x-feed-signature': signature };
}

export async function postFeed(
  t: TestApp,
  kind: FeedKind,
  body: unknown,
  options: { sourceId: string; timestampMs?: number; secret?: string },
) {
  const rawBody = JSON.stringify(body);
  const response = await t.app.inject({ method: 'POST', url: `/bank-feed/v1/${kind}`, headers: signedFeedHeaders(rawBody, options), payload: rawBody });
  return { status: response.statusCode, body: response.json() as { success: boolean; code?: string; data: { eventId: string; status: string; reason: string | null } } };
}

/** A statement line on the BBL house account from the member's bound account: an exact, matchable deposit. */
export function statementFrom(member: { bankCode: string; accountNumber: string }, amount: string, providerRef = randomUUID()) {
  return {
    providerRef,
    accountNumber: '1170012345',
    direction: 'credit',
    amount,
    occurredAt: new Date().toISOString(),
    senderBankCode: member.bankCode,
    senderAccountNumber: member.accountNumber,
    senderName: null,
  };
}

/** Signs up a member and deposits `amount` baht through the bank feed. */
export async function fundedMember(t: TestApp, amount: string) {
  const member = await t.signUp();
  const token = await t.logIn(member.phoneNumber, member.password);
  const delivered = await postFeed(t, 'statement', statementFrom(member, amount), { sourceId: 'src_statement_bbl' });
  if (delivered.body.data?.status !== 'credited') throw new Error(`funding failed: ${JSON.stringify(delivered.body)}`);
  return { ...member, token };
}

/**
 * The member's money in baht: main wallet plus the game wallet (credited deposits continue into
 * the game account, issue "Play"), in satang arithmetic.
 */
export async function mainBalance(t: TestApp, token: string): Promise<number> {
  const response = await t.call({ method: 'GET', url: '/user-profile-composite/v1/profile/balance', token });
  const toSatang = (baht: number) => BigInt(Math.round(baht * 100));
  return Number(toSatang(response.body.data.mainWallet) + toSatang(response.body.data.gameWallet)) / 100;
}

/** A back-office call as a signed-in staff member (`role`, default owner). */
export async function staffCall(t: TestApp, method: 'GET' | 'POST', url: string, body?: unknown, role: StaffRole = 'owner') {
  const token = await t.staffToken(role);
  const response = await t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
  return { status: response.statusCode, headers: response.headers, body: response.json() as { success: boolean; code?: string; message?: string; data: any } };
}

export async function setPayoutFault(t: TestApp, payout: 'ok' | 'fail' | 'timeout_after_applying' | 'error_after_applying' | 'timeout_before_applying') {
  const response = await fetch(`${t.sandboxUrl}/sandbox/v1/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-sandbox-key': 'test-sandbox-key' },
    body: JSON.stringify({ payout }),
  });
  if (!response.ok) throw new Error(`fault switch failed: ${response.status}`);
}

export async function expectLedgerSound(t: TestApp): Promise<void> {
  const violations = await reconcileMoney(t.db);
  if (violations.length > 0) throw new Error(`ledger violations: ${JSON.stringify(violations)}`);
}

/** Prize credit for a test member: WHEEL house:expense:wheel → member prize, as a deposit would earn it. */
export async function grantPrizeCredit(t: TestApp, memberId: string, amountSatang: bigint): Promise<void> {
  await t.db.transaction(async (tx) => {
    expectPosted(
      await postTransfer(tx, {
        idempotencyKey: `test-prize-credit:${randomUUID()}`,
        code: 'WHEEL',
        debitAccountId: await requireAccountId(tx, HOUSE_ACCOUNTS.wheelExpense),
        creditAccountId: await requireMemberAccountId(tx, memberId, 'prize'),
        amountSatang,
      }),
    );
  });
}

/**
 * Sets `role`'s daily limit for money actions (issue 25 §1) the way staff do: the owner asks,
 * finance approves (four-eyes). `baht` 0 = every action of the role needs a second person.
 */
export async function setRoleDailyLimit(t: TestApp, role: StaffRole, baht: number): Promise<void> {
  const asked = await staffCall(t, 'POST', '/admin-api/v1/approvals/limits', { role, limit: baht, reason: 'ตั้งวงเงินทดสอบ' }, 'owner');
  if (asked.status !== 200) throw new Error(`limit request failed: ${JSON.stringify(asked.body)}`);
  const approved = await staffCall(t, 'POST', `/admin-api/v1/approvals/${asked.body.data.approvalId}/approve`, {}, 'finance');
  if (approved.status !== 200) throw new Error(`limit approval failed: ${JSON.stringify(approved.body)}`);
}

/** Approves a pending money request as `role` (a second person). */
export async function approveAs(t: TestApp, approvalId: string, role: StaffRole = 'finance') {
  return staffCall(t, 'POST', `/admin-api/v1/approvals/${approvalId}/approve`, {}, role);
}

/**
 * Refunds a held deposit the way staff do since issue 25 §1: the names side by side
 * (refund-check), the destination's name typed again when they differ, and when the request waits
 * for a second person, `approverRole` approves. @returns the deposit's status afterwards.
 */
export async function refundHeldDepositAsStaff(
  t: TestApp,
  depositId: string,
  destination: { bankCode: string; accountNumber: string },
  options: { note?: string; role?: StaffRole; approverRole?: StaffRole } = {},
): Promise<{ status: string; requested: Awaited<ReturnType<typeof staffCall>> }> {
  const role = options.role ?? 'finance';
  const check = await staffCall(t, 'POST', `/admin-api/v1/deposits/${depositId}/refund-check`, destination, role);
  if (check.status !== 200) return { status: String(check.body.code), requested: check };
  const confirmation = check.body.data.nameCheck === 'same' ? {} : { confirmation: check.body.data.destinationName ?? destination.accountNumber };
  const requested = await staffCall(t, 'POST', `/admin-api/v1/deposits/${depositId}/refund`, { note: options.note ?? 'โอนคืนผู้โอน', ...destination, ...confirmation }, role);
  if (requested.status !== 200) return { status: String(requested.body.code), requested };
  if (requested.body.data.status === 'pending_approval') {
    const approved = await approveAs(t, requested.body.data.approvalId, options.approverRole ?? 'owner');
    if (approved.status !== 200) return { status: String(approved.body.code), requested };
  }
  const { rows } = await t.db.query<{ status: string }>('SELECT status FROM deposits WHERE id = $1', [depositId]);
  return { status: rows[0]!.status, requested };
}
