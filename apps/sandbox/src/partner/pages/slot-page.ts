import { satangToDecimalString } from '@sabai/money';
import { CHIP_STAKES_SATANG } from '../games/game-catalog.ts';
import { MIXED_HIGH_MULTIPLIER, outcomeOfStops, SLOT_SYMBOLS, THREE_OF_A_KIND_MULTIPLIER, type SlotSymbol } from '../games/slot-machine.ts';
import { renderChips, renderGameDocument, renderTopBar } from './page-layout.ts';
import { renderSymbolSprite, symbolSvg } from './svg-art.ts';

export const SYMBOL_NAMES: Readonly<Record<SlotSymbol, string>> = {
  elephant: 'ช้างทอง',
  crown: 'ชฎา',
  pagoda: 'เจดีย์',
  lotus: 'ดอกบัว',
  coin: 'เหรียญทอง',
  lantern: 'โคมล้านนา',
};

/** The reels before the first spin: three elephants on the line (the machine's attract screen). */
const ATTRACT_STOPS: [number, number, number] = [7, 12, 6];
const DEFAULT_STAKE_SATANG = 1_000n;

/** The ช้างทองคำ page for a live session (the script /games/assets/slot.js plays it). */
export function renderSlotPage(options: { sessionToken: string; returnUrl: string; balanceSatang: bigint; apiBase?: string }): string {
  const { reels } = outcomeOfStops(ATTRACT_STOPS);
  const reelColumns = reels
    .map((column, index) => `<div class="reel" data-reel="${index}"><div class="reel-strip">${column.map((symbol) => `<div class="cell" data-symbol="${symbol}">${symbolSvg(symbol, SYMBOL_NAMES[symbol])}</div>`).join('')}</div></div>`)
    .join('');
  const payRows = SLOT_SYMBOLS.map(
    (symbol) =>
      `<li><span class="pay-symbols">${symbolSvg(symbol)}${symbolSvg(symbol)}${symbolSvg(symbol)}</span><span class="pay-name">${SYMBOL_NAMES[symbol]}</span><b>×${THREE_OF_A_KIND_MULTIPLIER[symbol]}</b></li>`,
  ).join('');
  const body = `${renderSymbolSprite()}
${renderTopBar(options)}
<main class="slot" data-testid="slot-game">
<div class="marquee"><div class="marquee-art">${symbolSvg('elephant')}</div><div><h1 class="title">ช้างทองคำ</h1><p class="subtitle">GOLDEN ELEPHANT</p></div></div>
<section class="machine">
<div class="window" data-testid="reels">${reelColumns}<div class="payline" aria-hidden="true"></div></div>
<p class="message" data-testid="slot-message" aria-live="polite">เลือกเดิมพัน แล้วกดหมุนเพื่อลุ้นช้างทอง 3 ตัว รับ 100 เท่า!</p>
</section>
<section class="controls">
<p class="controls-label">เดิมพันต่อรอบ (บาท)</p>
${renderChips(CHIP_STAKES_SATANG, DEFAULT_STAKE_SATANG)}
<button type="button" class="spin-button" data-testid="spin"><span>หมุน</span><small data-testid="spin-stake">เดิมพัน ฿${satangToDecimalString(DEFAULT_STAKE_SATANG).replace(/\.00$/, '')}</small></button>
</section>
<details class="paytable"><summary>ตารางการจ่ายรางวัล</summary>
<ul>${payRows}<li><span class="pay-symbols pay-mixed">${symbolSvg('crown')}${symbolSvg('lotus')}${symbolSvg('pagoda')}</span><span class="pay-name">ผสมสัญลักษณ์ใหญ่ 3 ตัว</span><b>×${MIXED_HIGH_MULTIPLIER}</b></li></ul>
<p>จ่ายตามเส้นกลาง · ช้างทองแทนได้ทุกสัญลักษณ์ · รางวัลรวมเงินเดิมพันแล้ว · อัตราคืนผู้เล่น (RTP) 96.04%</p>
</details>
<footer class="footer">รอบล่าสุด <span data-testid="last-round">–</span><br>Sabai Sandbox Games · ระบบเกมจำลองสำหรับทดสอบ</footer>
</main>`;
  return renderGameDocument({
    title: 'ช้างทองคำ · Golden Elephant',
    game: 'slot',
    body,
    data: { session: options.sessionToken, ...(options.apiBase ? { api: options.apiBase } : {}), balance: satangToDecimalString(options.balanceSatang), stake: satangToDecimalString(DEFAULT_STAKE_SATANG) },
  });
}
