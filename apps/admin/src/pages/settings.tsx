import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffSiteSettingsResponse, type StaffSiteSettingsWire } from '@sabai/contracts';
import { apiGet, apiPost, ApiError } from '../lib/api';
import { Button, ErrorText } from '../ui';

/** What staff have changed and not saved yet: the fields in their wire shape (baht, basis points). */
type Draft = Partial<Record<keyof StaffSiteSettingsWire, StaffSiteSettingsWire[keyof StaffSiteSettingsWire]>>;

/** The fields staff edit, with their Thai labels and kinds (issue 11 "Settings"). Money in baht. */
const FIELDS: Array<{ key: keyof StaffSiteSettingsWire; label: string; kind: 'text' | 'baht' | 'bp' | 'switch' }> = [
  { key: 'siteName', label: 'ชื่อเว็บไซต์', kind: 'text' },
  { key: 'lineId', label: 'LINE ID', kind: 'text' },
  { key: 'alertMessage', label: 'ข้อความประกาศ', kind: 'text' },
  { key: 'isMaintenance', label: 'ปิดปรับปรุง', kind: 'switch' },
  { key: 'isDisabled', label: 'ปิดเว็บไซต์', kind: 'switch' },
  { key: 'withdrawEnabled', label: 'เปิดถอนเงิน', kind: 'switch' },
  { key: 'withdrawMin', label: 'ถอนขั้นต่ำ (บาท)', kind: 'baht' },
  { key: 'withdrawMax', label: 'ถอนสูงสุดต่อครั้ง (บาท)', kind: 'baht' },
  { key: 'withdrawAutoMax', label: 'ถอนอัตโนมัติไม่เกิน (บาท)', kind: 'baht' },
  { key: 'depositReviewThreshold', label: 'ยอดฝากที่ต้องตรวจ (บาท)', kind: 'baht' },
  { key: 'amlReviewAbove', label: 'ยอดฝากที่ต้องตรวจ AML (บาท)', kind: 'baht' },
  { key: 'cashbackEnabled', label: 'เปิดคืนยอดเสีย', kind: 'switch' },
  { key: 'cashbackBasisPoints', label: 'คืนยอดเสีย (basis points, 500 = 5%)', kind: 'bp' },
  { key: 'affiliateEnabled', label: 'เปิดระบบแนะนำเพื่อน', kind: 'switch' },
  { key: 'affiliateLevel1BasisPoints', label: 'ค่าแนะนำชั้น 1 (basis points)', kind: 'bp' },
  { key: 'affiliateLevel2BasisPoints', label: 'ค่าแนะนำชั้น 2 (basis points)', kind: 'bp' },
  { key: 'affiliateAutoWithdrawMax', label: 'ถอนรายได้แนะนำอัตโนมัติไม่เกิน (บาท)', kind: 'baht' },
];

/** Site settings (owner changes them; everyone else reads), each change with a reason, audited. */
export function SettingsPage({ canManage }: { canManage: boolean }) {
  const client = useQueryClient();
  const settings = useQuery({ queryKey: ['settings'], queryFn: () => apiGet('/settings', staffSiteSettingsResponse) });
  const [draft, setDraft] = useState<Draft>({});
  const [reason, setReason] = useState('');
  const save = useMutation({
    mutationFn: () => apiPost('/settings', { change: draft, reason }, staffSiteSettingsResponse),
    onSuccess: () => {
      setDraft({});
      setReason('');
      void client.invalidateQueries({ queryKey: ['settings'] });
    },
  });
  if (!settings.data) return <p className="text-slate-600">…</p>;
  const value = (key: keyof StaffSiteSettingsWire) => (key in draft ? draft[key] : settings.data[key]);
  return (
    <section className="space-y-4">
      <h1 className="text-xl font-semibold">ตั้งค่าเว็บไซต์</h1>
      <div className="grid grid-cols-2 gap-x-8 gap-y-3 rounded-lg bg-white p-6 shadow">
        {FIELDS.map((field) => (
          <label key={field.key} className="flex items-center justify-between gap-4 text-sm">
            <span>{field.label}</span>
            {field.kind === 'switch' ? (
              <input type="checkbox" disabled={!canManage} checked={Boolean(value(field.key))} onChange={(event) => setDraft({ ...draft, [field.key]: event.target.checked })} />
            ) : (
              <input
                className="input w-56"
                disabled={!canManage}
                value={String(value(field.key) ?? '')}
                inputMode={field.kind === 'text' ? 'text' : 'decimal'}
                onChange={(event) => setDraft({ ...draft, [field.key]: field.kind === 'text' ? event.target.value : Number(event.target.value) })}
              />
            )}
          </label>
        ))}
      </div>
      {canManage && (
        <div className="flex items-center gap-3">
          <input className="input w-96" placeholder="เหตุผลการเปลี่ยนแปลง (บันทึกในประวัติ)" value={reason} onChange={(event) => setReason(event.target.value)} />
          <Button disabled={Object.keys(draft).length === 0 || !reason.trim() || save.isPending} onClick={() => save.mutate()}>บันทึก</Button>
        </div>
      )}
      <ErrorText message={save.error instanceof ApiError ? save.error.message : null} />
    </section>
  );
}
