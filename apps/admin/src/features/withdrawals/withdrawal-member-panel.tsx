import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { memberProfileResponse, type AdminWithdrawal } from '@sabai/contracts';
import type { z } from 'zod';
import { apiGet, ApiError } from '../../lib/api';
import { useBilingual } from '../../lib/bilingual';
import { useLabel } from '../../lib/labels';
import { formatBaht, formatDateTime } from '../../lib/format';
import { Button, ErrorText } from '../../ui';

/** How many recent deposits and previous withdrawals the panel lists (the member page has up to 20). */
const RECENT_ROWS = 5;

type MemberProfile = z.infer<typeof memberProfileResponse>['data'];

/**
 * The member's context beside the withdrawals queue (issue 11 "Withdrawals queue": balances,
 * turnover, recent deposits, bonus, previous withdrawals), read from the member page call
 * `GET /admin-api/v1/members/:memberId` (needs `members.view`). It also says whether the
 * withdrawal goes to the member's registered bank account, and offers the same approve / reject
 * as the row (`onApprove`, `onReject`: absent when the staff member cannot decide or the
 * withdrawal no longer waits).
 */
export function WithdrawalMemberPanel({ withdrawal, onClose, onApprove, onReject, isDeciding }: {
  withdrawal: AdminWithdrawal;
  onClose: () => void;
  onApprove?: (() => void) | undefined;
  onReject?: (() => void) | undefined;
  isDeciding: boolean;
}) {
  const tx = useBilingual();
  const profile = useQuery({ queryKey: ['member', withdrawal.memberId], queryFn: () => apiGet(`/members/${withdrawal.memberId}`, memberProfileResponse) });
  const member = profile.data;
  useEffect(() => {
    // Escape closes the panel like a dialog (issue 25 §4); a dialog over it handles its own Escape first.
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  const isOwnAccount = member ? member.bankCode === withdrawal.bankCode && member.bankAccountNumber === withdrawal.accountNumber : true;

  return (
    <aside
      className="fixed inset-y-0 right-0 z-20 flex w-[440px] max-w-full flex-col border-l border-slate-200 bg-slate-50 shadow-2xl"
      aria-label={tx('ข้อมูลสมาชิก', 'Member context')}
      data-testid="withdrawal-member-panel"
    >
      <header className="flex items-start justify-between gap-2 border-b bg-white p-4">
        <div className="min-w-0">
          <p className="text-sm text-slate-600">{tx('ถอน', 'Withdrawal')} · {formatDateTime(withdrawal.createdAt)}</p>
          <p className="text-2xl font-semibold tabular-nums">{formatBaht(withdrawal.Amount)}</p>
          <p className="break-words text-sm">{withdrawal.bankCode} {withdrawal.accountNumber} · {withdrawal.accountName}</p>
        </div>
        <Button variant="plain" onClick={onClose} aria-label={tx('ปิด', 'Close')} data-testid="withdrawal-member-panel-close">✕</Button>
      </header>
      <div className="flex-1 space-y-3 overflow-y-auto p-4 text-sm">
        <ErrorText message={profile.error instanceof ApiError ? profile.error.message : profile.error ? String(profile.error) : null} />
        {!member && !profile.error && <p className="text-slate-600">…</p>}
        {member && (
          <>
            <MemberSummary member={member} isOwnAccount={isOwnAccount} />
            <MemberWallets member={member} />
            <MemberTurnover member={member} />
            <RecentDeposits member={member} />
            <PreviousWithdrawals member={member} withdrawalId={withdrawal.id} />
          </>
        )}
      </div>
      {(onApprove || onReject) && (
        <footer className="flex justify-end gap-2 border-t bg-white p-4">
          {onReject && <Button variant="danger" onClick={onReject} data-testid="panel-reject">{tx('ปฏิเสธ', 'Reject')}</Button>}
          {onApprove && <Button onClick={onApprove} disabled={isDeciding} data-testid="panel-approve">{tx('อนุมัติ', 'Approve')}</Button>}
        </footer>
      )}
    </aside>
  );
}

/** Who the member is, their status, and whether the payee account is their registered one. */
function MemberSummary({ member, isOwnAccount }: { member: MemberProfile; isOwnAccount: boolean }) {
  const tx = useBilingual();
  return (
    <section className="space-y-1 rounded-lg bg-white p-3 shadow-sm">
      <h2 className="text-base font-semibold">{member.name}</h2>
      <p>{member.phoneNumber} · {member.bankCode} {member.bankAccountNumber}</p>
      <p>
        {tx('สถานะ', 'Status')}:{' '}
        <strong className={member.status === 'suspended' ? 'text-red-700' : ''}>{member.status === 'suspended' ? tx('ถูกระงับ', 'suspended') : tx('ปกติ', 'active')}</strong>
        {' · '}{tx('สมัครเมื่อ', 'joined')} {formatDateTime(member.createdAt)}
      </p>
      {!isOwnAccount && (
        <p className="rounded bg-amber-50 px-2 py-1 text-amber-900" data-testid="withdrawal-other-account">
          {tx('บัญชีรับเงินไม่ตรงกับบัญชีที่สมาชิกลงทะเบียนไว้', 'The payee account is not the member’s registered account')}
        </p>
      )}
    </section>
  );
}

/** Available balances (reserved withdrawals not included), and the game balance at the partner when read. */
function MemberWallets({ member }: { member: MemberProfile }) {
  const tx = useBilingual();
  const label = useLabel();
  return (
    <section className="rounded-lg bg-white p-3 shadow-sm" data-testid="withdrawal-member-wallets">
      <h3 className="font-semibold">{tx('ยอดเงินที่ใช้ได้', 'Available balances')}</h3>
      <p className="mb-1 text-xs text-slate-600">{tx('ไม่รวมยอดถอนที่จองไว้แล้ว', 'Withdrawals already reserved are not included')}</p>
      {Object.entries(member.wallets).filter(([kind, amount]) => amount !== 0 || kind === 'main' || kind === 'game').map(([kind, amount]) => (
        <p key={kind} className="flex justify-between tabular-nums" data-testid={`withdrawal-member-wallet-${kind}`}>
          <span>{label('wallet', kind)}</span>
          <span>{formatBaht(amount)}</span>
        </p>
      ))}
      {member.liveGameWallet.source === 'partner' && (
        <p className="flex justify-between text-slate-600 tabular-nums">
          <span>{tx('ยอดในเกม (ค่ายเกม)', 'In the game (partner)')}</span>
          <span>{formatBaht(member.liveGameWallet.amount)}</span>
        </p>
      )}
    </section>
  );
}

/** Turnover done against required, and the active bonus. */
function MemberTurnover({ member }: { member: MemberProfile }) {
  const tx = useBilingual();
  const turnoverDone = member.turnover.needed <= 0 || member.turnover.now >= member.turnover.needed;
  const turnoverPercent = member.turnover.needed > 0 ? Math.min(100, Math.floor((member.turnover.now / member.turnover.needed) * 100)) : 100;
  return (
    <section className="space-y-1 rounded-lg bg-white p-3 shadow-sm" data-testid="withdrawal-member-turnover">
      <h3 className="font-semibold">{tx('เทิร์นโอเวอร์', 'Turnover')}</h3>
      <p className="flex justify-between tabular-nums">
        <span>{tx('ทำแล้ว / ที่ต้องทำ', 'done / required')}</span>
        <span>{formatBaht(member.turnover.now)} / {formatBaht(member.turnover.needed)}</span>
      </p>
      <div className="h-2 rounded bg-slate-200" role="progressbar" aria-valuenow={turnoverPercent} aria-valuemin={0} aria-valuemax={100}>
        <div className={`h-2 rounded ${turnoverDone ? 'bg-emerald-600' : 'bg-amber-500'}`} style={{ width: `${turnoverPercent}%` }} />
      </div>
      <p className={turnoverDone ? 'text-emerald-700' : 'text-amber-800'}>
        {turnoverDone ? tx('ครบเงื่อนไขแล้ว', 'Requirement met') : tx(`ยังขาดอีก ${formatBaht(member.turnover.needed - member.turnover.now)}`, `${formatBaht(member.turnover.needed - member.turnover.now)} still to play`)}
      </p>
      <p>
        {tx('โบนัสที่ใช้อยู่', 'Active bonus')}:{' '}
        {member.activeBonus
          ? `${member.activeBonus.promotionId} · ${formatBaht(member.activeBonus.bonus)} · ${tx('เทิร์นที่ต้องทำ', 'turnover')} ${formatBaht(member.activeBonus.turnoverNeeded)}`
          : tx('ไม่มี', 'none')}
      </p>
    </section>
  );
}

/** The member's latest deposits. */
function RecentDeposits({ member }: { member: MemberProfile }) {
  const tx = useBilingual();
  return (
    <section className="rounded-lg bg-white p-3 shadow-sm" data-testid="withdrawal-member-deposits">
      <h3 className="mb-1 font-semibold">{tx('ฝากล่าสุด', 'Recent deposits')}</h3>
      {member.deposits.length === 0 && <p className="text-slate-600">{tx('ยังไม่มีรายการฝาก', 'No deposits yet')}</p>}
      {member.deposits.slice(0, RECENT_ROWS).map((row) => (
        <p key={row.id} className="flex justify-between gap-2 tabular-nums">
          <span>{formatDateTime(row.at)} · {row.status}</span>
          <span>{formatBaht(row.amount)}</span>
        </p>
      ))}
    </section>
  );
}

/** The member's withdrawals before this one, with the reason of a failed or rejected one. */
function PreviousWithdrawals({ member, withdrawalId }: { member: MemberProfile; withdrawalId: string }) {
  const tx = useBilingual();
  const previous = member.withdrawals.filter((row) => row.id !== withdrawalId).slice(0, RECENT_ROWS);
  return (
    <section className="rounded-lg bg-white p-3 shadow-sm" data-testid="withdrawal-member-withdrawals">
      <h3 className="mb-1 font-semibold">{tx('ถอนก่อนหน้านี้', 'Previous withdrawals')}</h3>
      {previous.length === 0 && <p className="text-slate-600">{tx('ไม่มีการถอนก่อนหน้านี้', 'No previous withdrawal')}</p>}
      {previous.map((row) => (
        <div key={row.id}>
          <p className="flex justify-between gap-2 tabular-nums">
            <span>{formatDateTime(row.at)} · {row.status}</span>
            <span>{formatBaht(row.amount)}</span>
          </p>
          {row.reason && <p className="text-xs text-slate-600">{row.reason}</p>}
        </div>
      ))}
    </section>
  );
}
