import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import type { ColumnDef } from '@tanstack/react-table';
import { createdStaffAccountResponse, staffAccountsResponse, type StaffAccountRow } from '@sabai/contracts';
import { apiGet, apiPost, ApiError } from '../lib/api';
import { formatDateTime } from '../lib/format';
import { useI18n } from '../lib/i18n';
import { DataTable } from '../data-table';
import { Button, ErrorText, Field } from '../ui';

type StaffRow = StaffAccountRow;
const ROLES = ['owner', 'finance', 'support', 'marketing', 'auditor'] as const;
const createForm = z.object({ username: z.string().trim().toLowerCase().regex(/^[a-z0-9._-]{3,32}$/, 'a-z 0-9 . _ - ยาว 3–32 ตัว'), role: z.enum(ROLES) });

/** Staff management (owner only): the list, and new accounts with a one-time password shown once. */
export function StaffPage() {
  const { t } = useI18n();
  const client = useQueryClient();
  const [created, setCreated] = useState<{ username: string; oneTimePassword: string; otpauthUri: string } | null>(null);
  const list = useQuery({ queryKey: ['staff'], queryFn: () => apiGet('/staff', staffAccountsResponse) });
  const form = useForm<z.infer<typeof createForm>>({ resolver: zodResolver(createForm), defaultValues: { role: 'support' } });
  const create = useMutation({
    mutationFn: (values: z.infer<typeof createForm>) => apiPost('/staff', values, createdStaffAccountResponse),
    onSuccess: (data) => {
      setCreated(data);
      form.reset({ username: '', role: 'support' });
      void client.invalidateQueries({ queryKey: ['staff'] });
    },
  });
  const columns: ColumnDef<StaffRow, unknown>[] = [
    { header: t('signin.username'), accessorKey: 'username' },
    { header: t('staff.role'), accessorKey: 'role' },
    { header: 'TOTP', accessorKey: 'totpEnrolled', cell: (info) => (info.getValue() ? '✓' : '—') },
    { header: t('col.status'), accessorKey: 'status' },
    { header: t('col.time'), accessorKey: 'createdAt', cell: (info) => formatDateTime(String(info.getValue())) },
  ];
  return (
    <section className="space-y-4">
      <h1 className="text-xl font-semibold">{t('nav.staff')}</h1>
      <form className="flex flex-wrap items-end gap-3 rounded-lg bg-white p-4 shadow" onSubmit={form.handleSubmit((values) => create.mutate(values))} noValidate>
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
        <Button type="submit" disabled={create.isPending}>{t('staff.create')}</Button>
      </form>
      <ErrorText message={create.error instanceof ApiError ? create.error.message : null} />
      {created && (
        <div className="space-y-1 rounded-lg bg-amber-50 p-4 text-sm" data-testid="staff-created">
          <p className="font-semibold">{created.username}: {t('staff.created')}</p>
          <p>
            <code className="font-mono text-base" data-testid="one-time-password">{created.oneTimePassword}</code>
          </p>
        </div>
      )}
      <DataTable columns={columns} data={list.data ?? []} empty={t('withdrawals.empty')} />
    </section>
  );
}
