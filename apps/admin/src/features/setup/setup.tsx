import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { setupChecklistResponse, type SetupItem, type SetupItemKey } from '@sabai/contracts';
import { apiGet, apiPost, ApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useBilingual } from '../../lib/bilingual';
import { Button, ErrorText } from '../../ui';

type Translate = ReturnType<typeof useBilingual>;

/** Each item's title and what "done" means, in Thai and English (issue 24 §1). */
function describe(item: SetupItem, tx: Translate): { title: string; detail: string } {
  const facts = item.facts;
  const texts: Record<SetupItemKey, { title: string; detail: string }> = {
    site: { title: tx('ข้อมูลเว็บไซต์และกฎการเงิน', 'Site and money rules'), detail: tx('ชื่อเว็บไซต์ LINE ID โลโก้ สี ถอนขั้นต่ำ/สูงสุด', 'Name, LINE id, logo, theme, withdrawal limits') },
    houseAccounts: { title: tx('บัญชีรับเงินของเว็บ', 'House bank accounts'), detail: tx(`เปิดใช้ ${facts.activeChannels ?? 0} บัญชี`, `${facts.activeChannels ?? 0} active`) },
    feedSources: {
      title: tx('แหล่งข้อมูลยอดฝาก (SMS / statement)', 'Deposit feed sources (SMS / statement)'),
      detail: tx(`ทุกบัญชีต้องมีแหล่งข้อมูล หรือให้เจ้าหน้าที่ตรวจเอง — ยังขาด ${facts.channelsWithoutReader ?? 0} บัญชี`, `every account needs a feed source or staff checking — ${facts.channelsWithoutReader ?? 0} missing`),
    },
    payoutRail: {
      title: tx('ช่องทางจ่ายเงินถอน', 'Payout rail'),
      detail: facts.provider === 'manual'
        ? tx(`เจ้าหน้าที่โอนเองจากแอปธนาคาร ยืนยันด้วย SMS รายการหักเงิน (แหล่งข้อมูลที่อ่านรายการหัก: ${facts.debitFeedSources ?? 0})`, `staff pay from the banking app, confirmed by the debit SMS (feed sources reading debits: ${facts.debitFeedSources ?? 0})`)
        : `PAYOUT_PROVIDER=${String(facts.provider)}`,
    },
    nameInquiryRail: {
      title: tx('การตรวจชื่อบัญชีสมาชิก', 'Account name check'),
      detail: facts.provider === 'declared' ? tx('สมาชิกกรอกชื่อเอง ยืนยันด้วยยอดฝากแรกหรือเจ้าหน้าที่', 'members declare the name; verified by the first deposit or staff') : `NAME_INQUIRY_PROVIDER=${String(facts.provider)}`,
    },
    smsRail: {
      title: tx('การส่ง SMS (รหัส OTP)', 'SMS sending (sign-up codes)'),
      detail: facts.provider === 'sms-gateway' ? tx('ส่งผ่านแอป SMS Gateway บนโทรศัพท์ของเว็บ', 'through the SMS Gateway app on the operator’s phone') : `SMS_PROVIDER=${String(facts.provider)}`,
    },
    gamePartner: { title: tx('ผู้ให้บริการเกม', 'Game partner'), detail: `GAME_PARTNER_PROVIDER=${String(facts.provider)}` },
    lineChannel: { title: tx('LINE Official Account', 'LINE channel'), detail: `LINE_API_BASE_URL=${String(facts.baseUrl)}` },
    staff: {
      title: tx('ทีมงาน (ผู้อนุมัติคนที่สอง)', 'Staff (a second approver)'),
      detail: tx(`เจ้าของ ${facts.owners ?? 0} · การเงิน ${facts.finance ?? 0} · อื่น ๆ ${facts.others ?? 0}`, `owners ${facts.owners ?? 0} · finance ${facts.finance ?? 0} · others ${facts.others ?? 0}`),
    },
  };
  return texts[item.key];
}

/**
 * The setup checklist (issue 24 §1): what a new operator does before members may use the site,
 * each item done / missing with a link to its screen; rails chosen by the environment say which
 * variable (docs/operations/deployment.md). The owner opens the site when every required item is done.
 */
export function SetupPage({ canOpen, onNavigate }: { canOpen: boolean; onNavigate: (screen: string) => void }) {
  const tx = useBilingual();
  const client = useQueryClient();
  const [reason, setReason] = useState('');
  // Asked again each time the screen opens: the owner comes back here after each step elsewhere.
  const checklist = useQuery({ queryKey: ['setup'], queryFn: () => apiGet('/setup', setupChecklistResponse), refetchOnMount: 'always' });
  const open = useMutation({
    mutationFn: () => apiPost('/setup/open', { reason }, setupChecklistResponse),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['setup'] }),
  });
  if (!checklist.data) return checklist.error instanceof ApiError ? <ErrorText message={checklist.error.message} /> : <p className="text-slate-600">…</p>;
  const { items, openedAt, openedBy } = checklist.data;
  return (
    <section className="space-y-4">
      <h1 className="text-xl font-semibold">{tx('เริ่มต้นใช้งาน', 'Setup checklist')}</h1>
      {openedAt ? (
        <p className="rounded-md bg-emerald-50 px-4 py-3 text-sm text-emerald-900" data-testid="site-open">
          {tx('เว็บไซต์เปิดให้สมาชิกใช้งานแล้วเมื่อ', 'The site opened to members on')} {formatDateTime(openedAt)} ({openedBy})
        </p>
      ) : (
        <p className="rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {tx('สมาชิกยังเข้าใช้ไม่ได้ (เห็นหน้า «เปิดให้บริการเร็ว ๆ นี้») จนกว่ารายการที่จำเป็นจะครบและเจ้าของกดเปิดเว็บไซต์', 'Members see "opening soon" until every required item is done and the owner opens the site')}
        </p>
      )}
      <ol className="divide-y divide-slate-200 rounded-lg bg-white shadow" data-testid="setup-items">
        {items.map((item) => {
          const text = describe(item, tx);
          return (
            <li key={item.key} className="flex items-center gap-4 px-5 py-3" data-testid={`setup-${item.key}`} data-done={item.isDone}>
              <span className={`w-24 shrink-0 rounded-full px-2 py-1 text-center text-xs font-semibold ${item.isDone ? 'bg-emerald-100 text-emerald-800' : item.isRequired ? 'bg-red-100 text-red-800' : 'bg-slate-100 text-slate-700'}`}>
                {item.isDone ? tx('เสร็จแล้ว', 'done') : item.isRequired ? tx('ยังขาด', 'missing') : tx('แนะนำ', 'recommended')}
              </span>
              <span className="flex-1">
                <span className="block font-medium">{text.title}</span>
                <span className="block text-sm text-slate-600">{text.detail}</span>
              </span>
              {item.screen === 'deployment' ? (
                <span className="text-xs text-slate-500">{tx('ตั้งค่าใน environment ของเซิร์ฟเวอร์', 'set in the server environment')}</span>
              ) : (
                <Button variant="plain" onClick={() => onNavigate(item.screen)}>{tx('ไปที่หน้านี้', 'Open')}</Button>
              )}
            </li>
          );
        })}
      </ol>
      {!openedAt && canOpen && (
        <div className="flex items-center gap-3">
          <input className="input w-96" aria-label={tx('เหตุผล', 'Reason')} placeholder={tx('เหตุผล (บันทึกในประวัติ)', 'Reason (audited)')} value={reason} onChange={(event) => setReason(event.target.value)} />
          <Button disabled={!checklist.data.canOpen || reason.trim().length < 3 || open.isPending} onClick={() => open.mutate()} data-testid="open-site">
            {tx('เปิดเว็บไซต์ให้สมาชิก', 'Open the site to members')}
          </Button>
        </div>
      )}
      <ErrorText message={open.error instanceof ApiError ? open.error.message : null} />
    </section>
  );
}
