import { findBankByCode, REGISTRATION_BANKS } from '@sabai/contracts';
import { formatBaht } from '@sabai/money';
import type { FeedDelivery } from './feed-client.ts';
import { allHouseAccounts, type FeedKind, type HouseAccount } from './house-accounts.ts';
import type { Transfer } from './transfer-book.ts';

/**
 * Server-rendered pages of "Sandbox Bank", the demo member's mobile banking app: Thai, mobile
 * first, no external assets, no script (the destination fields switch with CSS `:has`). Inputs
 * carry stable `name` and `data-testid` attributes for Playwright.
 */

export type TransferFormValues = Partial<Record<
  | 'fromBankCode'
  | 'fromAccountNumber'
  | 'senderName'
  | 'destination'
  | 'toBankCode'
  | 'toAccountNumber'
  | 'toWalletPhone'
  | 'senderPhone'
  | 'promptPayPayload'
  | 'amount',
  string
>>;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

const STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,"Noto Sans Thai",sans-serif;background:#eef3f0;color:#1b2b22}
header{background:linear-gradient(135deg,#0b6b3a,#14945a);color:#fff;padding:18px 16px 22px}
header h1{margin:0;font-size:20px}header p{margin:4px 0 0;font-size:13px;opacity:.85}
main{max-width:480px;margin:-12px auto 24px;padding:0 12px}
section{background:#fff;border-radius:14px;padding:16px;margin-bottom:12px;box-shadow:0 1px 3px rgba(0,0,0,.08)}
h2{font-size:16px;margin:0 0 12px}label{display:block;font-size:13px;color:#4a5a50;margin:10px 0 4px}
input,select,textarea{width:100%;font:inherit;padding:10px;border:1px solid #c9d6ce;border-radius:10px;background:#fff}
textarea{min-height:84px;font-family:ui-monospace,monospace;font-size:12px;overflow-wrap:anywhere}
.tabs{display:flex;gap:6px;margin-top:6px}.tabs label{flex:1;margin:0;text-align:center;border:1px solid #c9d6ce;border-radius:10px;padding:9px 4px;cursor:pointer;font-size:13px;color:#1b2b22}
.tabs input{position:absolute;opacity:0;width:1px}.tabs label:has(input:checked){background:#0b6b3a;color:#fff;border-color:#0b6b3a}
.only-bank,.only-truemoney,.only-promptpay{display:none}
form:has(#destination-bank:checked) .only-bank,form:has(#destination-truemoney:checked) .only-truemoney,form:has(#destination-promptpay:checked) .only-promptpay{display:block}
form:has(#destination-truemoney:checked) .from-bank{display:none}
button,.button{display:block;width:100%;margin-top:16px;padding:12px;border:0;border-radius:12px;background:#0b6b3a;color:#fff;font:inherit;font-weight:600;text-align:center;text-decoration:none;cursor:pointer}
.button.secondary,button.secondary{background:#e3ece6;color:#0b6b3a}
.error{background:#fdecec;color:#9b1c1c;border-radius:10px;padding:10px;margin-bottom:10px}
.ok{color:#0b6b3a}.warn{color:#9b5c00}.bad{color:#9b1c1c}
.hint{font-size:12px;color:#6b7a70;margin-top:4px}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px;margin:0;font-size:14px}dt{color:#6b7a70}dd{margin:0;text-align:right;word-break:normal;overflow-wrap:anywhere}
.amount{font-size:28px;font-weight:700;text-align:center;margin:4px 0 12px}
.word{display:inline-block;max-width:100%}
pre{background:#f4f7f5;border-radius:10px;padding:10px;font-size:12px;white-space:pre-wrap;word-break:normal;overflow-wrap:anywhere;margin:8px 0 0}
.sms{background:#e9f5ee;border-left:4px solid #14945a}
ul{list-style:none;margin:0;padding:0}li{padding:8px 0;border-bottom:1px solid #eef2ef;font-size:13px}li:last-child{border:0}
a{color:#0b6b3a}
`;

/**
 * Escaped text whose space-separated parts (a Thai first name, a surname, an account number) each
 * stay whole when the line wraps: ICU does not know most names and would cut "อรุมา" as "อรุ|มา".
 * A part longer than the whole line still wraps (overflow-wrap on the dd).
 */
function keepWords(text: string): string {
  return text
    .split(' ')
    .map((part) => `<span class="word">${escapeHtml(part)}</span>`)
    .join(' ');
}

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="th"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} · Sandbox Bank</title><style>${STYLE}</style></head><body>
<header><h1>Sandbox Bank</h1><p>ธนาคารจำลองสำหรับเดโมและการทดสอบ · ไม่ใช่เงินจริง</p></header>
<main>${body}</main></body></html>`;
}

function bankOptions(selected: string | undefined): string {
  return REGISTRATION_BANKS.map(
    (bank) =>
      `<option value="${bank.code}"${bank.code === selected ? ' selected' : ''}>${escapeHtml(bank.name)} (${bank.shortName})</option>`,
  ).join('');
}

function field(name: keyof TransferFormValues, label: string, values: TransferFormValues, attributes = ''): string {
  return `<label for="${name}">${label}</label><input id="${name}" name="${name}" data-testid="${name}" value="${escapeHtml(values[name] ?? '')}" ${attributes}>`;
}

function destinationTab(value: string, label: string, checked: boolean): string {
  return `<label><input type="radio" id="destination-${value}" name="destination" value="${value}" data-testid="destination-${value}"${checked ? ' checked' : ''}>${label}</label>`;
}

export function describeHouseAccount(house: HouseAccount): string {
  if (house.kind === 'truemoney') return `TrueMoney ${house.walletPhone} · ${house.name}`;
  if (house.kind === 'promptpay') return `PromptPay ${house.promptPayId} · ${house.name}`;
  return `${findBankByCode(house.bankCode)?.name ?? house.bankCode} ${house.accountNumber} · ${house.name}`;
}

export function describeDelivery(delivery: FeedDelivery): { text: string; tone: 'ok' | 'warn' | 'bad' } {
  switch (delivery.status) {
    case 'delivered':
      return { text: `ส่งแล้ว Sabai ตอบ: ${delivery.sabaiStatus ?? `HTTP ${delivery.httpStatus}`}`, tone: 'ok' };
    case 'rejected':
      return { text: `Sabai ปฏิเสธ (HTTP ${delivery.httpStatus})`, tone: 'bad' };
    case 'failed':
      return { text: `ส่งไม่สำเร็จหลังลอง ${delivery.attempts.length} ครั้ง`, tone: 'bad' };
    case 'not_configured':
      return { text: 'ยังไม่ได้ส่ง: sandbox ยังไม่ได้ตั้งค่าที่อยู่ API ของ Sabai หรือ feed secret', tone: 'warn' };
    case 'phone_off':
      return { text: 'ไม่ได้ส่ง: โทรศัพท์รับ SMS ของบัญชีเว็บปิดอยู่ (แนบสลิปแทน)', tone: 'warn' };
  }
}

const formatTime = (instant: Date): string =>
  new Intl.DateTimeFormat('th-TH', { timeZone: 'Asia/Bangkok', dateStyle: 'medium', timeStyle: 'medium' }).format(instant);

export function renderTransferForm(options: { values?: TransferFormValues; error?: string; recent: Transfer[] }): string {
  const values = options.values ?? {};
  const destination = values.destination ?? 'bank';
  const error = options.error ? `<div class="error" role="alert" data-testid="transfer-error">${escapeHtml(options.error)}</div>` : '';
  const form = `<section><h2>โอนเงิน</h2>${error}
<form method="post" action="/bank/ui/transfers" data-testid="transfer-form">
<div class="from-bank">
<label for="fromBankCode">จากธนาคาร</label><select id="fromBankCode" name="fromBankCode" data-testid="fromBankCode">${bankOptions(values.fromBankCode ?? '004')}</select>
${field('fromAccountNumber', 'จากบัญชีเลขที่ (10 หรือ 12 หลัก)', values, 'inputmode="numeric" autocomplete="off" placeholder="0401234567"')}
</div>
${field('senderName', 'ชื่อผู้โอน (ไม่บังคับ)', values, 'autocomplete="off" placeholder="ว่างไว้ = ชื่อเจ้าของบัญชีใน sandbox"')}
<label>ปลายทาง</label><div class="tabs">${destinationTab('bank', 'โอนเข้าบัญชี', destination === 'bank')}${destinationTab('truemoney', 'TrueMoney', destination === 'truemoney')}${destinationTab('promptpay', 'PromptPay QR', destination === 'promptpay')}</div>
<div class="only-bank">
<label for="toBankCode">ธนาคารปลายทาง</label><select id="toBankCode" name="toBankCode" data-testid="toBankCode">${bankOptions(values.toBankCode ?? '004')}</select>
${field('toAccountNumber', 'เลขบัญชีปลายทาง', values, 'inputmode="numeric" autocomplete="off"')}
</div>
<div class="only-truemoney">
${field('toWalletPhone', 'เบอร์ TrueMoney ปลายทาง', values, 'inputmode="tel" autocomplete="off"')}
${field('senderPhone', 'เบอร์ TrueMoney ของคุณ (ผู้โอน)', values, 'inputmode="tel" autocomplete="off"')}
</div>
<div class="only-promptpay">
<label for="promptPayPayload">ข้อความ QR PromptPay (คัดลอกจากหน้าฝากเงิน)</label><textarea id="promptPayPayload" name="promptPayPayload" data-testid="promptPayPayload" autocomplete="off">${escapeHtml(values.promptPayPayload ?? '')}</textarea>
<p class="hint">ถ้า QR มีจำนวนเงิน จะโอนตามจำนวนใน QR</p>
</div>
${field('amount', 'จำนวนเงิน (บาท)', values, 'inputmode="decimal" autocomplete="off" placeholder="500.00"')}
<button type="submit" data-testid="transfer-submit">โอนเงิน</button>
</form></section>`;
  const houses = `<section><h2>บัญชีปลายทางที่ Sandbox รู้จัก</h2><ul>${allHouseAccounts().map((house) => `<li>${escapeHtml(describeHouseAccount(house))}</li>`).join('')}</ul></section>`;
  return layout('โอนเงิน', form + renderRecent(options.recent) + houses);
}

function renderRecent(recent: Transfer[]): string {
  if (recent.length === 0) return '';
  const items = recent.map((transfer) => {
    const status = describeDelivery(transfer.delivery);
    return `<li><a href="/bank/ui/transfers/${transfer.transferId}">${formatBaht(transfer.amountSatang)} บาท → ${escapeHtml(describeHouseAccount(transfer.destination))}</a><br><span class="${status.tone}">${escapeHtml(status.text)}</span></li>`;
  });
  return `<section><h2>รายการล่าสุด</h2><ul data-testid="recent-transfers">${items.join('')}</ul></section>`;
}

/** The sandbox's words for the feeds it simulates; a feed kind it does not simulate shows its name. */
const NOTIFICATION_LABELS: { readonly [K in FeedKind]?: string } = { sms: 'SMS ธนาคาร (ผ่านตัวส่งต่อ SMS ของผู้ให้บริการ)', statement: 'รายการเดินบัญชี (statement API)', truemoney: 'TrueMoney webhook' };
const GATEWAY_LABEL = 'SMS ธนาคาร (ผ่านแอป SMS Gateway for Android บนมือถือของผู้ให้บริการ)';

/** The SMS text of a delivery: our own JSON's `text`, or the app's `payload.message`. */
function smsTextOf(delivery: FeedDelivery): string {
  if (delivery.format !== 'sms-gateway') return String(delivery.body.text);
  const payload = delivery.body.payload;
  return typeof payload === 'object' && payload !== null ? String((payload as { message?: unknown }).message) : '';
}

export function renderTransferResult(transfer: Transfer): string {
  const { delivery, source } = transfer;
  const status = describeDelivery(delivery);
  const from =
    source.kind === 'bank' ? `${findBankByCode(source.bankCode)?.name ?? source.bankCode} ${source.accountNumber}` : `TrueMoney ${source.phone}`;
  const smsText = delivery.kind === 'sms' ? `<pre class="sms" data-testid="sms-text">${escapeHtml(smsTextOf(delivery))}</pre>` : '';
  const body = `<section data-testid="transfer-result"><h2 class="ok">โอนเงินสำเร็จ</h2>
<p class="amount" data-testid="transfer-amount">${formatBaht(transfer.amountSatang)} บาท</p>
<dl><dt>เลขที่รายการ</dt><dd data-testid="transfer-id">${transfer.transferId}</dd>
<dt>เวลา</dt><dd>${escapeHtml(formatTime(transfer.occurredAt))}</dd>
<dt>จาก</dt><dd>${keepWords(`${from} · ${transfer.senderName}`)}</dd>
<dt>ไปยัง</dt><dd>${keepWords(describeHouseAccount(transfer.destination))}</dd>
<dt>ยอดคงเหลือของคุณ</dt><dd data-testid="balance-after">${formatBaht(transfer.sourceBalanceAfterSatang)} บาท</dd></dl></section>
<section data-testid="delivery"><h2>แจ้งเตือนที่ส่งถึง Sabai</h2>
<p class="${status.tone}" data-testid="delivery-status" data-status="${delivery.status}" data-sabai-status="${escapeHtml(delivery.sabaiStatus ?? '')}">${escapeHtml(status.text)}</p>
<dl><dt>ช่องทาง</dt><dd data-testid="delivery-format" data-format="${delivery.format ?? 'sabai'}">${delivery.format === 'sms-gateway' ? GATEWAY_LABEL : NOTIFICATION_LABELS[delivery.kind] ?? delivery.kind}</dd><dt>แหล่ง</dt><dd>${escapeHtml(delivery.sourceId)}</dd>
<dt>ส่งไปที่</dt><dd>${escapeHtml(delivery.url ?? '-')}</dd></dl>
${smsText}<pre data-testid="delivery-body">${escapeHtml(JSON.stringify(delivery.body, null, 2))}</pre>
<pre data-testid="delivery-response">${escapeHtml(delivery.response === null ? '(ไม่มีคำตอบ)' : JSON.stringify(delivery.response, null, 2))}</pre>
<form method="post" action="/bank/ui/transfers/${transfer.transferId}/redeliver"><button type="submit" class="secondary" data-testid="redeliver">ส่งแจ้งเตือนอีกครั้ง</button></form>
</section><a class="button" href="/bank" data-testid="new-transfer">โอนเงินอีกครั้ง</a>`;
  return layout('โอนเงินสำเร็จ', body);
}

export function renderNotFound(): string {
  return layout('ไม่พบรายการ', '<section><h2>ไม่พบรายการ</h2><p>sandbox จำรายการนี้ไม่ได้แล้ว</p><a class="button" href="/bank">กลับ</a></section>');
}
