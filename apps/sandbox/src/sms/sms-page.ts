import type { SandboxSms } from './sandbox-sms-gateway.ts';

const escape = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
const STATE_LABELS = { sent: 'ส่งแล้ว', delivered: 'ถึงผู้รับแล้ว', failed: 'ส่งไม่สำเร็จ' } as const;

/** The sandbox's SMS page for people: what Sabai asked the operator's phone to send, newest first. */
export function renderSmsPage(messages: SandboxSms[], to: string | undefined): string {
  const rows = messages
    .map(
      (message) =>
        `<li class="sms" data-to="${escape(message.to)}" data-state="${message.state}"><div class="meta">ถึง <b>${escape(message.to)}</b> · ${escape(message.createdAt)} · <span class="state">${STATE_LABELS[message.state]}</span></div><pre class="text">${escape(message.text)}</pre></li>`,
    )
    .join('');
  return (
    '<!doctype html><html lang="th"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>SMS จำลอง</title>' +
    '<style>body{font-family:sans-serif;max-width:40rem;margin:1rem auto;padding:0 1rem}ul{list-style:none;padding:0}li{border:1px solid #ccc;border-radius:.5rem;margin:.5rem 0;padding:.5rem}pre{white-space:pre-wrap;font-size:1rem;margin:.25rem 0}.meta{color:#555;font-size:.85rem}</style>' +
    '<h1>SMS จำลอง (SMS Gateway for Android)</h1>' +
    `<form method="get" action="/sms"><label>เบอร์ผู้รับ <input name="to" inputmode="numeric" value="${escape(to ?? '')}"></label> <button>ค้นหา</button></form>` +
    (rows ? `<ul>${rows}</ul>` : '<p>ยังไม่มีข้อความ</p>') +
    '</html>'
  );
}
