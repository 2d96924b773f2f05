import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import type { ColumnDef } from '@tanstack/react-table';
import { createItemCodeBatchRequest, disableItemCodeRequest, saveWheelPrizeRequest, disabledItemCodeResponse, itemCodeBatchResponse, itemCodeListResponse, staffWheelPrizeResponse, staffWheelPrizesResponse, type ItemCodeView, type StaffWheelPrize } from '@sabai/contracts';
import { apiGet, apiPostBody, ApiError } from '../../lib/api';
import { formatBaht, formatDateTime } from '../../lib/format';
import { says, useBilingual } from '../../lib/bilingual';
import { DataTable } from '../../data-table';
import { Button, Dialog, ErrorText, Field, DialogActions } from '../../ui';

type Prize = StaffWheelPrize;
type ItemCode = ItemCodeView;
type Tx = ReturnType<typeof useBilingual>;

const prizeForm = z.object({
  label: z.string().trim().min(1).max(60),
  kind: z.enum(['credit', 'prize_credit', 'nothing']),
  amount: z.string().regex(/^\d+(\.\d{1,2})?$/, says('ทศนิยมไม่เกิน 2 ตำแหน่ง', 'at most 2 decimals')),
  weight: z.string().regex(/^[1-9]\d{0,6}$/, '1 – 1,000,000'),
  sortOrder: z.string().regex(/^\d{1,4}$/),
  isActive: z.boolean(),
  reason: z.string().trim().min(3, says('กรุณาระบุเหตุผล', 'Enter a reason (3 characters or more)')).max(500),
});
type PrizeForm = z.infer<typeof prizeForm>;
const batchForm = z.object({
  prefix: z.string().regex(/^[A-Z0-9]{0,12}$/, 'A-Z 0-9 (≤ 12)'),
  count: z.string().regex(/^\d{1,3}$/),
  amount: z.string().regex(/^\d+(\.\d{1,2})?$/, says('ทศนิยมไม่เกิน 2 ตำแหน่ง', 'at most 2 decimals')),
  usesPerCode: z.string().regex(/^[1-9]\d*$/),
  expiresAt: z.string().min(1),
  /** Issue 25 §4: the turnover a redemption owes, × the amount (0 = none, at most 100). */
  turnoverMultiple: z.string().regex(/^(100|[1-9]?\d)$/, '0 – 100'),
  reason: z.string().trim().min(3, says('กรุณาระบุเหตุผล', 'Enter a reason (3 characters or more)')).max(500),
});
type BatchForm = z.infer<typeof batchForm>;

/** Wheel prizes and weights, and item codes (issue 11 "Rewards"; owner, marketing). */
export function RewardsPage() {
  const tx = useBilingual();
  const client = useQueryClient();
  const [editing, setEditing] = useState<Prize | 'new' | null>(null);
  const [batch, setBatch] = useState<string[] | null>(null);
  const [batchPending, setBatchPending] = useState(false);
  const [disableReason, setDisableReason] = useState('');
  const batchLabels = {
    prefix: tx('ขึ้นต้นด้วย', 'Prefix'), count: tx('จำนวนโค้ด', 'How many'), amount: tx('มูลค่า (บาท)', 'Amount (baht)'), usesPerCode: tx('ใช้ได้กี่ครั้งต่อโค้ด', 'Uses per code'),
    expiresAt: tx('หมดอายุ', 'Expires'), turnoverMultiple: tx('เทิร์นโอเวอร์ (เท่าของมูลค่า)', 'Turnover (× the amount)'), reason: tx('เหตุผล', 'Reason'),
  };
  const prizes = useQuery({ queryKey: ['wheel-prizes'], queryFn: () => apiGet('/wheel-prizes', staffWheelPrizesResponse) });
  const codes = useQuery({ queryKey: ['item-codes'], queryFn: () => apiGet('/item-codes?limit=100', itemCodeListResponse) });
  const savePrize = useMutation({
    mutationFn: (values: PrizeForm) => {
      const prize = { label: values.label, kind: values.kind, amount: values.kind === 'nothing' ? 0 : Number(values.amount), weight: Number(values.weight), sortOrder: Number(values.sortOrder), isActive: values.isActive };
      const body: z.input<typeof saveWheelPrizeRequest> = { prize, reason: values.reason };
      const labels = { prize: tx('รางวัล', 'Prize'), reason: tx('เหตุผล', 'Reason') };
      return editing === 'new' || editing === null ? apiPostBody('/wheel-prizes', saveWheelPrizeRequest, body, staffWheelPrizeResponse, labels) : apiPostBody(`/wheel-prizes/${editing.id}`, saveWheelPrizeRequest, body, staffWheelPrizeResponse, labels);
    },
    onSuccess: () => {
      setEditing(null);
      void client.invalidateQueries({ queryKey: ['wheel-prizes'] });
    },
  });
  const createBatch = useMutation({
    mutationFn: (values: BatchForm) => {
      const body: z.input<typeof createItemCodeBatchRequest> = {
        prefix: values.prefix, count: Number(values.count), amount: Number(values.amount), usesPerCode: Number(values.usesPerCode),
        expiresAt: `${values.expiresAt}:00+07:00`, turnoverMultiple: Number(values.turnoverMultiple), reason: values.reason,
      };
      return apiPostBody('/item-codes/batch', createItemCodeBatchRequest, body, itemCodeBatchResponse, batchLabels);
    },
    onSuccess: (data) => {
      setBatch(data.codes);
      setBatchPending(data.approvalStatus === 'pending');
      void client.invalidateQueries({ queryKey: ['item-codes'] });
    },
  });
  const disable = useMutation({ mutationFn: (code: string) => apiPostBody(`/item-codes/${code}/disable`, disableItemCodeRequest, { reason: disableReason }, disabledItemCodeResponse, { reason: tx('เหตุผลการปิดโค้ด', 'Reason to disable a code') }), onSuccess: () => void client.invalidateQueries({ queryKey: ['item-codes'] }) });
  const prizeEditor = useForm<PrizeForm>({ resolver: zodResolver(prizeForm) });
  const batchEditor = useForm<BatchForm>({ resolver: zodResolver(batchForm), defaultValues: { prefix: 'PROMO', count: '10', amount: '20', usesPerCode: '1', expiresAt: new Date(Date.now() + 7 * 3_600_000 + 30 * 86_400_000).toISOString().slice(0, 16), turnoverMultiple: '1', reason: '' } });
  const openPrize = (prize: Prize | 'new') => {
    savePrize.reset();
    const nextSlot = Math.max(-1, ...(prizes.data ?? []).map((row) => row.sortOrder)) + 1;
    prizeEditor.reset(prize === 'new'
      ? { label: '', kind: 'credit', amount: '10', weight: '100', sortOrder: String(nextSlot), isActive: true, reason: '' }
      : { label: prize.label, kind: prize.kind, amount: String(prize.amount), weight: String(prize.weight), sortOrder: String(prize.sortOrder), isActive: prize.isActive, reason: '' });
    setEditing(prize);
  };
  const error = [savePrize, createBatch, disable].map((mutation) => mutation.error).find((caught) => caught instanceof ApiError);
  return (
    <section className="space-y-4">
      <div className="flex items-center gap-3">
        <h1 className="text-xl font-semibold">{tx('วงล้อและโค้ดรางวัล', 'Wheel and item codes')}</h1>
        <Button onClick={() => openPrize('new')}>{tx('เพิ่มรางวัลวงล้อ', 'Add wheel prize')}</Button>
      </div>
      <ErrorText message={error?.message ?? null} />
      <h2 className="font-semibold">{tx('รางวัลบนวงล้อ (โอกาส = น้ำหนัก ÷ น้ำหนักรวมของรางวัลที่เปิดใช้)', 'Wheel prizes (chance = weight ÷ total active weight)')}</h2>
      <DataTable columns={prizeColumns(tx, openPrize)} data={prizes.data ?? []} empty={tx('ยังไม่มีรางวัล', 'No prizes')} testId="wheel-prizes" />
      <h2 className="pt-2 font-semibold">{tx('โค้ดรางวัล', 'Item codes')}</h2>
      <BatchFormFields editor={batchEditor} turnoverLabel={batchLabels.turnoverMultiple} onCreate={(values) => createBatch.mutate(values)} isCreating={createBatch.isPending} disableReason={disableReason} onDisableReason={setDisableReason} />
      {batch && <BatchCodes codes={batch} isPending={batchPending} onClose={() => setBatch(null)} />}
      <DataTable columns={codeColumns(tx, { canDisable: disableReason.trim().length >= 3 && !disable.isPending, onDisable: (code) => disable.mutate(code) })} data={codes.data ?? []} empty={tx('ยังไม่มีโค้ด', 'No codes')} testId="item-codes" />
      {editing && <PrizeDialog editing={editing} editor={prizeEditor} onSave={(values) => savePrize.mutate(values)} isSaving={savePrize.isPending} error={savePrize.error instanceof ApiError ? savePrize.error.message : null} onClose={() => setEditing(null)} />}
    </section>
  );
}

/** A wheel prize's kind in words. */
const kindLabelOf = (tx: Tx, kind: Prize['kind']) => ({ credit: tx('เครดิต', 'credit'), prize_credit: tx('แต้มหมุน', 'spin points'), nothing: tx('ไม่ได้รางวัล', 'nothing') })[kind];

/** The wheel's prizes with their weight and chance; each row opens the prize editor. */
function prizeColumns(tx: Tx, onEdit: (prize: Prize) => void): ColumnDef<Prize, unknown>[] {
  return [
    { header: tx('ตำแหน่ง', 'Slot'), accessorKey: 'sortOrder' },
    { header: tx('รางวัล', 'Prize'), accessorKey: 'label' },
    { header: tx('ประเภท', 'Kind'), accessorKey: 'kind', cell: (info) => kindLabelOf(tx, info.getValue() as Prize['kind']) },
    { header: tx('มูลค่า', 'Amount'), accessorKey: 'amount', cell: (info) => formatBaht(Number(info.getValue())) },
    { header: tx('น้ำหนัก', 'Weight'), accessorKey: 'weight' },
    { header: tx('โอกาส', 'Chance'), accessorKey: 'chancePercent', cell: (info) => <span className="tabular-nums">{Number(info.getValue()).toFixed(2)} %</span> },
    { header: tx('เปิดใช้', 'Active'), accessorKey: 'isActive', cell: (info) => (info.getValue() ? '✓' : '—') },
    { header: '', id: 'edit', enableSorting: false, cell: ({ row }) => <Button variant="plain" onClick={() => onEdit(row.original)}>{tx('แก้ไข', 'Edit')}</Button> },
  ];
}

/** Item codes with their uses, expiry, turnover and liability approval; an unexpired one can be disabled (with the reason typed above). */
function codeColumns(tx: Tx, { canDisable, onDisable }: { canDisable: boolean; onDisable: (code: string) => void }): ColumnDef<ItemCode, unknown>[] {
  return [
    { header: tx('โค้ด', 'Code'), accessorKey: 'code', cell: (info) => <code>{String(info.getValue())}</code> },
    { header: tx('มูลค่า', 'Amount'), accessorKey: 'Amount', cell: (info) => formatBaht(Number(info.getValue())) },
    { header: tx('ใช้แล้ว', 'Used'), id: 'uses', cell: ({ row }) => `${row.original.redeemedCount} / ${row.original.totalUses}` },
    { header: tx('หมดอายุ', 'Expires'), accessorKey: 'expiresAt', cell: ({ row }) => <span className={row.original.isExpired ? 'text-slate-500' : ''}>{formatDateTime(row.original.expiresAt)}{row.original.isExpired ? ` (${tx('หมดอายุ', 'expired')})` : ''}</span> },
    { header: tx('เทิร์นโอเวอร์', 'Turnover'), accessorKey: 'turnoverMultiple', cell: (info) => (Number(info.getValue()) === 0 ? tx('ไม่มี', 'none') : `${Number(info.getValue())}×`) },
    { header: tx('สร้างโดย', 'Created by'), accessorKey: 'createdBy' },
    { header: tx('อนุมัติยอด', 'Liability'), accessorKey: 'approvalStatus', cell: ({ row }) => ({ pending: tx('รออนุมัติ', 'Pending'), approved: tx('อนุมัติแล้ว', 'Approved'), rejected: tx('ไม่อนุมัติ', 'Rejected') })[row.original.approvalStatus] },
    { header: '', id: 'disable', enableSorting: false, cell: ({ row }) => (!row.original.isExpired ? <Button variant="danger" disabled={!canDisable} onClick={() => onDisable(row.original.code)}>{tx('ปิดโค้ด', 'Disable')}</Button> : null) },
  ];
}

/** A new batch of item codes, and the reason used to disable a code in the list below. */
function BatchFormFields({ editor, turnoverLabel, onCreate, isCreating, disableReason, onDisableReason }: { editor: UseFormReturn<BatchForm>; turnoverLabel: string; onCreate: (values: BatchForm) => void; isCreating: boolean; disableReason: string; onDisableReason: (reason: string) => void }) {
  const tx = useBilingual();
  const be = editor.formState.errors;
  return (
  <form className="grid grid-cols-7 gap-2 rounded-lg bg-white p-4 shadow" data-testid="batch-form" onSubmit={editor.handleSubmit(onCreate)} noValidate>
    <Field label={tx('ขึ้นต้นด้วย', 'Prefix')} error={be.prefix?.message}><input className="input" {...editor.register('prefix')} /></Field>
    <Field label={tx('จำนวนโค้ด (≤ 500)', 'How many (≤ 500)')} error={be.count?.message}><input className="input" inputMode="numeric" {...editor.register('count')} /></Field>
    <Field label={tx('มูลค่า (บาท)', 'Amount (baht)')} error={be.amount?.message}><input className="input" inputMode="decimal" {...editor.register('amount')} /></Field>
    <Field label={tx('ใช้ได้กี่ครั้งต่อโค้ด', 'Uses per code')} error={be.usesPerCode?.message}><input className="input" inputMode="numeric" {...editor.register('usesPerCode')} /></Field>
    <Field label={tx('หมดอายุ (เวลาไทย)', 'Expires (Bangkok)')} error={be.expiresAt?.message}><input type="datetime-local" className="input" {...editor.register('expiresAt')} /></Field>
    <Field label={turnoverLabel} error={be.turnoverMultiple?.message}><input className="input" inputMode="numeric" {...editor.register('turnoverMultiple')} /></Field>
    <Field label={tx('เหตุผล', 'Reason')} error={be.reason?.message}><input className="input" {...editor.register('reason')} /></Field>
    <div className="col-span-7 flex items-center justify-between gap-2">
      <label className="flex items-center gap-2 text-sm">{tx('เหตุผลการปิดโค้ด', 'Reason to disable a code')} <input className="input w-72" value={disableReason} onChange={(event) => onDisableReason(event.target.value)} aria-label={tx('เหตุผลการปิดโค้ด', 'Reason to disable a code')} /></label>
      <Button type="submit" disabled={isCreating}>{tx('สร้างโค้ดชุดใหม่', 'Create batch')}</Button>
    </div>
  </form>
  );
}

/** The codes of the batch just created, to copy; waiting for approval when their total needs it (issue 25 §1). */
function BatchCodes({ codes, isPending, onClose }: { codes: string[]; isPending: boolean; onClose: () => void }) {
  const tx = useBilingual();
  return (
    <div className="rounded-lg bg-emerald-50 p-4 text-sm" data-testid="batch-codes">
      <p className="font-semibold">{tx(`สร้างโค้ด ${codes.length} รายการ`, `${codes.length} codes created`)}</p>
      {/* Issue 25 §1: codes pay only once finance or the owner approved the liability (amount × uses). */}
      {isPending && <p role="status" data-testid="batch-pending">{tx('ส่งขออนุมัติยอดรวมแล้ว โค้ดจะใช้ได้เมื่อฝ่ายการเงินหรือเจ้าของอนุมัติ (เมนู อนุมัติ)', 'Sent for approval: the codes pay once finance or the owner approves the total (Approvals)')}</p>}
      <textarea className="input font-mono" rows={4} readOnly value={codes.join('\n')} />
      <Button variant="plain" onClick={onClose}>{tx('ปิด', 'Close')}</Button>
    </div>
  );
}

/** Adding or editing a wheel prize: label, kind, amount, weight, slot, active, and the reason audited. */
function PrizeDialog({ editing, editor, onSave, isSaving, error, onClose }: { editing: Prize | 'new'; editor: UseFormReturn<PrizeForm>; onSave: (values: PrizeForm) => void; isSaving: boolean; error: string | null; onClose: () => void }) {
  const tx = useBilingual();
  const pe = editor.formState.errors;
  return (
    <Dialog label={editing === 'new' ? tx('เพิ่มรางวัล', 'Add prize') : tx('แก้ไขรางวัล', 'Edit prize')} onClose={onClose}>
      <form className="w-full max-w-lg space-y-3 rounded-xl bg-white p-6 shadow-xl" onSubmit={editor.handleSubmit(onSave)} noValidate>
        <h2 className="text-lg font-semibold">{editing === 'new' ? tx('เพิ่มรางวัล', 'Add prize') : `${tx('แก้ไขรางวัล', 'Edit prize')} #${editing.id}`}</h2>
        <Field label={tx('ชื่อรางวัล', 'Label')} error={pe.label?.message}><input className="input" {...editor.register('label')} /></Field>
        <div className="grid grid-cols-2 gap-3">
          <Field label={tx('ประเภท', 'Kind')}>
            <select className="input" {...editor.register('kind')}>
              <option value="credit">{kindLabelOf(tx, 'credit')}</option>
              <option value="prize_credit">{kindLabelOf(tx, 'prize_credit')}</option>
              <option value="nothing">{kindLabelOf(tx, 'nothing')}</option>
            </select>
          </Field>
          <Field label={tx('มูลค่า (บาท)', 'Amount (baht)')} error={pe.amount?.message}><input className="input" inputMode="decimal" {...editor.register('amount')} /></Field>
          <Field label={tx('น้ำหนัก', 'Weight')} error={pe.weight?.message}><input className="input" inputMode="numeric" {...editor.register('weight')} /></Field>
          <Field label={tx('ตำแหน่งบนวงล้อ', 'Wheel slot')} error={pe.sortOrder?.message}><input className="input" inputMode="numeric" {...editor.register('sortOrder')} /></Field>
        </div>
        <label className="flex items-center gap-2 text-sm"><input type="checkbox" {...editor.register('isActive')} /> {tx('เปิดใช้', 'Active')}</label>
        <Field label={tx('เหตุผล', 'Reason')} error={pe.reason?.message}><input className="input" {...editor.register('reason')} /></Field>
        <ErrorText message={error} />
        <DialogActions onCancel={onClose}>
          <Button type="submit" disabled={isSaving}>{tx('บันทึก', 'Save')}</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
