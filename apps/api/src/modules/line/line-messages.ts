import { formatBaht } from '@sabai/money';
import type { LineNotificationKind } from '@sabai/contracts';
import { fromSatangText, type OutboxEvent } from '../outbox/index.ts';
import type { LineMessage } from './line-client.ts';

/**
 * The message catalogue (docs/line.md): which outbox event becomes which LINE message, in Thai,
 * as a Flex bubble whose altText (shown in notifications and old clients) is the whole text.
 */
/**
 * Account-security notices (issue 27 §3: password reset, phone changed): always sent to a linked
 * member, never a preference the member can turn off, never marketing.
 */
export const ACCOUNT_SECURITY_KIND = 'account_security';

export interface LineNotification {
  kind: LineNotificationKind | typeof ACCOUNT_SECURITY_KIND;
  memberId: string;
  title: string;
  /** Label → value lines of the bubble. */
  rows: Array<[string, string]>;
  /** A closing sentence (what to do next). */
  note: string | null;
  color: string;
}

const baht = (satangText: string) => `${formatBaht(fromSatangText(satangText))} บาท`;
/** Built once: an ICU formatter costs far more to build than to use (one per LINE message before). */
const BANGKOK_TIME = new Intl.DateTimeFormat('th-TH', { timeZone: 'Asia/Bangkok', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false });
/** Bangkok time as members read it: `25/11/2569 13:05`. */
export const bangkokTime = (date: Date) => BANGKOK_TIME.format(date).replace(',', '');

/** `0812345678` → `081-xxx-5678`: a notice names the number without spelling it out. */
const maskPhone = (phone: string) => (phone.length === 10 ? `${phone.slice(0, 3)}-xxx-${phone.slice(6)}` : phone);

/** Why a deposit was paid back (the hold reasons of the member's own protection, issue 12). */
const PROTECTION_REFUND_REASON: Record<string, string> = {
  RG_DEPOSIT_LIMIT: 'เกินวงเงินฝากที่คุณตั้งไว้',
  RG_EXCLUDED: 'อยู่ในช่วงพักการเล่นที่คุณตั้งไว้',
};

const GREEN = '#06C755';
const ORANGE = '#F59E0B';
const RED = '#DC2626';

/**
 * The member a LINE message of this event would go to, or null when the event sends none (pure:
 * the same rule as `notificationFor`, which `notifyMemberByLine` follows). The worker's relay
 * decides from it, with `membersLinkedToLine`, whether the event needs a LINE delivery.
 */
export function lineRecipientOf(event: OutboxEvent): string | null {
  return notificationFor(event)?.memberId ?? null;
}

/** The notification of an outbox event, or null when the event names no member (a held deposit nobody matched). */
export function notificationFor(event: OutboxEvent): LineNotification | null {
  const p = event.payload as Record<string, string | null>;
  const memberId = event.memberId ?? p.memberId ?? null;
  if (!memberId) return null;
  const at = bangkokTime(event.createdAt);
  switch (event.kind) {
    case 'deposit.credited': {
      const after = fromSatangText(p.balanceBeforeSatang ?? '0') + fromSatangText(p.amountSatang ?? '0');
      return { kind: 'deposit_credited', memberId, title: 'ฝากเงินเข้าแล้ว', color: GREEN, note: null, rows: [['จำนวน', baht(p.amountSatang ?? '0')], ['เวลา', bangkokTime(new Date(p.creditedAt ?? event.createdAt))], ['ยอดคงเหลือ', `${formatBaht(after)} บาท`]] };
    }
    case 'deposit.held': {
      const refundReason = p.reason ? PROTECTION_REFUND_REASON[p.reason] : undefined;
      // A deposit the member's own limit or time-out refused is a refund on its way, and says so (issue 26 §2).
      if (refundReason) {
        return {
          kind: 'deposit_held', memberId, title: 'ยอดฝากจะถูกโอนคืน', color: ORANGE, rows: [['จำนวน', baht(p.amountSatang ?? '0')], ['เหตุผล', refundReason], ['เวลา', at]],
          note: 'ระบบไม่นำยอดนี้เข้าเล่น และกำลังโอนคืนเข้าบัญชีธนาคารที่ผูกไว้ เราจะแจ้งอีกครั้งเมื่อโอนคืนแล้ว',
        };
      }
      return {
        kind: 'deposit_held', memberId, title: 'ยอดฝากรอตรวจสอบ', color: ORANGE, rows: [['จำนวน', baht(p.amountSatang ?? '0')], ['เวลา', at]],
        note: 'เจ้าหน้าที่กำลังตรวจสอบ หากโอนจากบัญชีอื่นที่ไม่ได้ผูกไว้ กรุณาติดต่อฝ่ายบริการพร้อมสลิปการโอน',
      };
    }
    case 'deposit.refunded': {
      const refundReason = p.reason ? PROTECTION_REFUND_REASON[p.reason] : undefined;
      return {
        kind: 'deposit_held', memberId, title: 'โอนคืนยอดฝากแล้ว', color: GREEN,
        rows: [['จำนวน', baht(p.amountSatang ?? '0')], ...(refundReason ? [['เหตุผล', refundReason] as [string, string]] : []), ['เวลา', at]],
        note: 'โอนคืนเข้าบัญชีธนาคารของคุณแล้ว',
      };
    }
    case 'withdrawal.requested':
      return { kind: 'withdrawal_requested', memberId, title: 'รับคำขอถอนเงินแล้ว', color: ORANGE, rows: [['จำนวน', baht(p.amountSatang ?? '0')], ['เวลา', at]], note: 'เงินจะเข้าบัญชีธนาคารที่ผูกไว้เมื่อรายการเสร็จ' };
    case 'withdrawal.paid':
      return { kind: 'withdrawal_paid', memberId, title: 'ถอนเงินสำเร็จ', color: GREEN, rows: [['จำนวน', baht(p.amountSatang ?? '0')], ['เวลา', at]], note: 'โอนเข้าบัญชีธนาคารที่ผูกไว้แล้ว' };
    case 'withdrawal.rejected':
      return { kind: 'withdrawal_rejected', memberId, title: 'ถอนเงินไม่สำเร็จ', color: RED, rows: [['จำนวน', baht(p.amountSatang ?? '0')], ['เหตุผล', p.reason ?? 'ไม่ระบุ'], ['เวลา', at]], note: 'ยอดเงินคืนเข้ากระเป๋าหลักแล้ว' };
    case 'bonus.granted':
      return { kind: 'bonus_granted', memberId, title: 'ได้รับโบนัส', color: GREEN, rows: [['โบนัส', baht(p.bonusSatang ?? '0')], ['เวลา', at]], note: 'ดูเงื่อนไขทำเทิร์นได้ที่หน้าโปรโมชั่น' };
    case 'cashback.available':
      return { kind: 'cashback_available', memberId, title: 'คืนยอดเสียพร้อมรับแล้ว', color: GREEN, rows: [['จำนวน', baht(p.amountSatang ?? '0')], ['รอบ', p.periodKey ?? '-']], note: 'กดรับได้ที่หน้าคืนยอดเสีย' };
    case 'affiliate-income.available':
      return { kind: 'affiliate_income_available', memberId, title: 'รายได้แนะนำเพื่อนพร้อมถอน', color: GREEN, rows: [['จำนวน', baht(p.amountSatang ?? '0')], ['รอบ', p.periodKey ?? '-']], note: 'ถอนได้ที่หน้าแนะนำเพื่อน' };
    case 'member.password-reset':
      return {
        kind: ACCOUNT_SECURITY_KIND, memberId, title: 'รหัสผ่านถูกเปลี่ยนแล้ว', color: ORANGE,
        rows: [['ทำรายการโดย', p.by === 'staff' ? 'เจ้าหน้าที่ (ตามคำขอ)' : 'ยืนยันด้วยรหัส OTP ทาง SMS'], ['เวลา', at]],
        note: 'ทุกอุปกรณ์ถูกออกจากระบบแล้ว หากคุณไม่ได้ทำรายการนี้ กรุณาติดต่อฝ่ายบริการทันที',
      };
    case 'member.phone-changed':
      return {
        kind: ACCOUNT_SECURITY_KIND, memberId, title: 'เบอร์โทรศัพท์ถูกเปลี่ยนแล้ว', color: ORANGE,
        rows: [['เบอร์ใหม่', maskPhone(p.newPhone ?? '')], ['เวลา', at]],
        note: 'ใช้เบอร์ใหม่นี้เข้าสู่ระบบ หากคุณไม่ได้ทำรายการนี้ กรุณาติดต่อฝ่ายบริการทันที',
      };
    default:
      return null;
  }
}

/** The whole message as one Thai text (the altText, and what staff see). */
export function notificationText(notification: LineNotification): string {
  const lines = [`Sabai: ${notification.title}`, ...notification.rows.map(([label, value]) => `${label}: ${value}`)];
  if (notification.note) lines.push(notification.note);
  return lines.join('\n').slice(0, 400);
}

/** The Flex bubble (LINE Flex Message), altText = the text. */
export function flexMessage(notification: LineNotification): LineMessage {
  return {
    type: 'flex',
    altText: notificationText(notification),
    contents: {
      type: 'bubble',
      size: 'kilo',
      header: { type: 'box', layout: 'vertical', backgroundColor: notification.color, contents: [{ type: 'text', text: notification.title, color: '#FFFFFF', weight: 'bold', size: 'md' }] },
      body: {
        type: 'box',
        layout: 'vertical',
        spacing: 'sm',
        contents: [
          ...notification.rows.map(([label, value]) => ({
            type: 'box' as const,
            layout: 'horizontal' as const,
            contents: [
              { type: 'text' as const, text: label, size: 'sm' as const, color: '#6B7280', flex: 2 },
              { type: 'text' as const, text: value, size: 'sm' as const, color: '#111827', align: 'end' as const, flex: 4, wrap: true },
            ],
          })),
          ...(notification.note ? [{ type: 'text' as const, text: notification.note, size: 'xs' as const, color: '#6B7280', wrap: true, margin: 'md' as const }] : []),
        ],
      },
    },
  } as LineMessage;
}
