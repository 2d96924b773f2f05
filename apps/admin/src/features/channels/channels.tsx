import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import type { ColumnDef } from '@tanstack/react-table';
import { createdFeedSourceResponse, disabledFeedSourceResponse, feedSourceHealthResponse, rotateFeedSecretBody, rotateFeedSecretResponse, staffDepositChannelResponse, staffDepositChannelsResponse, type FeedSourceHealthWire, type StaffDepositChannel } from '@sabai/contracts';
import { apiGet, apiPost, apiPostBody, ApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { says, useBilingual } from '../../lib/bilingual';
import { DataTable } from '../../data-table';
import { Button, ErrorText, Field } from '../../ui';
import { DEPOSIT_CHANNEL_KIND_INFO, DEPOSIT_CHANNEL_KINDS, FEED_KIND_NAMES, FEED_KINDS } from '@sabai/contracts';

type Channel = StaffDepositChannel;
type Source = FeedSourceHealthWire;

const channelForm = z.object({
  id: z.string().regex(/^chn_[a-z0-9_]{1,40}$/, 'chn_ + a-z 0-9 _'),
  kind: z.enum(DEPOSIT_CHANNEL_KINDS),
  bankCode: z.string().regex(/^(\d{3})?$/, says('3 หลัก', '3 digits')),
  accountNumber: z.string().regex(/^(\d{10,12})?$/, says('10–12 หลัก', '10–12 digits')),
  accountName: z.string().trim().min(1).max(100),
  phoneNumber: z.string().regex(/^(0\d{9})?$/, '0xxxxxxxxx'),
  promptPayId: z.string().regex(/^(\d{10}|\d{13}|\d{15})?$/, says('10, 13 หรือ 15 หลัก', '10, 13 or 15 digits')),
  reason: z.string().trim().min(3, says('กรุณาระบุเหตุผล', 'Give a reason')).max(500),
});
type ChannelForm = z.infer<typeof channelForm>;
const sourceForm = z.object({
  id: z.string().regex(/^src_[a-z0-9_]{1,40}$/, 'src_ + a-z 0-9 _'),
  kind: z.enum(FEED_KINDS),
  protocol: z.enum(['sabai_v1', 'sms_gateway']),
  channelId: z.string().min(1),
  reason: z.string().trim().min(3, says('กรุณาระบุเหตุผล', 'Give a reason')).max(500),
});
type SourceForm = z.infer<typeof sourceForm>;
const orNull = (value: string) => (value === '' ? null : value);

type NewSecret = { sourceId: string; secret: string; overlapUntil: string | null; webhookUrl?: string };
type Tx = ReturnType<typeof useBilingual>;
/** What a mutation offers the forms below: start it, and whether it is under way. */
type Submit<T> = { mutate: (values: T, options?: { onSuccess?: () => void }) => void; isPending: boolean };

/**
 * Deposit channels and bank-feed sources (issue 11 "Settings"): channels (owner manages, finance
 * reads); sources: add (secret shown once), rotate the secret with an overlap window, disable (owner).
 */
export function ChannelsPage({ canManage, canSeeSources }: { canManage: boolean; canSeeSources: boolean }) {
  const tx = useBilingual();
  const client = useQueryClient();
  const [secret, setSecret] = useState<NewSecret | null>(null);
  const [overlapMinutes, setOverlapMinutes] = useState('60');
  const [reason, setReason] = useState('');
  const channels = useQuery({ queryKey: ['deposit-channels'], queryFn: () => apiGet('/deposit-channels', staffDepositChannelsResponse) });
  const sources = useQuery({ queryKey: ['feed-sources'], queryFn: () => apiGet('/feed-sources/health', feedSourceHealthResponse), enabled: canSeeSources });
  const refresh = () => {
    void client.invalidateQueries({ queryKey: ['deposit-channels'] });
    void client.invalidateQueries({ queryKey: ['feed-sources'] });
  };
  const addChannel = useMutation({
    mutationFn: (values: ChannelForm) =>
      apiPost('/deposit-channels', { id: values.id, kind: values.kind, bankCode: orNull(values.bankCode), accountNumber: orNull(values.accountNumber), accountName: values.accountName, phoneNumber: orNull(values.phoneNumber), promptPayId: orNull(values.promptPayId), reason: values.reason }, staffDepositChannelResponse),
    onSuccess: refresh,
  });
  const setCheckedByStaff = useMutation({
    mutationFn: (input: { id: string; isCheckedByStaff: boolean }) => apiPost(`/deposit-channels/${input.id}/checked-by-staff`, { isCheckedByStaff: input.isCheckedByStaff, reason }, staffDepositChannelResponse),
    onSuccess: refresh,
  });
  const setState = useMutation({ mutationFn: (input: { id: string; state: Channel['state'] }) => apiPost(`/deposit-channels/${input.id}/state`, { state: input.state, reason }, staffDepositChannelResponse), onSuccess: refresh });
  const addSource = useMutation({
    mutationFn: (values: SourceForm) => apiPost('/feed-sources', values, createdFeedSourceResponse),
    onSuccess: (data) => {
      setSecret({ ...data, overlapUntil: null });
      refresh();
    },
  });
  const rotate = useMutation({
    // Whole minutes only; anything else is named by the contract check, never sent as NaN or 0.
    mutationFn: (sourceId: string) => apiPostBody(`/feed-sources/${sourceId}/rotate-secret`, rotateFeedSecretBody, { overlapMinutes: /^\d{1,5}$/.test(overlapMinutes.trim()) ? Number(overlapMinutes.trim()) : Number.NaN }, rotateFeedSecretResponse, { overlapMinutes: tx('ช่วงที่รหัสเก่ายังใช้ได้ (นาที)', 'Old secret still valid for (minutes)') }),
    onSuccess: (data) => {
      setSecret(data);
      refresh();
    },
  });
  const disable = useMutation({ mutationFn: (sourceId: string) => apiPost(`/feed-sources/${sourceId}/disable`, { reason }, disabledFeedSourceResponse), onSuccess: refresh });
  const needsReason = reason.trim().length < 3;
  const mutationError = [addChannel, setState, setCheckedByStaff, addSource, rotate, disable].map((mutation) => mutation.error).find((error) => error instanceof ApiError);
  return (
    <section className="space-y-4">
      <h1 className="text-xl font-semibold">{tx('ช่องทางฝากและแหล่งข้อมูลธนาคาร', 'Deposit channels and bank feeds')}</h1>
      {canManage && (
        <div className="flex items-center gap-3 rounded-lg bg-white p-3 text-sm shadow">
          <span>{tx('เหตุผลสำหรับการเปลี่ยนสถานะ / ปิด', 'Reason for state changes / disabling')}</span>
          <input className="input w-96" value={reason} onChange={(event) => setReason(event.target.value)} aria-label={tx('เหตุผล', 'Reason')} />
          <span>{tx('ช่วงเวลาที่รหัสลับเดิมยังใช้ได้ (นาที)', 'Old secret overlap (minutes)')}</span>
          <input className="input w-24" inputMode="numeric" value={overlapMinutes} onChange={(event) => setOverlapMinutes(event.target.value)} aria-label={tx('ช่วงที่รหัสเก่ายังใช้ได้ (นาที)', 'Old secret still valid for (minutes)')} />
        </div>
      )}
      <ErrorText message={mutationError?.message ?? (channels.error instanceof ApiError ? channels.error.message : null)} />
      {secret && <NewSecretNotice secret={secret} onClose={() => setSecret(null)} />}
      <h2 className="font-semibold">{tx('ช่องทางฝาก', 'Deposit channels')}</h2>
      <DataTable columns={channelColumns(tx, { canManage, needsReason, setCheckedByStaff, setState })} data={channels.data ?? []} empty={tx('ยังไม่มีช่องทาง', 'No channels')} testId="channels-table" />
      {canManage && <AddChannelForm submit={addChannel} />}
      {canSeeSources && (
        <>
          <h2 className="font-semibold">{tx('แหล่งข้อมูลธนาคาร (SMS / statement / TrueMoney)', 'Bank-feed sources (SMS / statement / TrueMoney)')}</h2>
          <DataTable columns={sourceColumns(tx, { canManage, needsReason, rotate, disable })} data={sources.data ?? []} empty={tx('ยังไม่มีแหล่งข้อมูล', 'No sources')} testId="sources-table" />
        </>
      )}
      {canManage && <AddSourceForm submit={addSource} channels={channels.data ?? []} />}
    </section>
  );
}

/** The deposit channels table's columns; the actions (owner) need a reason typed first. */
function channelColumns(
  tx: Tx,
  { canManage, needsReason, setCheckedByStaff, setState }: { canManage: boolean; needsReason: boolean; setCheckedByStaff: Submit<{ id: string; isCheckedByStaff: boolean }>; setState: Submit<{ id: string; state: Channel['state'] }> },
): ColumnDef<Channel, unknown>[] {
  const stateName = { active: tx('เปิดใช้', 'active'), hidden: tx('ซ่อนจากสมาชิก', 'hidden'), disabled: tx('ปิดใช้', 'disabled') };
  const stateAction = { active: tx('เปิดใช้', 'Activate'), hidden: tx('ซ่อน', 'Hide'), disabled: tx('ปิดใช้', 'Disable') };
  return [
    { header: tx('รหัส', 'Id'), accessorKey: 'id' },
    { header: tx('ประเภท', 'Kind'), accessorKey: 'kind' },
    { header: tx('บัญชี', 'Account'), id: 'account', enableSorting: false, cell: ({ row }) => [row.original.bankCode, row.original.accountNumber, row.original.phoneNumber, row.original.promptPayId && `PromptPay ${row.original.promptPayId}`].filter(Boolean).join(' · ') },
    { header: tx('ชื่อบัญชี', 'Name'), accessorKey: 'accountName' },
    { header: tx('สถานะ', 'State'), accessorKey: 'state', cell: (info) => <span className={info.getValue() === 'active' ? 'text-emerald-700' : 'text-slate-500'}>{stateName[info.getValue() as Channel['state']]}</span> },
    {
      // Issue 24 §1: members are offered a channel only when a deposit into it can be credited.
      header: tx('การรับยอดฝาก', 'Crediting'), id: 'creditable', enableSorting: false,
      cell: ({ row }) =>
        row.original.isCreditable ? (
          <span className="text-emerald-700" data-testid={`creditable-${row.original.id}`}>
            {row.original.activeFeedSources > 0 ? tx(`อัตโนมัติ (${row.original.activeFeedSources} แหล่ง)`, `automatic (${row.original.activeFeedSources} source(s))`) : tx('เจ้าหน้าที่ตรวจเอง', 'checked by staff')}
          </span>
        ) : (
          <span className="font-semibold text-amber-700" data-testid={`creditable-${row.original.id}`}>{tx('ยังไม่มีแหล่งข้อมูล — ไม่แสดงให้สมาชิก', 'no feed source: not shown to members')}</span>
        ),
    },
    {
      header: '', id: 'actions', enableSorting: false,
      cell: ({ row }) =>
        canManage ? (
          <div className="flex gap-2">
            <Button variant="plain" disabled={needsReason || setCheckedByStaff.isPending} onClick={() => setCheckedByStaff.mutate({ id: row.original.id, isCheckedByStaff: !row.original.isCheckedByStaff })}>
              {row.original.isCheckedByStaff ? tx('เลิกตรวจเอง', 'Stop staff checking') : tx('เจ้าหน้าที่ตรวจเอง', 'Checked by staff')}
            </Button>
            {(['active', 'hidden', 'disabled'] as const).filter((state) => state !== row.original.state).map((state) => (
              <Button key={state} variant={state === 'disabled' ? 'danger' : 'plain'} disabled={needsReason || setState.isPending} onClick={() => setState.mutate({ id: row.original.id, state })}>{stateAction[state]}</Button>
            ))}
          </div>
        ) : null,
    },
  ];
}

/** The feed sources table's columns: health, and the owner's rotate / disable (disable needs a reason). */
function sourceColumns(tx: Tx, { canManage, needsReason, rotate, disable }: { canManage: boolean; needsReason: boolean; rotate: Submit<string>; disable: Submit<string> }): ColumnDef<Source, unknown>[] {
  return [
    { header: tx('แหล่งข้อมูล', 'Source'), accessorKey: 'sourceId' },
    { header: tx('ประเภท', 'Kind'), id: 'kind', cell: ({ row }) => `${row.original.kind} · ${row.original.protocol}` },
    { header: tx('ช่องทาง', 'Channel'), accessorKey: 'channelId' },
    { header: tx('สถานะ', 'State'), id: 'state', cell: ({ row }) => (!row.original.isActive ? <span className="text-slate-500">{tx('ปิดแล้ว', 'disabled')}</span> : row.original.isAlarm ? <span className="font-semibold text-red-700">{tx('เงียบผิดปกติ', 'silent')}</span> : <span className="text-emerald-700">{tx('ปกติ', 'ok')}</span>) },
    { header: tx('ข้อมูลล่าสุด', 'Last delivery'), accessorKey: 'lastEventAt', cell: (info) => (info.getValue() ? formatDateTime(String(info.getValue())) : '—') },
    { header: tx('รหัสลับเดิมใช้ได้ถึง', 'Old secret valid until'), accessorKey: 'previousSecretValidUntil', cell: (info) => (info.getValue() ? formatDateTime(String(info.getValue())) : '—') },
    {
      header: '', id: 'actions', enableSorting: false,
      cell: ({ row }) =>
        canManage && row.original.isActive ? (
          <div className="flex gap-2">
            <Button variant="plain" disabled={rotate.isPending} onClick={() => rotate.mutate(row.original.sourceId)} data-testid={`rotate-${row.original.sourceId}`}>{tx('เปลี่ยนรหัสลับ', 'Rotate secret')}</Button>
            <Button variant="danger" disabled={needsReason || disable.isPending} onClick={() => disable.mutate(row.original.sourceId)}>{tx('ปิด', 'Disable')}</Button>
          </div>
        ) : null,
    },
  ];
}

/** A new or rotated secret, shown once, with the webhook address to set and the old secret's overlap. */
function NewSecretNotice({ secret, onClose }: { secret: NewSecret; onClose: () => void }) {
  const tx = useBilingual();
  return (
    <div className="rounded-lg bg-amber-50 p-4 text-sm" data-testid="new-secret">
      <p className="font-semibold">{tx('รหัสลับใหม่ของ', 'New secret for')} {secret.sourceId} — {tx('แสดงครั้งเดียว คัดลอกไปตั้งในโทรศัพท์หรือระบบเชื่อมต่อ', 'shown once: copy it into the phone or connector')}</p>
      <code className="block break-all py-1 text-base" data-testid="new-secret-value">{secret.secret}</code>
      {secret.webhookUrl && (
        <p>
          {tx('ที่อยู่ webhook สำหรับตั้งในแอป SMS Gateway / ระบบเชื่อมต่อ', 'Webhook URL for the SMS Gateway app / connector')}:{' '}
          <code className="break-all" data-testid="new-secret-url">{secret.webhookUrl}</code>
        </p>
      )}
      {secret.overlapUntil && <p>{tx('รหัสลับเดิมยังใช้ได้ถึง', 'The old secret still works until')} {formatDateTime(secret.overlapUntil)}</p>}
      <Button variant="plain" onClick={onClose}>{tx('คัดลอกแล้ว ปิด', 'Copied, close')}</Button>
    </div>
  );
}

/** The owner's form for a new deposit channel; emptied once the channel is added. */
function AddChannelForm({ submit }: { submit: Submit<ChannelForm> }) {
  const tx = useBilingual();
  const editor = useForm<ChannelForm>({ resolver: zodResolver(channelForm), defaultValues: { id: 'chn_', kind: 'bank', bankCode: '', accountNumber: '', accountName: '', phoneNumber: '', promptPayId: '', reason: '' } });
  const ce = editor.formState.errors;
  return (
    <form className="grid grid-cols-4 gap-2 rounded-lg bg-white p-4 shadow" onSubmit={editor.handleSubmit((values) => submit.mutate(values, { onSuccess: () => editor.reset() }))} noValidate>
      <h3 className="col-span-4 font-semibold">{tx('เพิ่มช่องทางฝาก', 'Add a deposit channel')}</h3>
      <Field label={tx('รหัส', 'Id')} error={ce.id?.message}><input className="input" {...editor.register('id')} /></Field>
      <Field label={tx('ประเภท', 'Kind')}>
        <select className="input" {...editor.register('kind')}>
          {DEPOSIT_CHANNEL_KINDS.map((kind) => <option key={kind} value={kind}>{tx(DEPOSIT_CHANNEL_KIND_INFO[kind].name.th, DEPOSIT_CHANNEL_KIND_INFO[kind].name.en)}</option>)}
        </select>
      </Field>
      <Field label={tx('รหัสธนาคาร', 'Bank code')} error={ce.bankCode?.message}><input className="input" {...editor.register('bankCode')} /></Field>
      <Field label={tx('เลขบัญชี', 'Account number')} error={ce.accountNumber?.message}><input className="input" {...editor.register('accountNumber')} /></Field>
      <Field label={tx('ชื่อบัญชี', 'Account name')} error={ce.accountName?.message}><input className="input" {...editor.register('accountName')} /></Field>
      <Field label={tx('เบอร์ TrueMoney', 'TrueMoney phone')} error={ce.phoneNumber?.message}><input className="input" {...editor.register('phoneNumber')} /></Field>
      <Field label={tx('พร้อมเพย์', 'PromptPay id')} error={ce.promptPayId?.message}><input className="input" {...editor.register('promptPayId')} /></Field>
      <Field label={tx('เหตุผล', 'Reason')} error={ce.reason?.message}><input className="input" {...editor.register('reason')} /></Field>
      <div className="col-span-4 flex justify-end"><Button type="submit" disabled={submit.isPending}>{tx('เพิ่มช่องทาง', 'Add channel')}</Button></div>
    </form>
  );
}

/** The owner's form for a new feed source on one of the channels; emptied once the source is added (its secret is shown above). */
function AddSourceForm({ submit, channels }: { submit: Submit<SourceForm>; channels: Channel[] }) {
  const tx = useBilingual();
  const editor = useForm<SourceForm>({ resolver: zodResolver(sourceForm), defaultValues: { id: 'src_', kind: 'sms', protocol: 'sms_gateway', channelId: '', reason: '' } });
  const se = editor.formState.errors;
  return (
    <form className="grid grid-cols-5 gap-2 rounded-lg bg-white p-4 shadow" onSubmit={editor.handleSubmit((values) => submit.mutate(values, { onSuccess: () => editor.reset() }))} noValidate>
      <h3 className="col-span-5 font-semibold">{tx('เพิ่มแหล่งข้อมูล', 'Add a feed source')}</h3>
      <Field label={tx('รหัส', 'Id')} error={se.id?.message}><input className="input" {...editor.register('id')} /></Field>
      <Field label={tx('ประเภท', 'Kind')}>
        <select className="input" {...editor.register('kind')}>{FEED_KINDS.map((kind) => <option key={kind} value={kind}>{FEED_KIND_NAMES[kind]}</option>)}</select>
      </Field>
      <Field label={tx('รูปแบบ', 'Protocol')}>
        <select className="input" {...editor.register('protocol')}><option value="sms_gateway">SMS Gateway app</option><option value="sabai_v1">Sabai JSON</option></select>
      </Field>
      <Field label={tx('ช่องทาง', 'Channel')} error={se.channelId?.message}>
        <select className="input" {...editor.register('channelId')}>
          <option value="">—</option>
          {channels.map((channel) => <option key={channel.id} value={channel.id}>{channel.id}</option>)}
        </select>
      </Field>
      <Field label={tx('เหตุผล', 'Reason')} error={se.reason?.message}><input className="input" {...editor.register('reason')} /></Field>
      <div className="col-span-5 flex justify-end"><Button type="submit" disabled={submit.isPending}>{tx('เพิ่มแหล่งข้อมูล', 'Add source')}</Button></div>
    </form>
  );
}
