import { satangToDecimalString } from '@sabai/money';
import { CHIP_STAKES_SATANG } from '../games/game-catalog.ts';
import { renderChips, renderGameDocument, renderTopBar } from './page-layout.ts';
import { renderSymbolSprite } from './svg-art.ts';

const DEFAULT_STAKE_SATANG = 1_000n;
const BEAD_ROAD_CELLS = 6 * 12;

const hand = (side: 'player' | 'banker', name: string) => `
<div class="hand hand-${side}" data-testid="${side}-hand">
<div class="hand-head"><span class="hand-name">${name}</span><span class="hand-total" data-testid="${side}-total">–</span></div>
<div class="cards" data-cards="${side}"><div class="card-slot"></div><div class="card-slot"></div><div class="card-slot third"></div></div>
</div>`;

const spot = (side: 'player' | 'tie' | 'banker', name: string, odds: string, isChosen: boolean) =>
  `<button type="button" class="spot spot-${side}${isChosen ? ' is-chosen' : ''}" data-side="${side}" data-testid="bet-${side}" aria-pressed="${isChosen}">
<span class="spot-name">${name}</span><span class="spot-odds">${odds}</span><span class="spot-chip" data-testid="chip-on-${side}"></span></button>`;

/** The baccarat table page for a live session (the script /games/assets/baccarat.js deals). */
export function renderBaccaratPage(options: { sessionToken: string; returnUrl: string; balanceSatang: bigint; apiBase?: string; cardsLeft: number }): string {
  const body = `${renderSymbolSprite()}
${renderTopBar(options)}
<main class="baccarat" data-testid="baccarat-game">
<div class="table-head"><h1 class="title">บาคาร่า</h1><p class="subtitle">โต๊ะ 1 · ขอนไพ่ 8 สำรับ · เหลือ <span data-testid="cards-left">${options.cardsLeft}</span> ใบ</p></div>
<section class="felt">
<div class="hands">${hand('player', 'ผู้เล่น')}<div class="versus">VS</div>${hand('banker', 'เจ้ามือ')}</div>
<p class="result-banner" data-testid="baccarat-result" aria-live="polite">เลือกฝั่ง วางเดิมพัน แล้วกดแจกไพ่</p>
<div class="bet-spots" role="group" aria-label="เลือกฝั่งที่เดิมพัน">
${spot('player', 'ผู้เล่น', '1 : 1', true)}${spot('tie', 'เสมอ', '8 : 1', false)}${spot('banker', 'เจ้ามือ', '0.95 : 1', false)}
</div>
</section>
<section class="controls">
<p class="controls-label">เดิมพันต่อตา (บาท)</p>
${renderChips(CHIP_STAKES_SATANG, DEFAULT_STAKE_SATANG)}
<button type="button" class="spin-button deal-button" data-testid="deal"><span>แจกไพ่</span><small data-testid="deal-stake">ผู้เล่น ฿10</small></button>
</section>
<section class="road"><h2>สถิติโต๊ะ <span class="legend"><i class="bead bead-player">ผ</i>ผู้เล่น <i class="bead bead-banker">จ</i>เจ้ามือ <i class="bead bead-tie">ส</i>เสมอ</span></h2>
<div class="beads" data-testid="bead-road">${'<i class="bead"></i>'.repeat(BEAD_ROAD_CELLS)}</div></section>
<details class="paytable"><summary>กติกาและอัตราจ่าย</summary>
<p>ไพ่ A = 1 แต้ม, 2–9 ตามหน้าไพ่, 10 J Q K = 0 แต้ม นับเฉพาะหลักหน่วย ฝั่งที่ได้แต้มใกล้ 9 ที่สุดชนะ</p>
<p>ไพ่ 2 ใบแรกได้ 8 หรือ 9 (ไพ่ป๊อก) ทั้งสองฝั่งหยุด · ผู้เล่นจั่วเมื่อได้ 0–5 · เจ้ามือจั่วตามตารางมาตรฐานตามไพ่ใบที่สามของผู้เล่น</p>
<p>ผู้เล่นจ่าย 1 ต่อ 1 · เจ้ามือจ่าย 0.95 ต่อ 1 (หักค่าคอมมิชชัน 5%) · เสมอจ่าย 8 ต่อ 1 · เมื่อเสมอ เดิมพันผู้เล่น/เจ้ามือได้คืนเต็มจำนวน</p>
</details>
<footer class="footer">รอบล่าสุด <span data-testid="last-round">–</span><br>Sabai Sandbox Games · ระบบเกมจำลองสำหรับทดสอบ</footer>
</main>`;
  return renderGameDocument({
    title: 'บาคาร่า โต๊ะ 1',
    game: 'baccarat',
    body,
    data: { session: options.sessionToken, ...(options.apiBase ? { api: options.apiBase } : {}), balance: satangToDecimalString(options.balanceSatang), stake: satangToDecimalString(DEFAULT_STAKE_SATANG) },
  });
}
