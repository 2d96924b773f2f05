import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import type { ColumnDef } from '@tanstack/react-table';
import { closePromotionRequest, createPromotionRequest, moneyActionOutcomeResponse, promotionBudgetRequest, promotionFields, staffPromotionResponse, staffPromotionsResponse, updatePromotionRequest, type StaffPromotion } from '@sabai/contracts';
import { apiGet, apiPostBody, ApiError } from '../../lib/api';
import { bahtFromText } from '../../lib/baht-input';
import { formatBaht, formatDateTime } from '../../lib/format';
import { says, useBilingual } from '../../lib/bilingual';
import { DataTable } from '../../data-table';
import { Button, Dialog, ErrorText, Field, DialogActions } from '../../ui';

/** Two decimals at most, as the API wants (baht, or a multiple of the deposit). */
const decimal = z.string().trim().regex(/^\d+(\.\d{1,2})?$/, says('ตัวเลข ทศนิยมไม่เกิน 2 ตำแหน่ง', 'a number, at most 2 decimals'));
const form = z.object({
  id: z.string().regex(/^[a-z0-9_-]{3,40}$/, 'a-z 0-9 _ - (3–40)'),
  title: z.string().trim().min(1).max(200),
  description: z.string().max(2_000),
  minimumDeposit: decimal,
  bonusType: z.enum(['0', '1']),
  bonusValue: decimal,
  maxBonusType: z.enum(['0', '1']),
  maxBonusValue: decimal,
  turnoverType: z.enum(['0', '1']),
  turnoverValue: decimal,
  maxWithdrawType: z.enum(['0', '1']),
  maxWithdrawValue: decimal,
  startsAt: z.string().min(1),
  endsAt: z.string(),
  eligibility: z.enum(['any', 'first_deposit']),
  oncePerMember: z.boolean(),
  oncePerDay: z.boolean(),
  maxGrantsTotal: z.string().regex(/^\d*$/),
  reason: z.string().trim().min(3, says('กรุณาระบุเหตุผล', 'Enter a reason (3 characters or more)')).max(500),
});
type Form = z.infer<typeof form>;

/** datetime-local (Bangkok wall time) ↔ ISO. */
const toLocal = (iso: string) => new Date(new Date(iso).getTime() + 7 * 3_600_000).toISOString().slice(0, 16);
const fromLocal = (local: string) => `${local}:00+07:00`;

const blank = (): Form => ({
  id: '', title: '', description: '', minimumDeposit: '100', bonusType: '0', bonusValue: '50', maxBonusType: '0', maxBonusValue: '0', turnoverType: '1', turnoverValue: '1',
  maxWithdrawType: '0', maxWithdrawValue: '0', startsAt: toLocal(new Date().toISOString()), endsAt: '', eligibility: 'any', oncePerMember: false, oncePerDay: false, maxGrantsTotal: '', reason: '',
});
const fromPromotion = (promotion: StaffPromotion): Form => ({
  id: promotion.id, title: promotion.title, description: promotion.description ?? '', minimumDeposit: String(promotion.minimumDeposit),
  bonusType: String(promotion.bonus.type) as '0' | '1', bonusValue: String(promotion.bonus.value),
  maxBonusType: String(promotion.maxBonus.type) as '0' | '1', maxBonusValue: String(promotion.maxBonus.value),
  turnoverType: String(promotion.turnover.type) as '0' | '1', turnoverValue: String(promotion.turnover.value),
  maxWithdrawType: String(promotion.maxWithdraw.type) as '0' | '1', maxWithdrawValue: String(promotion.maxWithdraw.value),
  startsAt: toLocal(promotion.startsAt), endsAt: promotion.endsAt ? toLocal(promotion.endsAt) : '', eligibility: promotion.eligibility,
  oncePerMember: promotion.oncePerMember, oncePerDay: promotion.oncePerDay, maxGrantsTotal: promotion.maxGrantsTotal === null ? '' : String(promotion.maxGrantsTotal), reason: '',
});
const unit = (value: '0' | '1'): 0 | 1 => (value === '1' ? 1 : 0);
/** The form's text → the server's `promotionFields` (numbers checked by the form's regex first: never NaN). */
const toWire = (values: Form): z.input<typeof promotionFields> => ({
  title: values.title,
  description: values.description.trim() === '' ? null : values.description,
  imageUrl: null,
  minimumDeposit: Number(values.minimumDeposit),
  bonus: { type: unit(values.bonusType), value: Number(values.bonusValue) },
  maxBonus: { type: unit(values.maxBonusType), value: Number(values.maxBonusValue) },
  turnover: { type: unit(values.turnoverType), value: Number(values.turnoverValue) },
  maxWithdraw: { type: unit(values.maxWithdrawType), value: Number(values.maxWithdrawValue) },
  startsAt: fromLocal(values.startsAt),
  endsAt: values.endsAt === '' ? null : fromLocal(values.endsAt),
  eligibility: values.eligibility,
  oncePerMember: values.oncePerMember,
  oncePerDay: values.oncePerDay,
  maxGrantsTotal: values.maxGrantsTotal === '' ? null : Number(values.maxGrantsTotal),
});

type Editing = { mode: 'create' } | { mode: 'edit'; promotion: StaffPromotion };
type Tx = ReturnType<typeof useBilingual>;

/** Promotions (issue 11 "Promotions"; owner, marketing): list, create, edit, close, with the eligibility rules of migration 0017. */
export function PromotionsPage() {
  const tx = useBilingual();
  const client = useQueryClient();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [closing, setClosing] = useState<StaffPromotion | null>(null);
  const [closeReason, setCloseReason] = useState('');
  const [budgeting, setBudgeting] = useState<StaffPromotion | null>(null);
  const fieldLabels = { id: tx('รหัส', 'Id'), promotion: tx('โปรโมชั่น', 'Promotion'), reason: tx('เหตุผล', 'Reason'), budget: tx('งบโบนัส (บาท)', 'Bonus budget (baht)') };
  const list = useQuery({ queryKey: ['promotions'], queryFn: () => apiGet('/promotions', staffPromotionsResponse) });
  const save = useMutation({
    mutationFn: (values: Form) =>
      editing?.mode === 'edit'
        ? apiPostBody(`/promotions/${editing.promotion.id}`, updatePromotionRequest, { promotion: toWire(values), reason: values.reason }, staffPromotionResponse, fieldLabels)
        : apiPostBody('/promotions', createPromotionRequest, { id: values.id, promotion: toWire(values), reason: values.reason }, staffPromotionResponse, fieldLabels),
    onSuccess: () => {
      setEditing(null);
      void client.invalidateQueries({ queryKey: ['promotions'] });
    },
  });
  const close = useMutation({
    mutationFn: (input: { id: string; reason: string }) => apiPostBody(`/promotions/${input.id}/close`, closePromotionRequest, { reason: input.reason }, staffPromotionResponse, fieldLabels),
    onSuccess: () => {
      setClosing(null);
      setCloseReason('');
      void client.invalidateQueries({ queryKey: ['promotions'] });
    },
  });
  const editor = useForm<Form>({ resolver: zodResolver(form), defaultValues: blank() });
  const open = (next: typeof editing) => {
    save.reset();
    editor.reset(next?.mode === 'edit' ? fromPromotion(next.promotion) : blank());
    setEditing(next);
  };
  return (
    <section className="space-y-4">
      <div className="flex items-center gap-3">
        <h1 className="text-xl font-semibold">{tx('โปรโมชั่น', 'Promotions')}</h1>
        <Button onClick={() => open({ mode: 'create' })} data-testid="new-promotion">{tx('สร้างโปรโมชั่น', 'New promotion')}</Button>
      </div>
      <ErrorText message={list.error instanceof Error ? list.error.message : null} />
      <DataTable columns={promotionColumns(tx, { onEdit: (promotion) => open({ mode: 'edit', promotion }), onBudget: setBudgeting, onClose: setClosing })} data={list.data ?? []} empty={tx('ยังไม่มีโปรโมชั่น', 'No promotions yet')} testId="promotions-table" />
      {editing && <PromotionDialog editing={editing} editor={editor} onSave={(values) => save.mutate(values)} isSaving={save.isPending} error={save.error instanceof ApiError ? save.error.message : null} onClose={() => setEditing(null)} />}
      {closing && (
        <ClosePromotionDialog promotion={closing} reason={closeReason} onReason={setCloseReason} onConfirm={() => close.mutate({ id: closing.id, reason: closeReason })} isClosing={close.isPending} error={close.error instanceof ApiError ? close.error.message : null} onClose={() => setClosing(null)} />
      )}
      {budgeting && <BudgetDialog promotion={budgeting} labels={fieldLabels} onClose={() => setBudgeting(null)} />}
    </section>
  );
}

/** A promotion's amount: baht, or a multiple of the deposit. */
const amountText = (value: { type: 0 | 1; value: number }) => (value.type === 1 ? `${value.value}×` : formatBaht(value.value));

/** The promotions table's columns, with edit, ask for a budget and close on each row. */
function promotionColumns(tx: Tx, actions: { onEdit: (promotion: StaffPromotion) => void; onBudget: (promotion: StaffPromotion) => void; onClose: (promotion: StaffPromotion) => void }): ColumnDef<StaffPromotion, unknown>[] {
  const rules = (row: StaffPromotion) =>
    [
      row.eligibility === 'first_deposit' ? tx('ฝากแรกเท่านั้น', 'first deposit only') : null,
      row.oncePerMember ? tx('ครั้งเดียวต่อคน', 'once per member') : null,
      row.oncePerDay ? tx('วันละครั้ง', 'once a day') : null,
      row.maxGrantsTotal !== null ? tx(`รวมไม่เกิน ${row.maxGrantsTotal} สิทธิ์`, `at most ${row.maxGrantsTotal} grants`) : null,
    ].filter(Boolean).join(' · ');
  return [
    { header: tx('รหัส', 'Id'), accessorKey: 'id' },
    { header: tx('ชื่อโปรโมชั่น', 'Title'), accessorKey: 'title' },
    { header: tx('โบนัส', 'Bonus'), id: 'bonus', enableSorting: false, cell: ({ row }) => `${amountText(row.original.bonus)} · ${tx('สูงสุด', 'max')} ${row.original.maxBonus.value === 0 ? '∞' : amountText(row.original.maxBonus)}` },
    { header: tx('ฝากขั้นต่ำ', 'Min. deposit'), accessorKey: 'minimumDeposit', cell: (info) => formatBaht(Number(info.getValue())) },
    { header: tx('เงื่อนไข', 'Rules'), id: 'rules', enableSorting: false, cell: ({ row }) => <span className="text-xs">{rules(row.original)}</span> },
    { header: tx('ช่วงเวลา', 'Window'), id: 'window', enableSorting: false, cell: ({ row }) => <span className="text-xs">{formatDateTime(row.original.startsAt)} – {row.original.endsAt ? formatDateTime(row.original.endsAt) : '∞'}</span> },
    { header: tx('มอบแล้ว', 'Granted'), accessorKey: 'grants', cell: ({ row }) => `${row.original.grants} · ${formatBaht(row.original.bonusPaid)}` },
    { header: tx('งบโบนัส', 'Bonus budget'), id: 'budget', enableSorting: false, cell: ({ row }) => <BudgetCell promotion={row.original} /> },
    { header: tx('สถานะ', 'Status'), accessorKey: 'isActive', cell: (info) => (info.getValue() ? <span className="text-emerald-700">{tx('เปิด', 'open')}</span> : <span className="text-slate-500">{tx('ปิดแล้ว', 'closed')}</span>) },
    {
      header: '', id: 'actions', enableSorting: false,
      cell: ({ row }) => (
        <div className="flex gap-2">
          <Button variant="plain" onClick={() => actions.onEdit(row.original)} data-testid={`edit-${row.original.id}`}>{tx('แก้ไข', 'Edit')}</Button>
          {row.original.budget.state !== 'pending' && row.original.budget.state !== 'unlimited' && <Button variant="plain" onClick={() => actions.onBudget(row.original)} data-testid={`budget-${row.original.id}`}>{tx('ของบ', 'Ask budget')}</Button>}
          {row.original.isActive && <Button variant="danger" onClick={() => actions.onClose(row.original)} data-testid={`close-${row.original.id}`}>{tx('ปิด', 'Close')}</Button>}
        </div>
      ),
    },
  ];
}

/** Creating or editing a promotion: its terms, eligibility rules, window, and the reason kept in the audit trail. */
function PromotionDialog({ editing, editor, onSave, isSaving, error, onClose }: { editing: Editing; editor: UseFormReturn<Form>; onSave: (values: Form) => void; isSaving: boolean; error: string | null; onClose: () => void }) {
  const tx = useBilingual();
  const errors = editor.formState.errors;
  const typed = (name: 'bonus' | 'maxBonus' | 'turnover' | 'maxWithdraw', label: string) => (
    <Field label={label} error={errors[`${name}Value`]?.message}>
      <div className="flex gap-2">
        <input className="input" inputMode="decimal" {...editor.register(`${name}Value`)} aria-label={label} />
        <select className="input w-40" {...editor.register(`${name}Type`)} aria-label={`${label} ${tx('หน่วย', 'unit')}`}>
          <option value="0">{tx('บาท', 'baht')}</option>
          <option value="1">{tx('เท่าของยอดฝาก', '× the deposit')}</option>
        </select>
      </div>
    </Field>
  );
  return (
    <Dialog label={editing.mode === 'edit' ? tx('แก้ไขโปรโมชั่น', 'Edit promotion') : tx('สร้างโปรโมชั่น', 'New promotion')} onClose={onClose}>
      <form className="w-full max-w-3xl space-y-3 rounded-xl bg-white p-6 shadow-xl" onSubmit={editor.handleSubmit(onSave)} noValidate data-testid="promotion-form">
        <h2 className="text-lg font-semibold">{editing.mode === 'edit' ? `${tx('แก้ไขโปรโมชั่น', 'Edit promotion')} ${editing.promotion.id}` : tx('สร้างโปรโมชั่น', 'New promotion')}</h2>
        <div className="grid grid-cols-2 gap-3">
          <Field label={tx('รหัส (a-z 0-9 -)', 'Id (a-z 0-9 -)')} error={errors.id?.message}>
            <input className="input" {...editor.register('id')} disabled={editing.mode === 'edit'} />
          </Field>
          <Field label={tx('ชื่อโปรโมชั่น', 'Title')} error={errors.title?.message}><input className="input" {...editor.register('title')} /></Field>
          <Field label={tx('รายละเอียด', 'Description')} error={errors.description?.message}><input className="input" {...editor.register('description')} /></Field>
          <Field label={tx('ฝากขั้นต่ำ (บาท)', 'Minimum deposit (baht)')} error={errors.minimumDeposit?.message}><input className="input" inputMode="decimal" {...editor.register('minimumDeposit')} /></Field>
          {typed('bonus', tx('โบนัส', 'Bonus'))}
          {typed('maxBonus', tx('โบนัสสูงสุด (0 = ไม่จำกัด)', 'Maximum bonus (0 = none)'))}
          {typed('turnover', tx('เทิร์นโอเวอร์ (เท่าของฝาก+โบนัส)', 'Turnover (× deposit + bonus)'))}
          {typed('maxWithdraw', tx('ถอนได้สูงสุด (0 = ไม่จำกัด)', 'Maximum withdrawal (0 = none)'))}
          <Field label={tx('เริ่ม (เวลาไทย)', 'Starts (Bangkok time)')} error={errors.startsAt?.message}><input type="datetime-local" className="input" {...editor.register('startsAt')} /></Field>
          <Field label={tx('สิ้นสุด (ว่าง = ไม่มีกำหนด)', 'Ends (empty = open-ended)')} error={errors.endsAt?.message}><input type="datetime-local" className="input" {...editor.register('endsAt')} /></Field>
          <Field label={tx('ใครได้รับ', 'Who qualifies')}>
            <select className="input" {...editor.register('eligibility')} data-testid="eligibility">
              <option value="any">{tx('ทุกยอดฝาก', 'Every deposit')}</option>
              <option value="first_deposit">{tx('ฝากครั้งแรกเท่านั้น', 'First deposit only')}</option>
            </select>
          </Field>
          <Field label={tx('สิทธิ์รวมสูงสุด (ว่าง = ไม่จำกัด)', 'Total grants at most (empty = no limit)')} error={errors.maxGrantsTotal?.message}><input className="input" inputMode="numeric" {...editor.register('maxGrantsTotal')} /></Field>
          <label className="flex items-center gap-2 text-sm"><input type="checkbox" {...editor.register('oncePerMember')} /> {tx('ครั้งเดียวต่อสมาชิก', 'Once per member')}</label>
          <label className="flex items-center gap-2 text-sm"><input type="checkbox" {...editor.register('oncePerDay')} /> {tx('วันละครั้งต่อสมาชิก (ตามวันไทย)', 'Once a day per member (Bangkok day)')}</label>
        </div>
        <Field label={tx('เหตุผล (บันทึกในประวัติการทำงาน)', 'Reason (kept in the audit trail)')} error={errors.reason?.message}><input className="input" {...editor.register('reason')} /></Field>
        <ErrorText message={error} />
        <DialogActions onCancel={onClose}>
          <Button type="submit" disabled={isSaving}>{tx('บันทึก', 'Save')}</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** Closing a promotion with a reason: no new grants from now on. */
function ClosePromotionDialog({ promotion, reason, onReason, onConfirm, isClosing, error, onClose }: { promotion: StaffPromotion; reason: string; onReason: (reason: string) => void; onConfirm: () => void; isClosing: boolean; error: string | null; onClose: () => void }) {
  const tx = useBilingual();
  return (
    <Dialog label={tx('ปิดโปรโมชั่น', 'Close promotion')} onClose={onClose}>
      <div className="w-full max-w-md space-y-3 rounded-xl bg-white p-6 shadow-xl">
        <h2 className="text-lg font-semibold">{tx('ปิดโปรโมชั่น', 'Close promotion')} {promotion.title}</h2>
        <p className="text-sm text-slate-600">{tx('ไม่มีการมอบโบนัสใหม่ตั้งแต่ตอนนี้ โบนัสที่มอบแล้วยังคงตามเงื่อนไขเดิม', 'No new grants from now on; grants already made keep their terms.')}</p>
        <input className="input" value={reason} onChange={(event) => onReason(event.target.value)} placeholder={tx('เหตุผล', 'Reason')} aria-label={tx('เหตุผลการปิด', 'Reason to close')} />
        <ErrorText message={error} />
        <DialogActions onCancel={onClose}>
          <Button variant="danger" disabled={reason.trim().length < 3 || isClosing} onClick={onConfirm}>{tx('ปิดโปรโมชั่น', 'Close promotion')}</Button>
        </DialogActions>
      </div>
    </Dialog>
  );
}

/** The bonus budget and its state (issue 25 §1: a promotion grants only within a budget a money role approved). */
function BudgetCell({ promotion }: { promotion: StaffPromotion }) {
  const tx = useBilingual();
  const { state, approved, requested } = promotion.budget;
  const text = {
    none: tx('ยังไม่มีงบ (ยังไม่มอบโบนัส)', 'No budget (grants nothing)'),
    pending: tx(`รออนุมัติ ${requested === null ? '' : formatBaht(requested)}`, `Waiting for approval ${requested === null ? '' : formatBaht(requested)}`),
    approved: tx(`อนุมัติแล้ว ${approved === null ? '' : formatBaht(approved)}`, `Approved ${approved === null ? '' : formatBaht(approved)}`),
    unlimited: tx('ไม่จำกัด (สร้างก่อนกฎงบ)', 'No cap (made before budgets)'),
  }[state];
  const tone = { none: 'text-red-700', pending: 'text-amber-700', approved: 'text-emerald-700', unlimited: 'text-slate-600' }[state];
  return (
    <span className={`text-xs ${tone}`} data-testid={`budget-state-${promotion.id}`}>
      {text.trim()}
      {state === 'approved' && approved !== null && <span className="block text-slate-500">{tx(`ใช้ไป ${formatBaht(promotion.bonusPaid)}`, `used ${formatBaht(promotion.bonusPaid)}`)}</span>}
      {state === 'pending' && approved !== null && <span className="block text-slate-500">{tx(`งบเดิม ${formatBaht(approved)}`, `current ${formatBaht(approved)}`)}</span>}
    </span>
  );
}

/** Ask for a promotion's bonus budget (`promotionBudgetRequest`): finance or the owner approves it in Approvals. */
function BudgetDialog({ promotion, labels, onClose }: { promotion: StaffPromotion; labels: Record<string, string>; onClose: () => void }) {
  const tx = useBilingual();
  const client = useQueryClient();
  const [budgetText, setBudgetText] = useState('');
  const [reason, setReason] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const ask = useMutation({
    mutationFn: (body: z.input<typeof promotionBudgetRequest>) => apiPostBody(`/promotions/${promotion.id}/budget`, promotionBudgetRequest, body, moneyActionOutcomeResponse, labels),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['promotions'] });
      void client.invalidateQueries({ queryKey: ['approvals'] });
    },
  });
  const submit = () => {
    const budget = bahtFromText(budgetText);
    if (budget === null) {
      setLocalError(`${labels.budget}: ${tx('กรอกเป็นบาท ทศนิยมไม่เกิน 2 ตำแหน่ง', 'baht with at most 2 decimals')}`);
      return;
    }
    setLocalError(null);
    ask.mutate({ budget, reason: reason.trim() });
  };
  return (
    <Dialog label={tx('ของบโบนัส', 'Ask for a bonus budget')} onClose={onClose}>
      <form className="w-full max-w-md space-y-3 rounded-xl bg-white p-6 shadow-xl" noValidate onSubmit={(event) => { event.preventDefault(); submit(); }} data-testid="budget-form">
        <h2 className="text-lg font-semibold">{tx('ของบโบนัส', 'Ask for a bonus budget')} · {promotion.title}</h2>
        <p className="text-sm text-slate-600">{tx('โปรโมชั่นจะมอบโบนัสได้ไม่เกินงบที่ฝ่ายการเงินหรือเจ้าของอนุมัติ', 'The promotion grants bonuses only within the budget finance or the owner approves')}</p>
        <Field label={labels.budget ?? ''}><input className="input" inputMode="decimal" value={budgetText} onChange={(event) => setBudgetText(event.target.value)} /></Field>
        <Field label={labels.reason ?? ''}><input className="input" value={reason} onChange={(event) => setReason(event.target.value)} /></Field>
        {ask.data && <p role="status" className="text-sm text-emerald-800" data-testid="budget-outcome">{ask.data.status === 'executed' ? tx('อนุมัติงบแล้ว', 'Budget approved') : tx('ส่งขออนุมัติแล้ว รอฝ่ายการเงินหรือเจ้าของอนุมัติ (เมนู อนุมัติ)', 'Sent for approval: finance or the owner approves it (Approvals)')}</p>}
        <ErrorText message={localError ?? (ask.error instanceof ApiError ? ask.error.message : null)} />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="plain" onClick={onClose}>{ask.data ? tx('ปิด', 'Close') : tx('ยกเลิก', 'Cancel')}</Button>
          {!ask.data && <Button type="submit" disabled={ask.isPending}>{tx('ส่งขออนุมัติ', 'Ask for approval')}</Button>}
        </div>
      </form>
    </Dialog>
  );
}
