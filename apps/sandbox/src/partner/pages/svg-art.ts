import type { SlotSymbol } from '../games/slot-machine.ts';
import type { Suit } from '../games/baccarat-rules.ts';

/**
 * Hand-drawn SVG art (no external assets, no emoji, presentation attributes only: a strict CSP
 * blocks inline `style`). Every piece is drawn in a 100 × 100 box. Gradients are shared by id.
 */

export const GRADIENTS = `
<linearGradient id="g-gold" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff4b8"/><stop offset=".45" stop-color="#f5c842"/><stop offset="1" stop-color="#b97a10"/></linearGradient>
<linearGradient id="g-gold-side" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffe27a"/><stop offset="1" stop-color="#a86a08"/></linearGradient>
<linearGradient id="g-red" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ff6b6b"/><stop offset="1" stop-color="#a3122a"/></linearGradient>
<linearGradient id="g-pink" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffe0ec"/><stop offset=".6" stop-color="#f27aa6"/><stop offset="1" stop-color="#c2185b"/></linearGradient>
<linearGradient id="g-green" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7ddc8a"/><stop offset="1" stop-color="#1f7a3a"/></linearGradient>
<linearGradient id="g-stone" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fff8e6"/><stop offset=".5" stop-color="#f1d9a0"/><stop offset="1" stop-color="#c99a45"/></linearGradient>
<radialGradient id="g-coin" cx=".35" cy=".3" r=".8"><stop offset="0" stop-color="#fff6c4"/><stop offset=".5" stop-color="#f5c842"/><stop offset="1" stop-color="#a86a08"/></radialGradient>`;

const OUTLINE = 'stroke="#6b3d02" stroke-width="2.2" stroke-linejoin="round"';

export const SYMBOL_ART: Readonly<Record<SlotSymbol, string>> = {
  // A royal elephant facing left, saddle cloth on its back.
  elephant: `
<path d="M88 44 Q95 52 91 62" fill="none" stroke="#6b3d02" stroke-width="3" stroke-linecap="round"/>
<path d="M32 40 Q36 22 58 22 Q84 22 88 44 Q90 58 83 64 L83 84 Q83 88 79 88 L73 88 Q70 88 70 84 L70 71 Q60 74 50 71 L50 84 Q50 88 46 88 L40 88 Q37 88 37 84 L37 64 Q31 58 32 40 Z" fill="url(#g-gold)" ${OUTLINE}/>
<path d="M55 25 L79 27 Q82 40 77 54 L57 52 Q53 38 55 25 Z" fill="url(#g-red)" stroke="#f5c842" stroke-width="2.5"/>
<path d="M57 52 L60 58 M63 53 L65 59 M69 53 L70 59 M75 54 L75 60" stroke="#f5c842" stroke-width="2.5" stroke-linecap="round"/>
<circle cx="30" cy="42" r="17" fill="url(#g-gold)" ${OUTLINE}/>
<path d="M15 44 Q8 60 12 76 Q14 83 20 81 Q24 79 22 74 Q18 62 25 53 Z" fill="url(#g-gold)" ${OUTLINE}/>
<path d="M34 31 Q49 28 50 44 Q50 59 37 59 Q30 53 34 31 Z" fill="url(#g-gold-side)" ${OUTLINE}/>
<path d="M21 55 Q15 62 22 66 Q21 61 25 57 Z" fill="#fffdf5" stroke="#8a6a3a" stroke-width="1.4"/>
<circle cx="24" cy="39" r="2.6" fill="#3a1d00"/>
<path d="M18 30 Q28 20 40 27" fill="none" stroke="#c8102e" stroke-width="4" stroke-linecap="round"/>
<circle cx="29" cy="24.5" r="3.2" fill="#f5c842" stroke="#6b3d02" stroke-width="1.2"/>`,
  // ชฎา: a tiered Thai crown with a spire and ear pieces.
  crown: `
<path d="M24 84 Q18 70 28 62 L32 80 Z M76 84 Q82 70 72 62 L68 80 Z" fill="url(#g-gold-side)" ${OUTLINE}/>
<rect x="27" y="74" width="46" height="14" rx="3" fill="url(#g-gold)" ${OUTLINE}/>
<circle cx="38" cy="81" r="3.2" fill="#c8102e"/><circle cx="50" cy="81" r="3.6" fill="#1e88e5"/><circle cx="62" cy="81" r="3.2" fill="#c8102e"/>
<path d="M31 74 L35 62 L65 62 L69 74 Z" fill="url(#g-gold)" ${OUTLINE}/>
<path d="M36 62 L39 51 L61 51 L64 62 Z" fill="url(#g-gold)" ${OUTLINE}/>
<path d="M40 51 L43 41 L57 41 L60 51 Z" fill="url(#g-gold)" ${OUTLINE}/>
<path d="M44 41 L46 32 L54 32 L56 41 Z" fill="url(#g-gold)" ${OUTLINE}/>
<path d="M46.5 32 L50 8 L53.5 32 Z" fill="url(#g-gold-side)" ${OUTLINE}/>
<circle cx="50" cy="56.5" r="2.6" fill="#c8102e"/><circle cx="50" cy="46" r="2.2" fill="#2e7d32"/>`,
  // เจดีย์: a bell-shaped stupa on stepped terraces.
  pagoda: `
<rect x="16" y="82" width="68" height="8" rx="2" fill="url(#g-stone)" ${OUTLINE}/>
<rect x="24" y="74" width="52" height="8" rx="2" fill="url(#g-stone)" ${OUTLINE}/>
<path d="M30 74 Q29 50 50 43 Q71 50 70 74 Z" fill="url(#g-stone)" ${OUTLINE}/>
<rect x="43" y="36" width="14" height="7" rx="1" fill="url(#g-gold)" ${OUTLINE}/>
<path d="M45 36 L50 6 L55 36 Z" fill="url(#g-gold)" ${OUTLINE}/>
<path d="M45.5 30 H54.5 M46.5 24 H53.5 M47.5 18 H52.5" stroke="#6b3d02" stroke-width="1.8"/>
<path d="M37 64 Q50 58 63 64" fill="none" stroke="#c99a45" stroke-width="2"/>`,
  // ดอกบัว: a pink lotus over a leaf.
  lotus: `
<ellipse cx="50" cy="80" rx="36" ry="9" fill="url(#g-green)" stroke="#14532d" stroke-width="2"/>
<path d="M50 76 Q20 74 14 50 Q34 50 50 76 Z" fill="url(#g-pink)" stroke="#9d174d" stroke-width="1.8"/>
<path d="M50 76 Q80 74 86 50 Q66 50 50 76 Z" fill="url(#g-pink)" stroke="#9d174d" stroke-width="1.8"/>
<path d="M50 76 Q26 62 28 32 Q46 44 50 76 Z" fill="url(#g-pink)" stroke="#9d174d" stroke-width="1.8"/>
<path d="M50 76 Q74 62 72 32 Q54 44 50 76 Z" fill="url(#g-pink)" stroke="#9d174d" stroke-width="1.8"/>
<path d="M50 76 Q36 50 50 16 Q64 50 50 76 Z" fill="url(#g-pink)" stroke="#9d174d" stroke-width="1.8"/>`,
  // A gold baht coin.
  coin: `
<circle cx="50" cy="52" r="38" fill="#8a5a0c"/>
<circle cx="50" cy="48" r="38" fill="url(#g-coin)" ${OUTLINE}/>
<circle cx="50" cy="48" r="29" fill="none" stroke="#b97a10" stroke-width="3"/>
<path d="M44 31 V65 M56 31 V65" stroke="#8a5a0c" stroke-width="3"/>
<path d="M39 35 H53 Q62 35 62 42 Q62 48 53 48 H39 Z M39 48 H55 Q64 48 64 55.5 Q64 62 55 62 H39 Z" fill="none" stroke="#8a5a0c" stroke-width="5" stroke-linejoin="round"/>`,
  // โคม: a Lanna paper lantern with a tassel.
  lantern: `
<path d="M50 4 V14" stroke="#6b3d02" stroke-width="2.5"/>
<rect x="38" y="13" width="24" height="8" rx="2" fill="url(#g-gold)" ${OUTLINE}/>
<ellipse cx="50" cy="46" rx="30" ry="26" fill="url(#g-red)" stroke="#6b0a16" stroke-width="2.2"/>
<ellipse cx="50" cy="46" rx="17" ry="26" fill="none" stroke="#f5c842" stroke-width="2"/>
<path d="M50 20 V72" stroke="#f5c842" stroke-width="2"/>
<path d="M21 46 H79" stroke="#ffd966" stroke-width="2.5" stroke-dasharray="4 3"/>
<rect x="40" y="70" width="20" height="7" rx="2" fill="url(#g-gold)" ${OUTLINE}/>
<path d="M44 77 L42 95 M48 77 L47 96 M52 77 L53 96 M56 77 L58 95" stroke="#f5c842" stroke-width="2.4" stroke-linecap="round"/>`,
};

export const SUIT_ART: Readonly<Record<Suit, string>> = {
  hearts: '<path d="M50 88 C22 64 8 48 18 31 C27 17 44 19 50 33 C56 19 73 17 82 31 C92 48 78 64 50 88 Z" fill="#d0112b"/>',
  diamonds: '<path d="M50 8 L82 50 L50 92 L18 50 Z" fill="#d0112b"/>',
  spades:
    '<path d="M50 8 C78 34 92 48 82 64 C74 76 60 72 54 64 L60 92 H40 L46 64 C40 72 26 76 18 64 C8 48 22 34 50 8 Z" fill="#16181d"/>',
  clubs:
    '<circle cx="50" cy="29" r="17" fill="#16181d"/><circle cx="30" cy="56" r="17" fill="#16181d"/><circle cx="70" cy="56" r="17" fill="#16181d"/><path d="M46 52 L40 92 H60 L54 52 Z" fill="#16181d"/>',
};

/** One hidden <svg> of <symbol>s for the page; cells refer to them with <use href="#sym-…">. */
export function renderSymbolSprite(): string {
  const symbols = Object.entries(SYMBOL_ART).map(([name, art]) => `<symbol id="sym-${name}" viewBox="0 0 100 100">${art}</symbol>`);
  const suits = Object.entries(SUIT_ART).map(([name, art]) => `<symbol id="suit-${name}" viewBox="0 0 100 100">${art}</symbol>`);
  return `<svg class="sprite" aria-hidden="true" focusable="false"><defs>${GRADIENTS}</defs>${symbols.join('')}${suits.join('')}</svg>`;
}

/** An inline SVG showing one symbol (for server-rendered reels and the paytable). */
export const symbolSvg = (symbol: SlotSymbol, label = ''): string =>
  `<svg viewBox="0 0 100 100" ${label ? `role="img" aria-label="${label}"` : 'aria-hidden="true"'}><use href="#sym-${symbol}"/></svg>`;

const THUMBNAIL_FONT = 'font-family="Noto Sans Thai, Sarabun, Garuda, Loma, sans-serif" font-weight="700" text-anchor="middle"';

/** The catalogue image of ช้างทองคำ (imageUrl of the games list). */
export function renderSlotThumbnail(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 320" width="320" height="320">
<defs>${GRADIENTS}<radialGradient id="t-bg" cx=".5" cy=".35" r=".8"><stop offset="0" stop-color="#a3122a"/><stop offset="1" stop-color="#2a0410"/></radialGradient></defs>
<rect width="320" height="320" rx="28" fill="url(#t-bg)"/>
<rect x="10" y="10" width="300" height="300" rx="22" fill="none" stroke="url(#g-gold)" stroke-width="6"/>
<g transform="translate(52 14) scale(2.2)">${SYMBOL_ART.elephant}</g>
<g transform="translate(18 150) scale(.7)">${SYMBOL_ART.coin}</g><g transform="translate(232 150) scale(.7)">${SYMBOL_ART.lotus}</g>
<text x="160" y="272" font-size="46" fill="url(#g-gold)" stroke="#5a2a00" stroke-width="1.5" ${THUMBNAIL_FONT}>ช้างทองคำ</text>
<text x="160" y="298" font-size="16" fill="#ffe9a8" letter-spacing="4" ${THUMBNAIL_FONT}>GOLDEN ELEPHANT</text>
</svg>`;
}

/** The catalogue image of the baccarat table. */
export function renderBaccaratThumbnail(): string {
  const card = (x: number, rotate: number, rank: string, suit: Suit) =>
    `<g transform="translate(${x} 70) rotate(${rotate} 45 65)"><rect width="90" height="130" rx="10" fill="#fff" stroke="#c9b27a" stroke-width="3"/>
<text x="14" y="32" font-size="26" fill="${suit === 'hearts' || suit === 'diamonds' ? '#d0112b' : '#16181d'}" font-family="sans-serif" font-weight="700">${rank}</text>
<g transform="translate(20 45) scale(.5)">${SUIT_ART[suit]}</g></g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 320" width="320" height="320">
<defs>${GRADIENTS}<radialGradient id="t-felt" cx=".5" cy=".4" r=".8"><stop offset="0" stop-color="#23925a"/><stop offset="1" stop-color="#05301b"/></radialGradient></defs>
<rect width="320" height="320" rx="28" fill="url(#t-felt)"/>
<rect x="10" y="10" width="300" height="300" rx="22" fill="none" stroke="url(#g-gold)" stroke-width="6"/>
${card(62, -12, 'K', 'spades')}${card(168, 10, '9', 'hearts')}
<text x="160" y="262" font-size="48" fill="url(#g-gold)" stroke="#3a2400" stroke-width="1.5" ${THUMBNAIL_FONT}>บาคาร่า</text>
<text x="160" y="294" font-size="18" fill="#d8f5e3" ${THUMBNAIL_FONT}>โต๊ะ 1 · 8 สำรับ</text>
</svg>`;
}
