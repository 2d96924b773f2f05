import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffSiteSettingsResponse, type StaffSiteSettingsWire } from '@sabai/contracts';
import { apiGet, apiPost, ApiError } from '../../lib/api';
import { Button, ErrorText } from '../../ui';
import { useBilingual } from '../../lib/bilingual';

/** What staff have changed and not saved yet: the fields in their wire shape (baht, basis points). */
type Draft = Partial<Record<keyof StaffSiteSettingsWire, StaffSiteSettingsWire[keyof StaffSiteSettingsWire]>>;

/** The fields staff edit, with their Thai and English labels and kinds (issue 11 "Settings"). Money in baht. */
const FIELDS: Array<{ key: keyof StaffSiteSettingsWire; label: string; en: string; kind: 'text' | 'image' | 'baht' | 'bp' | 'switch' }> = [
  { key: 'siteName', label: 'ชื่อเว็บไซต์', en: 'Site name', kind: 'text' },
  { key: 'lineId', label: 'LINE ID', en: 'LINE ID', kind: 'text' },
  { key: 'logoUrl', label: 'โลโก้ (https://… หรือ /static/…)', en: 'Logo (https://… or /static/…)', kind: 'text' },
  { key: 'alertImageUrl', label: 'รูปประกาศ (ว่าง = ไม่มี)', en: 'Announcement image (empty = none)', kind: 'image' },
  { key: 'cashbackImageUrl', label: 'รูปคืนยอดเสีย (ว่าง = ไม่มี)', en: 'Cashback image (empty = none)', kind: 'image' },
  { key: 'affiliateImageUrl', label: 'รูปแนะนำเพื่อน (ว่าง = ไม่มี)', en: 'Affiliate image (empty = none)', kind: 'image' },
  { key: 'alertMessage', label: 'ข้อความประกาศ', en: 'Announcement text', kind: 'text' },
  { key: 'isMaintenance', label: 'ปิดปรับปรุง', en: 'Maintenance mode', kind: 'switch' },
  { key: 'isDisabled', label: 'ปิดเว็บไซต์', en: 'Site closed', kind: 'switch' },
  { key: 'withdrawEnabled', label: 'เปิดถอนเงิน', en: 'Withdrawals open', kind: 'switch' },
  { key: 'withdrawMin', label: 'ถอนขั้นต่ำ (บาท)', en: 'Minimum withdrawal (baht)', kind: 'baht' },
  { key: 'withdrawMax', label: 'ถอนสูงสุดต่อครั้ง (บาท)', en: 'Maximum withdrawal per request (baht)', kind: 'baht' },
  { key: 'withdrawAutoMax', label: 'ถอนอัตโนมัติไม่เกิน (บาท)', en: 'Automatic withdrawal up to (baht)', kind: 'baht' },
  { key: 'depositReviewThreshold', label: 'ยอดฝากที่ต้องตรวจ (บาท)', en: 'Deposits reviewed above (baht)', kind: 'baht' },
  { key: 'amlReviewAbove', label: 'ยอดฝากที่ต้องตรวจ AML (บาท)', en: 'Deposits reviewed for AML above (baht)', kind: 'baht' },
  { key: 'cashbackEnabled', label: 'เปิดคืนยอดเสีย', en: 'Cashback on', kind: 'switch' },
  { key: 'cashbackBasisPoints', label: 'คืนยอดเสีย (basis points, 500 = 5%)', en: 'Cashback (basis points, 500 = 5%)', kind: 'bp' },
  { key: 'affiliateEnabled', label: 'เปิดระบบแนะนำเพื่อน', en: 'Affiliate programme on', kind: 'switch' },
  { key: 'affiliateLevel1BasisPoints', label: 'ค่าแนะนำชั้น 1 (basis points)', en: 'Affiliate level 1 (basis points)', kind: 'bp' },
  { key: 'affiliateLevel2BasisPoints', label: 'ค่าแนะนำชั้น 2 (basis points)', en: 'Affiliate level 2 (basis points)', kind: 'bp' },
  { key: 'affiliateAutoWithdrawMax', label: 'ถอนรายได้แนะนำอัตโนมัติไม่เกิน (บาท)', en: 'Automatic affiliate withdrawal up to (baht)', kind: 'baht' },
];

/** The theme's colours (spec §3 `theme`), each with its Thai and English label. */
const THEME_COLORS: Array<{ key: keyof StaffSiteSettingsWire['theme']; label: string; en: string }> = [
  { key: 'primaryColor', label: 'สีหลัก', en: 'Primary colour' },
  { key: 'secondaryColor', label: 'สีรอง', en: 'Secondary colour' },
  { key: 'backgroundColor', label: 'สีพื้นหลัง', en: 'Background colour' },
  { key: 'textColor', label: 'สีตัวอักษร', en: 'Text colour' },
];

/**
 * The starting values of a new site's form (issue 24 §1): what a careful operator starts from —
 * withdrawals 100–50,000 baht, nothing paid without staff (auto-withdraw 0), deposits above
 * 100,000 baht reviewed, cashback and affiliate off until set. The owner edits them before creating.
 */
export const NEW_SITE_SETTINGS: StaffSiteSettingsWire = {
  siteName: '',
  lineId: '',
  logoUrl: '/static/brand/logo.svg',
  theme: { primaryColor: '#e8c15a', secondaryColor: '#1c1a14', backgroundColor: '#0d0c09', textColor: '#f6f1e3' },
  alertImageUrl: null,
  cashbackImageUrl: null,
  affiliateImageUrl: null,
  alertMessage: null,
  isMaintenance: false,
  isDisabled: false,
  withdrawEnabled: true,
  withdrawMin: 100,
  withdrawMax: 50_000,
  withdrawAutoMax: 0,
  depositReviewThreshold: 100_000,
  amlReviewAbove: 200_000,
  cashbackEnabled: false,
  cashbackBasisPoints: 0,
  affiliateEnabled: false,
  affiliateLevel1Enabled: false,
  affiliateLevel1BasisPoints: 0,
  affiliateLevel2Enabled: false,
  affiliateLevel2BasisPoints: 0,
  affiliateAutoWithdrawEnabled: false,
  affiliateAutoWithdrawMax: 0,
};

/** A number typed in a settings field (baht with ≤ 2 decimals, or whole basis points): null when it is not one. */
function numberFromText(text: string): number | null {
  const cleaned = text.trim().replaceAll(',', '');
  return /^\d{1,12}(\.\d{1,2})?$/.test(cleaned) ? Number(cleaned) : null;
}

/**
 * Site settings (owner changes them; everyone else reads), each change with a reason, audited.
 * On a fresh database (the server answers SITE_NOT_SET_UP) the same form creates the site: it
 * starts from NEW_SITE_SETTINGS and sends every field (issue 24 §1).
 */
export function SettingsPage({ canManage }: { canManage: boolean }) {
  const tx = useBilingual();
  const client = useQueryClient();
  const settings = useQuery({ queryKey: ['settings'], queryFn: () => apiGet('/settings', staffSiteSettingsResponse), retry: false });
  const isNewSite = settings.error instanceof ApiError && settings.error.code === 'SITE_NOT_SET_UP';
  const [draft, setDraft] = useState<Draft>({});
  const [reason, setReason] = useState('');
  /** What is typed in a number field, as typed: a draft number only when it reads as one (never NaN, issue 25 §4). */
  const [numberTexts, setNumberTexts] = useState<Partial<Record<keyof StaffSiteSettingsWire, string>>>({});
  const badNumbers = FIELDS.filter((field) => (field.kind === 'baht' || field.kind === 'bp') && numberTexts[field.key] !== undefined && numberFromText(numberTexts[field.key] ?? '') === null);
  const save = useMutation({
    mutationFn: () => apiPost('/settings', { change: isNewSite ? { ...NEW_SITE_SETTINGS, ...draft } : draft, reason }, staffSiteSettingsResponse),
    onSuccess: () => {
      setDraft({});
      setNumberTexts({});
      setReason('');
      void client.invalidateQueries({ queryKey: ['settings'] });
      void client.invalidateQueries({ queryKey: ['setup'] });
    },
  });
  const current = settings.data ?? (isNewSite ? NEW_SITE_SETTINGS : undefined);
  if (!current) return settings.error instanceof ApiError ? <ErrorText message={settings.error.message} /> : <p className="text-slate-600">…</p>;
  const value = (key: keyof StaffSiteSettingsWire) => (key in draft ? draft[key] : current[key]);
  const theme = (draft.theme ?? current.theme) as StaffSiteSettingsWire['theme'];
  const logoUrl = String(value('logoUrl') ?? '');
  return (
    <section className="space-y-4">
      <h1 className="text-xl font-semibold">{isNewSite ? tx('สร้างเว็บไซต์ (ตั้งค่าครั้งแรก)', 'Create the site (first set-up)') : tx('ตั้งค่าเว็บไซต์', 'Site settings')}</h1>
      {isNewSite && (
        <p className="rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-900" data-testid="new-site-note">
          {tx(
            'ยังไม่มีเว็บไซต์ในฐานข้อมูลนี้ กรอกชื่อเว็บไซต์ LINE ID และกฎการเงิน แล้วกด «สร้างเว็บไซต์» — สมาชิกยังเข้าใช้ไม่ได้จนกว่าเจ้าของจะกด «เปิดเว็บไซต์» ในหน้าเริ่มต้นใช้งาน',
            'This database has no site yet. Fill in the site name, LINE ID and the money rules, then press «Create the site». Members cannot use it until the owner presses «Open the site» on the set-up page.',
          )}
        </p>
      )}
      <div className="grid grid-cols-2 gap-x-8 gap-y-3 rounded-lg bg-white p-6 shadow">
        {FIELDS.map((field) => (
          <label key={field.key} className="flex items-center justify-between gap-4 text-sm">
            <span>{tx(field.label, field.en)}</span>
 {field.kind === 'switch' ? (
              <input type="checkbox" name={field.key} disabled={!canManage} checked={Boolean(value(field.key))} onChange={(event) => setDraft({ ...draft, [field.key]: event.target.checked })} />
            ) : (
              <input
                className="input w-56"
                name={field.key}
                disabled={!canManage}
                value={numberTexts[field.key] ?? String(value(field.key) ?? '')}
                aria-invalid={badNumbers.includes(field)}
                inputMode={field.kind === 'text' || field.kind === 'image' ? 'text' : 'decimal'}
                onChange={(event) =>
                  {
                    if (field.kind === 'text') return setDraft({ ...draft, [field.key]: event.target.value });
                    if (field.kind === 'image') return setDraft({ ...draft, [field.key]: event.target.value.trim() || null });
                    setNumberTexts({ ...numberTexts, [field.key]: event.target.value });
                    const number = numberFromText(event.target.value);
                    if (number !== null) setDraft({ ...draft, [field.key]: number });
                  }
                }
              />
            )}
          </label>
        ))}
      </div>
      <div className="flex flex-wrap items-center gap-6 rounded-lg bg-white p-6 shadow" data-testid="settings-theme">
        <span className="text-sm font-semibold">{tx('สีของเว็บไซต์', 'Site colours')}</span>
        {THEME_COLORS.map((color) => (
          <label key={color.key} className="flex items-center gap-2 text-sm">
            <input type="color" disabled={!canManage} value={theme[color.key]} onChange={(event) => setDraft({ ...draft, theme: { ...theme, [color.key]: event.target.value } })} />
            <span>{tx(color.label, color.en)}</span>
          </label>
        ))}
        <span className="flex items-center gap-3 rounded-md px-4 py-2" style={{ background: theme.backgroundColor, color: theme.textColor }}>
          {logoUrl.startsWith('https://') || logoUrl.startsWith('/') ? <img src={logoUrl} alt="" className="h-8 w-auto" /> : null}
          <span className="rounded px-2 py-1" style={{ background: theme.primaryColor, color: theme.secondaryColor }}>{tx('ตัวอย่าง', 'Sample')}</span>
        </span>
      </div>
      {canManage && (
        <div className="flex items-center gap-3">
          <input className="input w-96" placeholder={tx('เหตุผลการเปลี่ยนแปลง (บันทึกในประวัติ)', 'Reason for the change (kept in the audit trail)')} value={reason} onChange={(event) => setReason(event.target.value)} />
          <Button disabled={(!isNewSite && Object.keys(draft).length === 0) || !reason.trim() || save.isPending || badNumbers.length > 0} onClick={() => save.mutate()}>{isNewSite ? tx('สร้างเว็บไซต์', 'Create the site') : tx('บันทึก', 'Save')}</Button>
        </div>
      )}
      {/* A field that does not read as a number is named, and nothing is saved until it does. */}
      <ErrorText message={badNumbers.length > 0 ? badNumbers.map((field) => `${tx(field.label, field.en)}: ${tx('ตัวเลข ทศนิยมไม่เกิน 2 ตำแหน่ง', 'a number with at most 2 decimals')}`).join(' · ') : save.error instanceof ApiError ? save.error.message : null} />
    </section>
  );
}
