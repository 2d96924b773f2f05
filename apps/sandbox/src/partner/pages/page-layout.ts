import { satangToDecimalString } from '@sabai/money';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** "1234567.50" → "1,234,567.50" (from the decimal string: never through a float). */
export function formatBahtText(amountSatang: bigint): string {
  const [whole = '0', fraction = '00'] = satangToDecimalString(amountSatang).split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}

/**
 * The game pages' headers: a strict CSP of their own (scripts and styles only from
 * /games/assets on this origin; no inline script or style; calls only to this origin), no
 * referrer (the session token is in the URL), never cached.
 */
export const GAME_PAGE_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'",
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
};

export interface GameDocument {
  title: string;
  /** `slot` or `baccarat`: the body class and the script /games/assets/<game>.js. */
  game: 'slot' | 'baccarat' | 'message';
  body: string;
  /** data-* attributes of <body> that the script reads (session token, balance, …). */
  data?: Record<string, string>;
}

export function renderGameDocument(document: GameDocument): string {
  const data = Object.entries(document.data ?? {})
    .map(([name, value]) => ` data-${name}="${escapeHtml(value)}"`)
    .join('');
  const script = document.game === 'message' ? '' : `<script src="/games/assets/${document.game}.js" defer></script>`;
  return `<!doctype html><html lang="th"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1,viewport-fit=cover">
<meta name="theme-color" content="#1c020a"><link rel="icon" href="data:,"><title>${escapeHtml(document.title)}</title>
<link rel="stylesheet" href="/games/assets/games.css">${script}</head>
<body class="game-${document.game}"${data}>${document.body}</body></html>`;
}

/** The bar on top of every game: back to the member site, and the balance. */
export function renderTopBar(options: { returnUrl: string; balanceSatang: bigint }): string {
  return `<header class="topbar">
<a class="back" href="${escapeHtml(options.returnUrl)}" data-testid="back-to-site" rel="noreferrer">‹ กลับสู่เว็บไซต์</a>
<div class="balance"><small>ยอดเงินคงเหลือ</small><strong data-testid="balance">฿${formatBahtText(options.balanceSatang)}</strong></div>
</header>`;
}

/** The stake chips (1, 5, 10, 50, 100 baht), one of them chosen. */
export function renderChips(stakesSatang: readonly bigint[], chosenSatang: bigint): string {
  const chips = stakesSatang.map((stake) => {
    const baht = satangToDecimalString(stake).replace(/\.00$/, '');
    const isChosen = stake === chosenSatang;
    return `<button type="button" class="chip chip-${baht}${isChosen ? ' is-chosen' : ''}" data-stake="${satangToDecimalString(stake)}" data-testid="stake-${baht}" aria-pressed="${isChosen}"><span>${baht}</span></button>`;
  });
  return `<div class="chips" role="group" aria-label="เลือกจำนวนเดิมพัน">${chips.join('')}</div>`;
}
