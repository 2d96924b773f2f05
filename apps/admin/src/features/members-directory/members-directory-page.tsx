import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MEMBER_DIRECTORY_FILTERS, REGISTRATION_BANKS, memberDirectoryResponse, memberEditResponse, memberEditsResponse, memberHistoryResponse, memberNoteResponse,
  memberNotesResponse, moneyApprovalResponse, type MemberDirectoryFilter, type MemberDirectoryRowWire, type MemberEditBody, type MemberEditWire,
} from '@sabai/contracts';
import { apiGet, apiPost, ApiError } from '../../lib/api';
import { useBilingual } from '../../lib/bilingual';
import { formatBaht, formatDateTime } from '../../lib/format';
import { Button, ErrorText, Field } from '../../ui';

const PAGE_SIZE = 25;
type Tx = (thai: string, english: string) => string;

const FILTER_LABELS: Record<MemberDirectoryFilter, [string, string]> = {
  all: ['ทั้งหมด', 'All'],
  new_today: ['สมัครวันนี้', 'New today'],
  suspended: ['ถูกระงับ', 'Suspended'],
  protected: ['ตั้งค่าป้องกันการเล่น', 'Protected (limits / time-out)'],
  unverified_bank: ['บัญชีธนาคารยังไม่ยืนยัน', 'Bank not verified'],
};

const FIELD_LABELS: Record<string, [string, string]> = {
  bankCode: ['ธนาคาร', 'Bank'],
  bankAccountNumber: ['เลขบัญชี', 'Account number'],
  firstName: ['ชื่อ', 'First name'],
  lastName: ['นามสกุล', 'Last name'],
};

const STATUS_LABELS: Record<string, [string, string]> = {
  pending: ['รออนุมัติ', 'Waiting for approval'],
  executed: ['อนุมัติและแก้ไขแล้ว', 'Approved and applied'],
  rejected: ['ปฏิเสธ', 'Rejected'],
  pending_approval: ['รออนุมัติ', 'Waiting for approval'],
  applied: ['ปรับยอดแล้ว', 'Applied'],
  active: ['ใช้งานอยู่', 'Active'],
  completed: ['ทำเทิร์นครบ', 'Completed'],
  forfeited: ['ถูกริบ', 'Forfeited'],
  cancelled: ['ยกเลิก', 'Cancelled'],
  settled: ['จบแล้ว', 'Settled'],
  refunded: ['คืนเงิน', 'Refunded'],
  win: ['ชนะ', 'Win'],
  loss: ['แพ้', 'Loss'],
  draw: ['เสมอ', 'Draw'],
};
const statusText = (tx: Tx, status: string) => (STATUS_LABELS[status] ? tx(...STATUS_LABELS[status]) : status);

/**
 * The member directory (issue 25 §4): every member, newest first, paged, with one filter at a time
 * (new today, suspended, protected, bank not verified) and a search by phone or name; a member's
 * notes, bank account / name edits under four-eyes (another staff member approves), and their bet,
 * bonus and adjustment history.
 */
export function MembersDirectoryPage({ canWriteNotes, canRequestEdit, canApprove }: { canWriteNotes: boolean; canRequestEdit: boolean; canApprove: boolean }) {
  const tx = useBilingual();
  const [filter, setFilter] = useState<MemberDirectoryFilter>('all');
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<MemberDirectoryRowWire | null>(null);
  const list = useQuery({
    queryKey: ['member-directory', filter, query, page],
    queryFn: () => apiGet(`/member-directory?${new URLSearchParams({ filter, page: String(page), pageSize: String(PAGE_SIZE), ...(query ? { q: query } : {}) }).toString()}`, memberDirectoryResponse),
  });
  const pageCount = Math.max(1, Math.ceil((list.data?.total ?? 0) / PAGE_SIZE));
  return (
    <section className="max-w-[1400px] space-y-4">
      <h1 className="text-xl font-semibold">{tx('รายชื่อสมาชิก', 'Members')}</h1>
      <div className="flex flex-wrap items-center gap-2" role="tablist">
        {MEMBER_DIRECTORY_FILTERS.map((value) => (
          <button
            key={value}
            type="button"
            role="tab"
            aria-selected={filter === value}
            className={`rounded-full px-3 py-1 text-sm ${filter === value ? 'bg-indigo-700 text-white' : 'bg-white text-slate-700 ring-1 ring-slate-300'}`}
            onClick={() => { setFilter(value); setPage(1); }}
          >
            {tx(...FILTER_LABELS[value])}
          </button>
        ))}
        <form className="ml-auto flex gap-2" onSubmit={(event) => { event.preventDefault(); setQuery(search.trim()); setPage(1); }}>
          <input
            className="w-64 rounded-md border border-slate-300 px-2 py-1.5 text-sm"
            placeholder={tx('ค้นหาเบอร์โทร หรือ ชื่อ', 'Search phone or name')}
            aria-label={tx('ค้นหาเบอร์โทร หรือ ชื่อ', 'Search phone or name')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            data-testid="member-search"
          />
          <Button type="submit">{tx('ค้นหา', 'Search')}</Button>
        </form>
      </div>
      <ErrorText message={list.error?.message} />
      <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)] gap-4">
        <div className="space-y-2">
          <div className="overflow-hidden rounded-lg bg-white shadow">
            <table className="w-full text-left text-sm" data-testid="member-directory-table">
              <thead className="bg-slate-100 text-slate-700">
                <tr>
                  <th className="px-2 py-2">{tx('เบอร์โทร', 'Phone')}</th>
                  <th className="px-2 py-2">{tx('ชื่อ', 'Name')}</th>
                  <th className="px-2 py-2">{tx('สมัครเมื่อ', 'Signed up')}</th>
                  <th className="px-2 py-2">{tx('สถานะ', 'Status')}</th>
                </tr>
              </thead>
              <tbody>
                {list.data?.rows.map((row) => (
                  <tr
                    key={row.memberId}
                    className={`cursor-pointer border-t border-slate-100 hover:bg-indigo-50 ${selected?.memberId === row.memberId ? 'bg-indigo-50' : ''}`}
                    onClick={() => setSelected(row)}
                    data-testid="member-row"
                  >
                    <td className="px-2 py-2 tabular-nums"><button type="button" className="text-indigo-700 underline" onClick={() => setSelected(row)}>{row.phoneNumber}</button></td>
                    <td className="px-2 py-2">{row.name}</td>
                    <td className="px-2 py-2">{formatDateTime(row.createdAt)}</td>
                    <td className="space-x-1 px-2 py-2 text-xs">
                      {row.status === 'suspended' ? <span className="rounded bg-red-100 px-1 text-red-800">{tx('ระงับ', 'Suspended')}</span> : <span className="rounded bg-green-100 px-1 text-green-800">{tx('ปกติ', 'Active')}</span>}
                      {row.protected && <span className="rounded bg-amber-100 px-1 text-amber-900">{tx('ป้องกันการเล่น', 'Protected')}</span>}
                      {!row.bankVerified && <span className="rounded bg-slate-200 px-1 text-slate-800">{tx('บัญชียังไม่ยืนยัน', 'Bank unverified')}</span>}
                    </td>
                  </tr>
                ))}
                {list.isSuccess && list.data.rows.length === 0 && (
                  <tr><td colSpan={4} className="px-2 py-6 text-center text-slate-500">{tx('ไม่พบสมาชิก', 'No members')}</td></tr>
                )}
              </tbody>
            </table>
          </div>
          <div className="flex items-center gap-3 text-sm">
            <Button variant="plain" disabled={page <= 1} onClick={() => setPage(page - 1)} data-testid="members-previous">{tx('← ก่อนหน้า', '← Previous')}</Button>
            <span data-testid="members-page">{tx(`หน้า ${page} / ${pageCount} (${list.data?.total ?? 0} คน)`, `Page ${page} / ${pageCount} (${list.data?.total ?? 0})`)}</span>
            <Button variant="plain" disabled={page >= pageCount} onClick={() => setPage(page + 1)} data-testid="members-next">{tx('ถัดไป →', 'Next →')}</Button>
          </div>
        </div>
        {selected ? (
          <MemberPanel key={selected.memberId} member={selected} canWriteNotes={canWriteNotes} canRequestEdit={canRequestEdit} canApprove={canApprove} />
        ) : (
          <p className="rounded-lg bg-white p-4 text-sm text-slate-500 shadow">{tx('เลือกสมาชิกเพื่อดูบันทึก แก้ไขข้อมูล และประวัติ', 'Choose a member to see notes, edits and history')}</p>
        )}
      </div>
    </section>
  );
}

type PanelTab = 'notes' | 'edit' | 'bets' | 'bonuses' | 'adjustments';

function MemberPanel({ member, canWriteNotes, canRequestEdit, canApprove }: { member: MemberDirectoryRowWire; canWriteNotes: boolean; canRequestEdit: boolean; canApprove: boolean }) {
  const tx = useBilingual();
  const [tab, setTab] = useState<PanelTab>('notes');
  const tabs: Array<[PanelTab, string]> = [
    ['notes', tx('บันทึก', 'Notes')],
    ['edit', tx('แก้ไขข้อมูล', 'Edit details')],
    ['bets', tx('ประวัติเดิมพัน', 'Bets')],
    ['bonuses', tx('โบนัส', 'Bonuses')],
    ['adjustments', tx('ปรับยอด', 'Adjustments')],
  ];
  return (
    <div className="space-y-3 rounded-lg bg-white p-4 shadow" data-testid="member-panel">
      <div>
        <h2 className="text-lg font-semibold">{member.name}</h2>
        <p className="text-sm text-slate-600">{member.phoneNumber} · {member.bankCode} {member.bankAccountNumber} · <span className="font-mono text-xs">{member.memberId}</span></p>
      </div>
      <div className="flex gap-1 border-b border-slate-200" role="tablist">
        {tabs.map(([value, label]) => (
          <button key={value} type="button" role="tab" aria-selected={tab === value} className={`px-3 py-1.5 text-sm ${tab === value ? 'border-b-2 border-indigo-700 font-medium text-indigo-800' : 'text-slate-600'}`} onClick={() => setTab(value)}>
            {label}
          </button>
        ))}
      </div>
      {tab === 'notes' && <Notes memberId={member.memberId} canWrite={canWriteNotes} />}
      {tab === 'edit' && <Edits member={member} canRequest={canRequestEdit} canApprove={canApprove} />}
      {(tab === 'bets' || tab === 'bonuses' || tab === 'adjustments') && <History memberId={member.memberId} kind={tab} />}
    </div>
  );
}

function Notes({ memberId, canWrite }: { memberId: string; canWrite: boolean }) {
  const tx = useBilingual();
  const client = useQueryClient();
  const [body, setBody] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const notes = useQuery({ queryKey: ['member-notes', memberId], queryFn: () => apiGet(`/members/${memberId}/notes`, memberNotesResponse) });
  const add = useMutation({
    mutationFn: () => apiPost(`/members/${memberId}/notes`, { body: body.trim() }, memberNoteResponse),
    onSuccess: () => {
      setBody('');
      void client.invalidateQueries({ queryKey: ['member-notes', memberId] });
    },
  });
  return (
    <div className="space-y-3">
      {canWrite && (
        <form
          className="space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (body.trim() === '') {
              setFieldError(tx('กรุณาเขียนบันทึก', 'Write a note'));
              return;
            }
            setFieldError(null);
            add.mutate();
          }}
        >
          <Field label={tx('บันทึกใหม่', 'New note')} error={fieldError ?? undefined}>
            <textarea className="w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm" rows={3} maxLength={2000} value={body} onChange={(event) => setBody(event.target.value)} data-testid="note-body" />
          </Field>
          <ErrorText message={add.error?.message} />
          <Button type="submit" disabled={add.isPending} data-testid="note-save">{tx('บันทึก', 'Save note')}</Button>
        </form>
      )}
      <ul className="space-y-2" data-testid="notes-list">
        {notes.data?.map((note) => (
          <li key={note.id} className="rounded-md bg-slate-50 p-2 text-sm">
            <p className="whitespace-pre-wrap">{note.body}</p>
            <p className="mt-1 text-xs text-slate-500">{note.author.replace(/^staff:/, '')} · {formatDateTime(note.at)}</p>
          </li>
        ))}
        {notes.isSuccess && notes.data.length === 0 && <li className="text-sm text-slate-500">{tx('ยังไม่มีบันทึก', 'No notes yet')}</li>}
      </ul>
    </div>
  );
}

function Edits({ member, canRequest, canApprove }: { member: MemberDirectoryRowWire; canRequest: boolean; canApprove: boolean }) {
  const tx = useBilingual();
  const client = useQueryClient();
  const [firstName, ...rest] = member.name.split(' ');
  const [form, setForm] = useState({ bankCode: member.bankCode, bankAccountNumber: member.bankAccountNumber, firstName: firstName ?? '', lastName: rest.join(' '), reason: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const edits = useQuery({ queryKey: ['member-edits', member.memberId], queryFn: () => apiGet(`/members/${member.memberId}/edits`, memberEditsResponse) });
  const ask = useMutation({
    mutationFn: (body: MemberEditBody) => apiPost(`/members/${member.memberId}/edits`, body, memberEditResponse),
    onSuccess: () => {
      setForm((current) => ({ ...current, reason: '' }));
      void client.invalidateQueries({ queryKey: ['member-edits', member.memberId] });
    },
  });
  const decide = useMutation({
    mutationFn: ({ approvalId, decision, reason }: { approvalId: string; decision: 'approve' | 'reject'; reason?: string }) =>
      apiPost(`/approvals/${approvalId}/${decision}`, reason ? { reason } : {}, moneyApprovalResponse),
    onSettled: () => void client.invalidateQueries({ queryKey: ['member-edits', member.memberId] }),
  });
  const submit = () => {
    const found: Record<string, string> = {};
    if (!/^([0-9]{10}|[0-9]{12})$/.test(form.bankAccountNumber)) found.bankAccountNumber = tx('เลขบัญชี 10 หรือ 12 หลัก', 'Account number: 10 or 12 digits');
    if (form.firstName.trim() === '') found.firstName = tx('กรุณากรอกชื่อ', 'Enter the first name');
    if (form.lastName.trim() === '') found.lastName = tx('กรุณากรอกนามสกุล', 'Enter the last name');
    if (form.reason.trim().length < 3) found.reason = tx('กรุณาระบุเหตุผล (อย่างน้อย 3 ตัวอักษร)', 'Give a reason (3 characters or more)');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body: MemberEditBody = { reason: form.reason.trim() };
    if (form.bankCode !== member.bankCode) body.bankCode = form.bankCode;
    if (form.bankAccountNumber !== member.bankAccountNumber) body.bankAccountNumber = form.bankAccountNumber;
    if (form.firstName.trim() !== (firstName ?? '')) body.firstName = form.firstName.trim();
    if (form.lastName.trim() !== rest.join(' ')) body.lastName = form.lastName.trim();
    if (Object.keys(body).length === 1) {
      setErrors({ form: tx('ยังไม่ได้เปลี่ยนข้อมูลใด', 'Nothing was changed') });
      return;
    }
    ask.mutate(body);
  };
  const input = 'w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm';
  return (
    <div className="space-y-4">
      {canRequest && (
        <form className="grid grid-cols-2 gap-3" onSubmit={(event) => { event.preventDefault(); submit(); }} noValidate>
          <Field label={tx('ธนาคาร', 'Bank')}>
            <select className={input} value={form.bankCode} onChange={(event) => setForm({ ...form, bankCode: event.target.value })} data-testid="edit-bank-code">
              {REGISTRATION_BANKS.map((bank) => <option key={bank.code} value={bank.code}>{bank.shortName} · {tx(bank.name, bank.nameEn)}</option>)}
            </select>
          </Field>
          <Field label={tx('เลขบัญชี', 'Account number')} error={errors.bankAccountNumber}>
            <input className={input} inputMode="numeric" value={form.bankAccountNumber} onChange={(event) => setForm({ ...form, bankAccountNumber: event.target.value.replace(/\D/g, '') })} data-testid="edit-account" aria-invalid={errors.bankAccountNumber ? true : undefined} />
          </Field>
          <Field label={tx('ชื่อ', 'First name')} error={errors.firstName}>
            <input className={input} value={form.firstName} onChange={(event) => setForm({ ...form, firstName: event.target.value })} data-testid="edit-first-name" />
          </Field>
          <Field label={tx('นามสกุล', 'Last name')} error={errors.lastName}>
            <input className={input} value={form.lastName} onChange={(event) => setForm({ ...form, lastName: event.target.value })} data-testid="edit-last-name" />
          </Field>
          <div className="col-span-2">
            <Field label={tx('เหตุผล (ผู้อนุมัติจะเห็น)', 'Reason (the approver sees it)')} error={errors.reason}>
              <input className={input} value={form.reason} onChange={(event) => setForm({ ...form, reason: event.target.value })} data-testid="edit-reason" />
            </Field>
          </div>
          <div className="col-span-2 space-y-2">
            <p className="text-xs text-slate-600">{tx('การแก้ไขต้องให้เจ้าหน้าที่อีกคน (การเงินหรือเจ้าของ) อนุมัติ บัญชีใหม่ต้องยืนยันอีกครั้งก่อนถอนเงิน เบอร์โทรเปลี่ยนได้ที่เมนู "เปลี่ยนเบอร์สมาชิก"', 'Another staff member (finance or owner) must approve. A new account must be verified again before withdrawals. Change the phone under "Phone changes".')}</p>
            <ErrorText message={errors.form ?? ask.error?.message} />
            {ask.isSuccess && <p className="text-sm text-green-800" role="status">{tx('ส่งคำขอแก้ไขแล้ว รอเจ้าหน้าที่อีกคนอนุมัติ', 'Sent: waiting for another staff member')}</p>}
            <Button type="submit" disabled={ask.isPending} data-testid="edit-submit">{tx('ส่งขออนุมัติการแก้ไข', 'Ask for approval')}</Button>
          </div>
        </form>
      )}
      <div>
        <h3 className="mb-2 text-sm font-semibold">{tx('คำขอแก้ไข', 'Edit requests')}</h3>
        <ErrorText message={decide.error instanceof ApiError ? decide.error.message : null} />
        <ul className="space-y-2" data-testid="edits-list">
          {edits.data?.map((edit) => <EditRow key={edit.approvalId} edit={edit} canApprove={canApprove} onDecide={(decision, reason) => decide.mutate({ approvalId: edit.approvalId, decision, ...(reason ? { reason } : {}) })} />)}
          {edits.isSuccess && edits.data.length === 0 && <li className="text-sm text-slate-500">{tx('ไม่มีคำขอ', 'No requests')}</li>}
        </ul>
      </div>
    </div>
  );
}

function EditRow({ edit, canApprove, onDecide }: { edit: MemberEditWire; canApprove: boolean; onDecide: (decision: 'approve' | 'reject', reason?: string) => void }) {
  const tx = useBilingual();
  const [rejectReason, setRejectReason] = useState('');
  return (
    <li className="rounded-md bg-slate-50 p-2 text-sm" data-testid="edit-row">
      <p className="font-medium">{statusText(tx, edit.status)} · {edit.requester}{edit.decidedBy ? ` → ${edit.decidedBy}` : ''} · {formatDateTime(edit.createdAt)}</p>
      <ul className="mt-1 text-xs">
        {Object.keys(edit.after).map((field) => (
          <li key={field}>
            {FIELD_LABELS[field] ? tx(...FIELD_LABELS[field]) : field}: <span className="text-red-800 line-through">{edit.before[field] ?? ''}</span> → <span className="text-green-800">{edit.after[field]}</span>
          </li>
        ))}
      </ul>
      {edit.reason && <p className="mt-1 text-xs text-slate-600">{tx('เหตุผล', 'Reason')}: {edit.reason}</p>}
      {edit.decisionReason && <p className="text-xs text-slate-600">{tx('เหตุผลผู้อนุมัติ', 'Decision')}: {edit.decisionReason}</p>}
      {canApprove && edit.canDecide && (
        <div className="mt-2 flex items-center gap-2">
          <Button onClick={() => onDecide('approve')} data-testid="edit-approve">{tx('อนุมัติ', 'Approve')}</Button>
          <input className="rounded-md border border-slate-300 px-2 py-1 text-sm" placeholder={tx('เหตุผลที่ปฏิเสธ', 'Reason to reject')} value={rejectReason} onChange={(event) => setRejectReason(event.target.value)} aria-label={tx('เหตุผลที่ปฏิเสธ', 'Reason to reject')} />
          <Button variant="danger" disabled={rejectReason.trim() === ''} onClick={() => onDecide('reject', rejectReason.trim())}>{tx('ปฏิเสธ', 'Reject')}</Button>
        </div>
      )}
      {edit.status === 'pending' && !edit.canDecide && <p className="mt-1 text-xs text-slate-500">{tx('รอเจ้าหน้าที่คนอื่นอนุมัติ (ผู้ขออนุมัติเองไม่ได้)', 'Waiting for someone else (the requester cannot approve)')}</p>}
    </li>
  );
}

function History({ memberId, kind }: { memberId: string; kind: 'bets' | 'bonuses' | 'adjustments' }) {
  const tx = useBilingual();
  const [page, setPage] = useState(1);
  const history = useQuery({ queryKey: ['member-history', memberId, kind, page], queryFn: () => apiGet(`/members/${memberId}/history/${kind}?page=${page}&pageSize=20`, memberHistoryResponse) });
  const rows = history.data?.rows ?? [];
  return (
    <div className="space-y-2">
      <ErrorText message={history.error?.message} />
      <table className="w-full text-left text-xs" data-testid={`history-${kind}`}>
        <tbody>
          {rows.map((row, index) => {
            if ('roundId' in row) {
              return (
                <tr key={row.roundId} className="border-t border-slate-100">
                  <td className="py-1">{formatDateTime(row.at)}</td><td>{row.gameCode}</td><td>{tx('เดิมพัน', 'Stake')} {formatBaht(row.stake)}</td><td>{tx('ได้', 'Paid')} {formatBaht(row.payout)}</td><td>{statusText(tx, row.result)}</td>
                </tr>
              );
            }
            if ('grantId' in row) {
              return (
                <tr key={row.grantId} className="border-t border-slate-100">
                  <td className="py-1">{formatDateTime(row.at)}</td><td>{row.promotionName ?? row.promotionId}</td><td>{tx('โบนัส', 'Bonus')} {formatBaht(row.bonus)}</td><td>{tx('เทิร์น', 'Turnover')} {formatBaht(row.turnoverNeeded)}</td><td>{statusText(tx, row.status)}{row.forfeited !== null ? ` (${tx('ริบ', 'forfeited')} ${formatBaht(row.forfeited)})` : ''}</td>
                </tr>
              );
            }
            return (
              <tr key={'adjustmentId' in row ? row.adjustmentId : index} className="border-t border-slate-100">
                <td className="py-1">{formatDateTime(row.at)}</td><td>{row.direction === 'credit' ? tx('เพิ่ม', 'Credit') : tx('หัก', 'Debit')} {formatBaht(row.amount)}</td><td>{row.reason}</td><td>{row.requestedBy.replace(/^staff:/, '')}{row.decidedBy ? ` → ${row.decidedBy.replace(/^staff:/, '')}` : ''}</td><td>{statusText(tx, row.status)}</td>
              </tr>
            );
          })}
          {history.isSuccess && rows.length === 0 && <tr><td className="py-2 text-slate-500">{tx('ไม่มีรายการ', 'Nothing yet')}</td></tr>}
        </tbody>
      </table>
      <div className="flex gap-2">
        <Button variant="plain" disabled={page <= 1} onClick={() => setPage(page - 1)}>{tx('← ใหม่กว่า', '← Newer')}</Button>
        <Button variant="plain" disabled={!history.data?.hasMore} onClick={() => setPage(page + 1)} data-testid={`history-${kind}-older`}>{tx('เก่ากว่า →', 'Older →')}</Button>
      </div>
    </div>
  );
}
