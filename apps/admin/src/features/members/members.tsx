import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import type { z } from 'zod';
import { memberPasswordResetResponse, memberProfileResponse, memberSearchResponse, memberSessionsEndedResponse, memberStatusResponse, staffLineViewResponse, type MemberSummaryWire } from '@sabai/contracts';
import { apiGet, apiPost, ApiError } from '../../lib/api';
import { formatBaht, formatDateTime } from '../../lib/format';
import { useI18n } from '../../lib/i18n';
import { DataTable } from '../../data-table';
import { Button, ErrorText } from '../../ui';
import { LedgerStatement } from './ledger-statement';
import { MemberProtection } from './member-protection';
import { MemberRelations } from './member-relations';
import { MemberBankVerification } from './member-bank-verification';
import { useSearchFilters } from '../../lib/search-state';
import { useBilingual } from '../../lib/bilingual';
import { useLabel } from '../../lib/labels';
import { AdjustmentForm } from '../adjustments/adjustment-form';
import { PendingAdjustments } from '../adjustments/pending-adjustments';

type MemberRow = MemberSummaryWire;
type MemberProfile = z.infer<typeof memberProfileResponse>['data'];

/** The member's LINE (issue 12): link status, kinds turned off, the last messages with their delivery status. */
function MemberLinePanel({ memberId }: { memberId: string }) {
  const tx = useBilingual();
  const label = useLabel();
  const line = useQuery({ queryKey: ['member-line', memberId], queryFn: () => apiGet(`/members/${memberId}/line`, staffLineViewResponse) });
  const data = line.data;
  const off = data ? Object.entries(data.preferences).filter(([, on]) => !on).map(([kind]) => label('line-kind', kind)) : [];
  return (
    <div className="col-span-3 space-y-1 rounded-lg bg-white p-4 text-sm shadow" data-testid="member-line">
      <h3 className="font-semibold">LINE</h3>
      {data && (
        <>
          <p data-testid="member-line-status">
            {data.linked ? `${tx('เชื่อมต่อแล้ว', 'Linked')} · ${data.linkedAt ? formatDateTime(data.linkedAt) : ''}${data.following === false ? ` · ${tx('ผู้ใช้บล็อกบัญชี LINE แล้ว', 'the user blocked the LINE account')}` : ''}` : tx('ยังไม่เชื่อมต่อ', 'Not linked')}
            {off.length > 0 && ` · ${tx('ปิดแจ้งเตือน', 'notifications off')}: ${off.join(', ')}`}
          </p>
          {data.messages.length === 0 ? <p className="text-gray-500">{tx('ยังไม่มีข้อความ', 'No messages yet')}</p> : (
            <table className="w-full text-left">
              <thead><tr className="text-gray-500"><th>{tx('เวลา', 'Time')}</th><th>{tx('ประเภท', 'Kind')}</th><th>{tx('สถานะ', 'Status')}</th><th>HTTP</th><th>{tx('ครั้ง', 'Tries')}</th><th>{tx('ข้อความ', 'Text')}</th></tr></thead>
              <tbody>
                {data.messages.map((message) => (
                  <tr key={message.id} className="border-t align-top" data-testid="member-line-message">
                    <td className="whitespace-nowrap pr-2">{formatDateTime(message.sentAt ?? message.createdAt)}</td>
                    <td className="pr-2">{label('line-kind', message.kind)}</td>
                    <td className="pr-2" title={message.error ?? ''}>{label('line-status', message.status)}</td>
                    <td className="pr-2 tabular-nums">{message.httpStatus ?? '—'}</td>
                    <td className="pr-2 tabular-nums">{message.attempts}</td>
                    <td className="whitespace-pre-line text-xs">{message.text}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
      <ErrorText message={line.error instanceof ApiError ? line.error.message : null} />
    </div>
  );
}

/** Find a member and help them (issue 11 "Members"): the member page, suspend / reactivate, sign out everywhere; their LINE (issue 12). */
export function MembersPage({ canManage, canAdjust, canApprove, canViewLine = false, canVerifyBank = false }: { canManage: boolean; canAdjust: boolean; canApprove: boolean; canViewLine?: boolean; canVerifyBank?: boolean }) {
  const { t } = useI18n();
  const tx = useBilingual();
  const label = useLabel();
  const client = useQueryClient();
  const [filters, setFilters] = useSearchFilters({ q: '', member: '' });
  const query = filters.q;
  const selected = filters.member === '' ? null : filters.member;
  const setQuery = (q: string) => setFilters({ q });
  const setSelected = (member: string | null) => setFilters({ member: member ?? '' });
  const [reason, setReason] = useState('');
  const results = useQuery({ queryKey: ['members', query], queryFn: () => apiGet(`/members?q=${encodeURIComponent(query)}`, memberSearchResponse), enabled: query.length >= 3 });
  const page = useQuery({ queryKey: ['member', selected], queryFn: () => apiGet(`/members/${selected}`, memberProfileResponse), enabled: selected !== null });
  const act = useMutation({
    mutationFn: (action: 'suspend' | 'reactivate' | 'sign-out'): Promise<unknown> => action === 'sign-out' ? apiPost(`/members/${selected}/sign-out`, { reason }, memberSessionsEndedResponse) : apiPost(`/members/${selected}/${action}`, { reason }, memberStatusResponse),
    onSuccess: () => {
      setReason('');
      void client.invalidateQueries({ queryKey: ['member'] });
      void client.invalidateQueries({ queryKey: ['members'] });
      void client.invalidateQueries({ queryKey: ['member-relations'] });
    },
  });
  // The one-time password of a reset is in the answer only: shown once here, gone when the page changes.
  const resetPassword = useMutation({
    mutationFn: () => apiPost(`/members/${selected}/reset-password`, { reason }, memberPasswordResetResponse),
    onSuccess: () => setReason(''),
  });
  const member = page.data;
  return (
    <section className="space-y-4">
      <div className="flex items-center gap-3">
        <h1 className="text-xl font-semibold">{tx('สมาชิก', 'Members')}</h1>
        <MemberSearchForm query={query} onSearch={setQuery} />
      </div>
      {canApprove && <PendingAdjustments />}
      <DataTable columns={memberColumns(t, tx, label, (memberId) => { resetPassword.reset(); setSelected(memberId); })} data={results.data ?? []} empty={t('withdrawals.empty')} />
      {member && (
        <div className="grid grid-cols-3 gap-4" data-testid="member-page">
          <div className="space-y-2 rounded-lg bg-white p-4 shadow">
            <MemberFacts member={member} canVerifyBank={canVerifyBank} />
            <LiveGameWallet member={member} />
            <p>{tx('เทิร์นโอเวอร์', 'Turnover')}: {formatBaht(member.turnover.now)} / {formatBaht(member.turnover.needed)}</p>
            {member.activeBonus && <p>{tx('โบนัส', 'Bonus')}: {member.activeBonus.promotionId} {formatBaht(member.activeBonus.bonus)}</p>}
            {canAdjust && <AdjustmentForm key={member.memberId} memberId={member.memberId} />}
            {canManage && (
              <MemberActions
                member={member}
                reason={reason}
                onReason={setReason}
                onAct={(action) => act.mutate(action)}
                onResetPassword={() => resetPassword.mutate()}
                isResetting={resetPassword.isPending}
                oneTimePassword={resetPassword.data?.oneTimePassword ?? null}
                error={act.error instanceof ApiError ? act.error.message : resetPassword.error instanceof ApiError ? resetPassword.error.message : null}
              />
            )}
          </div>
          <MemberWallets member={member} />
          <MemberActivity member={member} />
          {canViewLine && <MemberLinePanel memberId={member.memberId} />}
          <MemberProtection memberId={member.memberId} />
        </div>
      )}
      {member && <MemberRelations memberId={member.memberId} />}
      {member && <LedgerStatement memberId={member.memberId} />}
    </section>
  );
}


/** The search results; "open" shows the member page. */
function memberColumns(t: ReturnType<typeof useI18n>['t'], tx: ReturnType<typeof useBilingual>, label: ReturnType<typeof useLabel>, onOpen: (memberId: string) => void): ColumnDef<MemberRow, unknown>[] {
  return [
    { header: tx('เบอร์โทร', 'Phone'), accessorKey: 'phoneNumber' },
    { header: tx('ชื่อ', 'Name'), accessorKey: 'name' },
    { header: tx('บัญชี', 'Bank account'), id: 'bank', cell: ({ row }) => `${row.original.bankCode} ${row.original.bankAccountNumber}` },
    { header: tx('ยูสเกม', 'Game user'), accessorKey: 'gameUsername' },
    { header: t('col.status'), accessorKey: 'status', cell: (info) => label('member', String(info.getValue())) },
    { header: '', id: 'open', enableSorting: false, cell: ({ row }) => <Button variant="plain" onClick={() => onOpen(row.original.memberId)}>{tx('เปิด', 'Open')}</Button> },
  ];
}

/** Who the member is: name, phone, bank account (and its verification), status and sessions, game user and referrals. */
function MemberFacts({ member, canVerifyBank }: { member: MemberProfile; canVerifyBank: boolean }) {
  const tx = useBilingual();
  const label = useLabel();
  return (
    <>
      <h2 className="text-lg font-semibold">{member.name}</h2>
      <p>{member.phoneNumber} · {member.bankCode} {member.bankAccountNumber}</p>
      <MemberBankVerification member={member} canVerify={canVerifyBank} />
      <p>{tx('สถานะ', 'Status')}: <strong data-testid="member-status">{label('member', member.status)}</strong> · {tx('เซสชันที่เปิดอยู่', 'open sessions')} {member.openSessions}</p>
      <p>{tx('ยูสเกม', 'Game user')}: {member.gameUsername ?? '—'} · {tx('แนะนำ ชั้น 1', 'referrals level 1')}: {member.referrals.level1} {tx('ชั้น 2', 'level 2')}: {member.referrals.level2}</p>
    </>
  );
}

/** The search box (3 characters or more), starting again from the address whenever the query changes. */
function MemberSearchForm({ query, onSearch }: { query: string; onSearch: (query: string) => void }) {
  const tx = useBilingual();
  return (
    <form
      key={query}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(String(new FormData(event.currentTarget).get('q') ?? '').trim());
      }}
      className="flex gap-2"
    >
      <input name="q" className="input w-80" placeholder={tx('เบอร์โทร ชื่อ เลขบัญชี หรือยูสเกม (อย่างน้อย 3 ตัว)', 'Phone, name, account number or game user (3+ characters)')} defaultValue={query} aria-label={tx('ค้นหาสมาชิก', 'Search members')} />
      <Button type="submit">{tx('ค้นหา', 'Search')}</Button>
    </form>
  );
}

/** The game balance as the partner reads it now (with our ledger's), or our ledger's when the partner cannot be read. */
function LiveGameWallet({ member }: { member: MemberProfile }) {
  const tx = useBilingual();
  if (member.liveGameWallet.source === 'no_account') return null;
  return (
    <p data-testid="live-game-wallet">
      {tx('ยอดในเกม', 'Game balance')}: {formatBaht(member.liveGameWallet.amount)}{' '}
      {member.liveGameWallet.source === 'partner' && member.liveGameWallet.readAt
        ? tx(`(ผู้ให้บริการเกม อ่านเมื่อ ${formatDateTime(member.liveGameWallet.readAt)}; บัญชีของเรา ${formatBaht(member.liveGameWallet.ledgerAmount)})`, `(partner, read ${formatDateTime(member.liveGameWallet.readAt)}; our ledger ${formatBaht(member.liveGameWallet.ledgerAmount)})`)
        : tx('(อ่านจากผู้ให้บริการเกมไม่ได้: แสดงยอดตามบัญชีของเรา)', '(partner unreachable: our ledger\'s balance)')}
    </p>
  );
}

/** Suspend or reactivate, sign out everywhere, a temporary password (shown once): each with the reason typed here. */
function MemberActions({ member, reason, onReason, onAct, onResetPassword, isResetting, oneTimePassword, error }: {
  member: MemberProfile;
  reason: string;
  onReason: (reason: string) => void;
  onAct: (action: 'suspend' | 'reactivate' | 'sign-out') => void;
  onResetPassword: () => void;
  isResetting: boolean;
  oneTimePassword: string | null;
  error: string | null;
}) {
  const tx = useBilingual();
  return (
    <div className="space-y-2 border-t pt-2">
      <input className="input" placeholder={tx('เหตุผล (บันทึกในประวัติการทำงาน)', 'Reason (kept in the audit trail)')} aria-label={tx('เหตุผล', 'Reason')} value={reason} onChange={(event) => onReason(event.target.value)} />
      <div className="flex flex-wrap gap-2">
        {member.status === 'active' ? (
          <Button variant="danger" disabled={!reason.trim()} onClick={() => onAct('suspend')}>{tx('ระงับบัญชี', 'Suspend')}</Button>
        ) : (
          <Button disabled={!reason.trim()} onClick={() => onAct('reactivate')}>{tx('เปิดใช้บัญชี', 'Reactivate')}</Button>
        )}
        <Button variant="plain" disabled={!reason.trim()} onClick={() => onAct('sign-out')}>{tx('ออกจากระบบทุกอุปกรณ์', 'Sign out everywhere')}</Button>
        <Button variant="plain" disabled={!reason.trim() || isResetting} onClick={onResetPassword} data-testid="reset-password">{tx('ตั้งรหัสผ่านชั่วคราว', 'Set a temporary password')}</Button>
      </div>
      {oneTimePassword !== null && (
        <p className="rounded bg-amber-50 p-2 text-sm" data-testid="one-time-password">
          {tx('รหัสผ่านชั่วคราว (แสดงครั้งเดียว แจ้งสมาชิกแล้วให้เปลี่ยนหลังเข้าสู่ระบบ)', 'Temporary password (shown once; the member changes it after signing in)')}: <code className="font-mono text-base">{oneTimePassword}</code>
        </p>
      )}
      <ErrorText message={error} />
    </div>
  );
}

/** The member's wallets. */
function MemberWallets({ member }: { member: MemberProfile }) {
  const tx = useBilingual();
  const label = useLabel();
  return (
    <div className="space-y-1 rounded-lg bg-white p-4 shadow">
      <h3 className="font-semibold">{tx('กระเป๋าเงิน', 'Wallets')}</h3>
      {Object.entries(member.wallets).map(([kind, amount]) => (
        <p key={kind} className="flex justify-between tabular-nums"><span>{label('wallet', kind)}</span><span>{formatBaht(amount)}</span></p>
      ))}
    </div>
  );
}

/** Latest deposits and withdrawals, and what staff did on the member. */
function MemberActivity({ member }: { member: MemberProfile }) {
  const tx = useBilingual();
  const label = useLabel();
  return (
    <div className="space-y-1 rounded-lg bg-white p-4 shadow text-sm">
      <h3 className="font-semibold">{tx('ฝาก / ถอนล่าสุด', 'Latest deposits / withdrawals')}</h3>
      {member.deposits.slice(0, 5).map((row) => <p key={row.id}>{tx('ฝาก', 'Deposit')} {formatBaht(row.amount)} · {label('deposit', row.status)} · {formatDateTime(row.at)}</p>)}
      {member.withdrawals.slice(0, 5).map((row) => <p key={row.id}>{tx('ถอน', 'Withdrawal')} {formatBaht(row.amount)} · {label('withdrawal', row.status)}{row.reason ? ` (${row.reason})` : ''} · {formatDateTime(row.at)}</p>)}
      <h3 className="pt-2 font-semibold">{tx('การทำงานของเจ้าหน้าที่', 'Staff actions')}</h3>
      {member.staffActions.map((row) => <p key={row.seq}>{row.action} · {row.actor}{row.reason ? ` · ${row.reason}` : ''}</p>)}
    </div>
  );
}
