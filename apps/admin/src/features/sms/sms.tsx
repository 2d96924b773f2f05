import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import {
  phoneChangeRequestResponse,
  phoneChangesResponse,
  smsMessagesResponse,
  SMS_MESSAGE_STATES,
  type PhoneChangeRequestView,
  type SmsMessageView,
} from '@sabai/contracts';
import { apiGet, apiPost, ApiError } from '../../lib/api';
import { useBilingual } from '../../lib/bilingual';
import { formatDateTime } from '../../lib/format';
import { DataTable } from '../../data-table';
import { Button, ErrorText, Field } from '../../ui';

type SmsState = SmsMessageView['state'];

/**
 * The SMS Sabai sent to members through the operator's phone (issue 27 §2): failed ones first,
 * with the phone's reason; one-time codes are shown masked. Staff use it to answer "I got no code".
 */
export function SmsPage() {
  const tx = useBilingual();
  const [state, setState] = useState<SmsState | ''>('failed');
  const [phone, setPhone] = useState('');
  const query = new URLSearchParams({ limit: '100', ...(state ? { state } : {}), ...(/^0\d{9}$/.test(phone) ? { phone } : {}) });
  const list = useQuery({ queryKey: ['sms', state, phone], queryFn: () => apiGet(`/sms/messages?${query.toString()}`, smsMessagesResponse), refetchInterval: 10_000 });
  const columns: ColumnDef<SmsMessageView, unknown>[] = [
    { header: tx('เวลา', 'Time'), accessorKey: 'createdAt', cell: (info) => formatDateTime(String(info.getValue())) },
    { header: tx('ถึง', 'To'), accessorKey: 'toPhone' },
    { header: tx('ประเภท', 'Purpose'), accessorKey: 'purpose' },
    { header: tx('สถานะ', 'State'), accessorKey: 'state' },
    { header: tx('ครั้งที่ส่ง', 'Attempts'), accessorKey: 'attempts' },
    { header: tx('ข้อความ', 'Text'), accessorKey: 'text', cell: (info) => <span className="text-xs">{String(info.getValue())}</span> },
    { header: tx('สาเหตุ', 'Reason'), accessorKey: 'error', cell: (info) => <span className="text-xs text-red-800">{String(info.getValue() ?? '')}</span> },
  ];
  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-semibold">{tx('SMS ที่ส่ง', 'SMS sent')}</h1>
        <select className="input w-auto" value={state} onChange={(event) => setState(event.target.value as SmsState | '')}>
          <option value="">{tx('ทั้งหมด', 'all')}</option>
          {SMS_MESSAGE_STATES.map((value) => (
            <option key={value} value={value}>
              {value} ({list.data?.counts[value] ?? 0} / 24 h)
            </option>
          ))}
        </select>
        <input className="input w-40" inputMode="numeric" placeholder={tx('เบอร์ 0xxxxxxxxx', 'phone 0xxxxxxxxx')} value={phone} onChange={(event) => setPhone(event.target.value.trim())} />
      </div>
      <DataTable columns={columns} data={list.data?.messages ?? []} empty={tx('ไม่มีรายการ', 'Nothing here')} />
    </section>
  );
}

/**
 * A member's lost phone changed by staff (issue 27 §3): one staff member asks (member id, new
 * number, reason), another approves or rejects; never the one who asked (the server refuses it).
 */
export function PhoneChangesPage({ canRequest, canApprove }: { canRequest: boolean; canApprove: boolean }) {
  const tx = useBilingual();
  const client = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [form, setForm] = useState({ memberId: '', newPhoneNumber: '', reason: '' });
  const list = useQuery({ queryKey: ['phone-changes'], queryFn: () => apiGet('/phone-changes', phoneChangesResponse) });
  const onError = (caught: unknown) => setError(caught instanceof ApiError ? caught.message : String(caught));
  const done = () => {
    setError(null);
    void client.invalidateQueries({ queryKey: ['phone-changes'] });
  };
  const request = useMutation({
    mutationFn: () => apiPost(`/members/${encodeURIComponent(form.memberId.trim())}/phone-change`, { newPhoneNumber: form.newPhoneNumber.trim(), reason: form.reason }, phoneChangeRequestResponse),
    onSuccess: () => {
      setForm({ memberId: '', newPhoneNumber: '', reason: '' });
      done();
    },
    onError,
  });
  const decide = useMutation({
    mutationFn: (input: { id: string; approve: boolean }) => apiPost(`/phone-changes/${input.id}/decide`, { approve: input.approve }, phoneChangeRequestResponse),
    onSuccess: done,
    onError,
  });
  return (
    <section className="space-y-4">
      <h1 className="text-xl font-semibold">{tx('เปลี่ยนเบอร์โทรศัพท์สมาชิก', 'Member phone changes')}</h1>
      <ErrorText message={error} />
      {canRequest && (
        <form
          className="grid max-w-xl gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            request.mutate();
          }}
        >
          <Field label={tx('รหัสสมาชิก (mbr_…)', 'Member id (mbr_…)')}>
            <input className="input" value={form.memberId} onChange={(event) => setForm({ ...form, memberId: event.target.value })} />
          </Field>
          <Field label={tx('เบอร์ใหม่', 'New phone')}>
            <input className="input" inputMode="numeric" value={form.newPhoneNumber} onChange={(event) => setForm({ ...form, newPhoneNumber: event.target.value })} />
          </Field>
          <Field label={tx('เหตุผลและวิธียืนยันตัวตน', 'Reason and how identity was checked')}>
            <input className="input" value={form.reason} onChange={(event) => setForm({ ...form, reason: event.target.value })} />
          </Field>
          <Button type="submit" disabled={request.isPending}>{tx('ส่งคำขอ (เจ้าหน้าที่อีกคนอนุมัติ)', 'Ask (another staff member approves)')}</Button>
        </form>
      )}
      <DataTable columns={phoneChangeColumns(tx, canApprove ? (id, approve) => decide.mutate({ id, approve }) : null)} data={list.data ?? []} empty={tx('ไม่มีรายการ', 'Nothing here')} />
    </section>
  );
}

/** The requests; a pending one can be approved or rejected by the roles that may (`onDecide`; null: may not). */
function phoneChangeColumns(tx: ReturnType<typeof useBilingual>, onDecide: ((id: string, approve: boolean) => void) | null): ColumnDef<PhoneChangeRequestView, unknown>[] {
  return [
    { header: tx('เวลา', 'Time'), accessorKey: 'requestedAt', cell: (info) => formatDateTime(String(info.getValue())) },
    { header: tx('สมาชิก', 'Member'), accessorKey: 'memberId' },
    { header: tx('เบอร์เดิม', 'Old'), accessorKey: 'oldPhone' },
    { header: tx('เบอร์ใหม่', 'New'), accessorKey: 'newPhone' },
    { header: tx('เหตุผล', 'Reason'), accessorKey: 'reason' },
    { header: tx('ผู้ขอ', 'Asked by'), accessorKey: 'requestedBy' },
    { header: tx('สถานะ', 'State'), accessorKey: 'status' },
    {
      header: '',
      id: 'actions',
      enableSorting: false,
      cell: ({ row }) =>
        onDecide && row.original.status === 'pending' ? (
          <span className="flex gap-2">
            <Button variant="plain" onClick={() => onDecide(row.original.id, true)}>{tx('อนุมัติ', 'Approve')}</Button>
            <Button variant="danger" onClick={() => onDecide(row.original.id, false)}>{tx('ปฏิเสธ', 'Reject')}</Button>
          </span>
        ) : null,
    },
  ];
}
