import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import type { ColumnDef } from '@tanstack/react-table';
import { createdStaffAccountResponse, staffAccountResponse, staffAccountsResponse, staffResetResponse, type StaffAccountRow } from '@sabai/contracts';
import { apiGet, apiPost, ApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useI18n } from '../../lib/i18n';
import { says, useBilingual } from '../../lib/bilingual';
import { DataTable } from '../../data-table';
import { Button, ErrorText, Field } from '../../ui';

type StaffRow = StaffAccountRow;
const ROLES = ['owner', 'finance', 'support', 'marketing', 'auditor'] as const;
const createForm = z.object({ username: z.string().trim().toLowerCase().regex(/^[a-z0-9._-]{3,32}$/, says('a-z 0-9 . _ - ยาว 3–32 ตัว', 'a-z 0-9 . _ - 3–32 characters')), role: z.enum(ROLES) });
type CreateForm = z.infer<typeof createForm>;
type T = ReturnType<typeof useI18n>['t'];
type Tx = ReturnType<typeof useBilingual>;
/**
 * Staff management (owner only): the list, new accounts with a one-time password shown once, a
 * role change, disable / enable (a disabled account's sessions end at once), and a reset of the
 * password and authenticator (a lost phone) — each with a reason, audited. The server keeps one
 * active owner and refuses changes to the owner's own account.
 */
export function StaffPage() {
  const { t } = useI18n();
  const tx = useBilingual();
  const [reason, setReason] = useState('');
  const [reset, setReset] = useState<{ username: string; oneTimePassword: string } | null>(null);
  const client = useQueryClient();
  const [created, setCreated] = useState<{ username: string; oneTimePassword: string; otpauthUri: string } | null>(null);
  const list = useQuery({ queryKey: ['staff'], queryFn: () => apiGet('/staff', staffAccountsResponse) });
  const form = useForm<CreateForm>({ resolver: zodResolver(createForm), defaultValues: { role: 'support' } });
  const create = useMutation({
    mutationFn: (values: CreateForm) => apiPost('/staff', values, createdStaffAccountResponse),
    onSuccess: (data) => {
      setCreated(data);
      form.reset({ username: '', role: 'support' });
      void client.invalidateQueries({ queryKey: ['staff'] });
    },
  });
  const change = useMutation({
    mutationFn: (input: { id: string; role?: StaffRow['role']; status?: 'active' | 'disabled' }) => apiPost(`/staff/${input.id}`, { ...(input.role ? { role: input.role } : {}), ...(input.status ? { status: input.status } : {}), reason }, staffAccountResponse),
    onSuccess: () => {
      setReason('');
      void client.invalidateQueries({ queryKey: ['staff'] });
    },
  });
  const resetCredentials = useMutation({
    mutationFn: (id: string) => apiPost(`/staff/${id}/reset`, { reason }, staffResetResponse),
    onSuccess: (data) => {
      setReset(data);
      setReason('');
      void client.invalidateQueries({ queryKey: ['staff'] });
    },
  });
  const needsReason = !reason.trim();
  return (
    <section className="space-y-4">
      <h1 className="text-xl font-semibold">{t('nav.staff')}</h1>
      <CreateStaffForm form={form} onCreate={(values) => create.mutate(values)} isCreating={create.isPending} />
      <ErrorText message={create.error instanceof ApiError ? create.error.message : null} />
      {created && (
        <div className="space-y-1 rounded-lg bg-amber-50 p-4 text-sm" data-testid="staff-created">
          <p className="font-semibold">{created.username}: {t('staff.created')}</p>
          <p>
            <code className="font-mono text-base" data-testid="one-time-password">{created.oneTimePassword}</code>
          </p>
        </div>
      )}
      <div className="flex items-center gap-3">
        <input
          className="input w-[40rem]"
          placeholder={tx('เหตุผล (จำเป็นสำหรับเปลี่ยนบทบาท ปิด/เปิด หรือรีเซ็ต)', 'Reason (needed to change a role, disable/enable or reset)')}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          data-testid="staff-reason"
        />
      </div>
      <ErrorText message={change.error instanceof ApiError ? change.error.message : resetCredentials.error instanceof ApiError ? resetCredentials.error.message : null} />
      {reset && (
        <div className="space-y-1 rounded-lg bg-amber-50 p-4 text-sm" data-testid="staff-reset">
          <p className="font-semibold">
            {reset.username}: {tx('รหัสผ่านชั่วคราว แสดงครั้งเดียว ลงทะเบียนแอปยืนยันตัวตนใหม่เมื่อเข้าสู่ระบบ', 'one-time password, shown once; the authenticator is enrolled again at the next sign-in')}
          </p>
          <code className="font-mono text-base">{reset.oneTimePassword}</code>
        </div>
      )}
      <DataTable columns={staffColumns(t, tx, { isLocked: (pending) => needsReason || pending, change, resetCredentials })} data={list.data ?? []} empty={t('withdrawals.empty')} />
    </section>
  );
}

/** Each account's role, authenticator, status and the owner's actions (locked until a reason is typed or while one runs). */
function staffColumns(
  t: T,
  tx: Tx,
  { isLocked, change, resetCredentials }: {
    isLocked: (pending: boolean) => boolean;
    change: { mutate: (input: { id: string; role?: StaffRow['role']; status?: 'active' | 'disabled' }) => void; isPending: boolean };
    resetCredentials: { mutate: (id: string) => void; isPending: boolean };
  },
): ColumnDef<StaffRow, unknown>[] {
  return [
    { header: t('signin.username'), accessorKey: 'username' },
    { header: t('staff.role'), accessorKey: 'role' },
    { header: 'TOTP', accessorKey: 'totpEnrolled', cell: (info) => (info.getValue() ? '✓' : '—') },
    { header: t('col.status'), accessorKey: 'status' },
    { header: t('col.time'), accessorKey: 'createdAt', cell: (info) => formatDateTime(String(info.getValue())) },
    {
      header: t('col.actions'),
      id: 'actions',
      enableSorting: false,
      cell: ({ row }) => (
        <div className="flex flex-wrap items-center gap-2">
          <select
            className="input w-36"
            aria-label={`${row.original.username}: ${tx('เปลี่ยนเป็น', 'change to')}`}
            value={row.original.role}
            disabled={isLocked(change.isPending)}
            onChange={(event) => change.mutate({ id: row.original.id, role: event.target.value as StaffRow['role'] })}
          >
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {role}
              </option>
            ))}
          </select>
          <Button
            variant={row.original.status === 'active' ? 'danger' : 'plain'}
            disabled={isLocked(change.isPending)}
            onClick={() => change.mutate({ id: row.original.id, status: row.original.status === 'active' ? 'disabled' : 'active' })}
            data-testid={`staff-status-${row.original.username}`}
          >
            {row.original.status === 'active' ? tx('ปิดบัญชี', 'Disable') : tx('เปิดบัญชี', 'Enable')}
          </Button>
          <Button variant="plain" disabled={isLocked(resetCredentials.isPending)} onClick={() => resetCredentials.mutate(row.original.id)} data-testid={`staff-reset-${row.original.username}`}>
            {tx('รีเซ็ตรหัสผ่านและแอปยืนยัน', 'Reset password and authenticator')}
          </Button>
        </div>
      ),
    },
  ];
}

/** A new account: username and role; its one-time password is shown once after. */
function CreateStaffForm({ form, onCreate, isCreating }: { form: UseFormReturn<CreateForm>; onCreate: (values: CreateForm) => void; isCreating: boolean }) {
  const { t } = useI18n();
  return (
    <form className="flex flex-wrap items-end gap-3 rounded-lg bg-white p-4 shadow" onSubmit={form.handleSubmit(onCreate)} noValidate>
      <Field label={t('signin.username')} error={form.formState.errors.username?.message}>
        <input className="input w-56" {...form.register('username')} />
      </Field>
      <Field label={t('staff.role')}>
        <select className="input w-44" {...form.register('role')}>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {role}
            </option>
          ))}
        </select>
      </Field>
      <Button type="submit" disabled={isCreating}>{t('staff.create')}</Button>
    </form>
  );
}
