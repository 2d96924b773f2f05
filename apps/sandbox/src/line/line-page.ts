import { escapeHtml } from '../bank/bank-page.ts';
import type { ChatEntry, LineUser } from './sandbox-line.ts';

/**
 * The sandbox LINE's pages: a phone-like chat (390 px wide, Thai) per simulated LINE user showing
 * what Sabai pushed or replied (text, and a rendering of Flex bubbles), the user's composer,
 * follow / unfollow, and LINE's account-link dialog. No script, no external assets; stable
 * `data-testid`s for Playwright.
 */
const STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,"Noto Sans Thai",sans-serif;background:#d9dee3;color:#111}
.phone{max-width:390px;margin:0 auto;min-height:100vh;background:#8cabd9;display:flex;flex-direction:column}
header{background:#06c755;color:#fff;padding:12px 14px}header h1{margin:0;font-size:17px}header p{margin:2px 0 0;font-size:12px;opacity:.9}
nav{background:#fff;padding:8px 10px;font-size:13px;display:flex;gap:6px;flex-wrap:wrap;align-items:center}
nav a{padding:4px 8px;border-radius:12px;background:#eef;color:#223;text-decoration:none}nav a.on{background:#06c755;color:#fff}
.chat{flex:1;padding:10px;display:flex;flex-direction:column;gap:8px}
.row{display:flex}.row.user{justify-content:flex-end}
.bubble{max-width:80%;padding:8px 11px;border-radius:16px;font-size:14px;line-height:1.45;white-space:pre-wrap;overflow-wrap:anywhere}
.bot .bubble{background:#fff}.user .bubble{background:#06c755;color:#fff}
.time{font-size:10px;color:#334;align-self:flex-end;margin:0 4px}
.flex{background:#fff;border-radius:14px;overflow:hidden;width:260px;font-size:13px;box-shadow:0 1px 2px rgba(0,0,0,.15)}
.flex .hd>.vbox{padding:10px 12px}.flex .bd{padding:10px 12px;display:flex;flex-direction:column;gap:6px}
.hbox{display:flex;gap:8px;justify-content:space-between}.vbox{display:flex;flex-direction:column;gap:4px}
form.compose{display:flex;gap:6px;padding:8px;background:#fff}form.compose input{flex:1;font:inherit;padding:9px;border:1px solid #ccd;border-radius:18px}
button{font:inherit;border:0;border-radius:18px;padding:9px 14px;background:#06c755;color:#fff;cursor:pointer}
button.ghost{background:#eef;color:#223}
.card{background:#fff;margin:16px;padding:16px;border-radius:14px}.muted{color:#556;font-size:12px}
.status{font-size:11px;color:#223;padding:4px 10px;background:#eef3}
`;

const page = (title: string, body: string) =>
  `<!doctype html><html lang="th"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><div class="phone">${body}</div></body></html>`;

const bangkok = (iso: string) => new Intl.DateTimeFormat('th-TH', { timeZone: 'Asia/Bangkok', hour: '2-digit', minute: '2-digit', hour12: false }).format(new Date(iso));

/** Text with its URLs as links (LINE opens them in the browser). */
const linkify = (text: string) => escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}" data-testid="line-link">${url}</a>`);

/** A Flex component as HTML: boxes (horizontal / vertical) and texts, with their colours. */
function renderFlex(node: unknown): string {
  if (typeof node !== 'object' || node === null) return '';
  const component = node as Record<string, unknown>;
  const style = [
    typeof component.color === 'string' ? `color:${escapeHtml(component.color)}` : '',
    typeof component.backgroundColor === 'string' ? `background:${escapeHtml(component.backgroundColor)}` : '',
    component.weight === 'bold' ? 'font-weight:700' : '',
    component.align === 'end' ? 'text-align:right' : '',
    typeof component.flex === 'number' ? `flex:${component.flex}` : '',
  ].filter(Boolean).join(';');
  if (component.type === 'text') return `<div style="${style}">${escapeHtml(String(component.text ?? ''))}</div>`;
  if (component.type === 'box') {
    const children = Array.isArray(component.contents) ? component.contents.map(renderFlex).join('') : '';
    return `<div class="${component.layout === 'horizontal' ? 'hbox' : 'vbox'}" style="${style}">${children}</div>`;
  }
  return '';
}

function renderMessage(message: Record<string, unknown>): string {
  if (message.type === 'text') return `<div class="bubble" data-testid="line-text-message">${linkify(String(message.text ?? ''))}</div>`;
  if (message.type === 'flex') {
    const bubble = (message.contents ?? {}) as Record<string, unknown>;
    return `<div class="flex" data-testid="line-flex-message" title="${escapeHtml(String(message.altText ?? ''))}">` +
      (bubble.header ? `<div class="hd">${renderFlex(bubble.header)}</div>` : '') +
      (bubble.body ? `<div class="bd">${renderFlex(bubble.body)}</div>` : '') +
      `</div>`;
  }
  return `<div class="bubble">[${escapeHtml(String(message.type))}]</div>`;
}

const renderEntry = (entry: ChatEntry) =>
  entry.messages.map((message) => `<div class="row ${entry.from}">${entry.from === 'user' ? `<span class="time">${bangkok(entry.at)}</span>` : ''}${renderMessage(message)}${entry.from === 'bot' ? `<span class="time">${bangkok(entry.at)}</span>` : ''}</div>`).join('');

/** `GET /line?user=…`: the chat of one simulated user (or the list and "new user" form). */
export function renderChatPage(users: LineUser[], current: LineUser | undefined): string {
  const tabs = users.map((user) => `<a href="/line?user=${user.userId}" class="${user === current ? 'on' : ''}" data-testid="line-user-tab">${escapeHtml(user.displayName)}</a>`).join('');
  const newUser = `<form method="post" action="/line/ui/users" style="display:flex;gap:6px;margin-left:auto"><input name="displayName" placeholder="ชื่อผู้ใช้ LINE" data-testid="line-new-user-name" style="width:120px;padding:4px 8px;border:1px solid #ccd;border-radius:12px"><button class="ghost" data-testid="line-new-user">+ ผู้ใช้</button></form>`;
  const header = `<header><h1>${current ? escapeHtml(current.displayName) : 'LINE จำลอง'} · Sabai</h1><p>บัญชีทางการ Sabai (แซนด์บ็อกซ์)${current ? ` · ${current.following ? 'เป็นเพื่อนแล้ว' : 'ยังไม่ได้เพิ่มเพื่อน'}` : ''}</p></header>`;
  if (!current) return page('LINE จำลอง', `${header}<nav>${tabs}${newUser}</nav><div class="card">สร้างผู้ใช้ LINE จำลอง แล้วกด "เพิ่มเพื่อน" เพื่อคุยกับบัญชี Sabai</div>`);
  const lastWebhook = current.webhooks[0];
  const status = lastWebhook ? `<div class="status" data-testid="line-webhook-status">webhook ล่าสุด: ${escapeHtml(lastWebhook.type)} → ${lastWebhook.httpStatus ?? escapeHtml(lastWebhook.error ?? '-')}</div>` : '';
  const followForm = `<form method="post" action="/line/ui/users/${current.userId}/${current.following ? 'unfollow' : 'follow'}"><button class="${current.following ? 'ghost' : ''}" data-testid="line-${current.following ? 'unfollow' : 'follow'}">${current.following ? 'บล็อก' : 'เพิ่มเพื่อน'}</button></form>`;
  const chat = current.chat.length === 0 ? '<div class="card muted">ยังไม่มีข้อความ</div>' : current.chat.map(renderEntry).join('');
  const compose = current.following
    ? `<form class="compose" method="post" action="/line/ui/users/${current.userId}/messages"><input name="text" placeholder="พิมพ์ข้อความ เช่น ยอดเงิน" data-testid="line-compose" maxlength="500" required><button data-testid="line-send">ส่ง</button></form>`
    : '';
  return page(`${current.displayName} · LINE จำลอง`, `${header}<nav>${tabs}${followForm}${newUser}</nav>${status}<div class="chat" data-testid="line-chat">${chat}</div>${compose}`);
}

/** LINE's account-link dialog (`/line/dialog/bot/accountLink?linkToken=…&nonce=…`). */
export function renderAccountLinkDialog(input: { user: LineUser | undefined; linkToken: string; nonce: string }): string {
  if (!input.user) return page('เชื่อมต่อบัญชี', `<header><h1>LINE</h1></header><div class="card" data-testid="line-link-error">ลิงก์เชื่อมต่อหมดอายุหรือไม่ถูกต้อง</div>`);
  return page(
    'เชื่อมต่อบัญชี',
    `<header><h1>LINE</h1><p>เชื่อมต่อบัญชี</p></header><div class="card"><p><b>Sabai</b> ต้องการเชื่อมบัญชีสมาชิกกับ LINE ของ <b>${escapeHtml(input.user.displayName)}</b></p><p class="muted">คุณจะได้รับแจ้งเตือนฝาก ถอน และโบนัสทาง LINE</p>
<form method="post" action="/line/ui/account-link"><input type="hidden" name="linkToken" value="${escapeHtml(input.linkToken)}"><input type="hidden" name="nonce" value="${escapeHtml(input.nonce)}"><button data-testid="line-link-confirm">ยืนยันการเชื่อมต่อ</button></form></div>`,
  );
}
