// ช้างทองคำ in the browser: the server draws every outcome (POST /games/api/slot/spin); this
// script only animates it. Plain ES2020, no dependencies, no inline style (strict CSP).
(() => {
  'use strict';

  const SYMBOLS = ['elephant', 'crown', 'pagoda', 'lotus', 'coin', 'lantern'];
  const NAMES = { elephant: 'ช้างทอง', crown: 'ชฎา', pagoda: 'เจดีย์', lotus: 'ดอกบัว', coin: 'เหรียญทอง', lantern: 'โคมล้านนา' };
  const MIN_SPIN_MS = 650;
  const STOP_GAP_MS = 260;
  const SVG_NS = 'http://www.w3.org/2000/svg';

  const body = document.body;
  const token = body.dataset.session;
  // The game calls' base: the transfer-wallet games use /games/api, the sandbox Hub88's /games/hub88/api.
  const api = body.dataset.api || '/games/api';
  let stake = body.dataset.stake;
  let balance = body.dataset.balance;
  let isBusy = false;

  const balanceText = document.querySelector('[data-testid="balance"]');
  const message = document.querySelector('[data-testid="slot-message"]');
  const spinButton = document.querySelector('[data-testid="spin"]');
  const spinStake = document.querySelector('[data-testid="spin-stake"]');
  const lastRound = document.querySelector('[data-testid="last-round"]');
  const windowBox = document.querySelector('[data-testid="reels"]');
  const reels = Array.from(document.querySelectorAll('.reel'));
  const chips = Array.from(document.querySelectorAll('.chip'));

  /** "1234.50" → "1,234.50", from the decimal string (never through a float). */
  const formatBaht = (text) => {
    const [whole, fraction = '00'] = String(text).split('.');
    return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
  };
  const toSatang = (text) => {
    const [whole, fraction = '0'] = String(text).split('.');
    return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
  };
  const shortBaht = (text) => formatBaht(text).replace(/\.00$/, '');
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  function showBalance(text) {
    balance = text;
    balanceText.textContent = `฿${formatBaht(text)}`;
    balanceText.classList.remove('is-changed');
    void balanceText.offsetWidth;
    balanceText.classList.add('is-changed');
  }

  function say(text, tone) {
    message.textContent = text;
    message.className = `message${tone ? ` is-${tone}` : ''}`;
  }

  function cell(symbol) {
    const div = document.createElement('div');
    div.className = 'cell';
    div.dataset.symbol = symbol;
    const svg = document.createElementNS(SVG_NS, 'svg');
    svg.setAttribute('viewBox', '0 0 100 100');
    svg.setAttribute('role', 'img');
    svg.setAttribute('aria-label', NAMES[symbol]);
    const use = document.createElementNS(SVG_NS, 'use');
    use.setAttribute('href', `#sym-${symbol}`);
    svg.appendChild(use);
    div.appendChild(svg);
    return div;
  }

  function setStrip(reel, symbols, state) {
    const strip = document.createElement('div');
    strip.className = 'reel-strip';
    for (const symbol of symbols) strip.appendChild(cell(symbol));
    reel.replaceChildren(strip);
    reel.classList.remove('is-spinning', 'is-stopping');
    if (state) {
      void reel.offsetWidth;
      reel.classList.add(state);
    }
  }

  function startSpinning(reel) {
    // Three blurred random symbols, twice, loop seamlessly (the animation moves by three cells).
    const blur = Array.from({ length: 3 }, () => SYMBOLS[Math.floor(Math.random() * SYMBOLS.length)]);
    setStrip(reel, [...blur, ...blur], 'is-spinning');
  }

  function chooseStake(chip) {
    if (isBusy) return;
    stake = chip.dataset.stake;
    for (const other of chips) {
      const isChosen = other === chip;
      other.classList.toggle('is-chosen', isChosen);
      other.setAttribute('aria-pressed', String(isChosen));
    }
    spinStake.textContent = `เดิมพัน ฿${shortBaht(stake)}`;
  }

  async function spin() {
    if (isBusy) return;
    if (toSatang(stake) > toSatang(balance)) {
      say('ยอดเงินคงเหลือไม่พอสำหรับเดิมพันนี้ กรุณาเลือกเดิมพันที่น้อยลงหรือเติมเงิน', 'error');
      return;
    }
    isBusy = true;
    spinButton.disabled = true;
    windowBox.classList.remove('has-win');
    say('กำลังหมุน… ขอให้โชคดี!');
    reels.forEach(startSpinning);
    const started = Date.now();
    let reply;
    try {
      const response = await fetch(`${api}/slot/spin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token, stake }),
      });
      reply = { ok: response.ok, json: await response.json() };
    } catch {
      reply = { ok: false, json: { message: 'เชื่อมต่อเซิร์ฟเวอร์ไม่ได้ กรุณาลองใหม่อีกครั้ง' } };
    }
    await sleep(Math.max(0, MIN_SPIN_MS - (Date.now() - started)));
    if (!reply.ok) {
      reels.forEach((reel) => setStrip(reel, ['lotus', 'elephant', 'coin'], 'is-stopping'));
      say(reply.json.message || 'เกิดข้อผิดพลาด กรุณาลองใหม่', 'error');
      isBusy = false;
      spinButton.disabled = false;
      return;
    }
    const result = reply.json;
    for (let index = 0; index < reels.length; index += 1) {
      if (index > 0) await sleep(STOP_GAP_MS);
      setStrip(reels[index], result.reels[index], 'is-stopping');
    }
    await sleep(200);
    showBalance(result.balance);
    lastRound.textContent = result.roundId;
    if (result.win.kind === 'three_of_a_kind') {
      windowBox.classList.add('has-win');
      reels.forEach((reel) => reel.querySelectorAll('.cell')[1].classList.add('is-winning'));
      const name = NAMES[result.win.symbol];
      say(`ชนะ ฿${formatBaht(result.payout)}! ${name} 3 ตัว ×${result.win.multiplier}`, 'win');
    } else if (result.win.kind === 'mixed_high') {
      say(`สัญลักษณ์ใหญ่ผสม ได้เงินเดิมพันคืน ฿${formatBaht(result.payout)}`, 'push');
    } else {
      say('เสียดาย! ลองหมุนอีกครั้ง');
    }
    isBusy = false;
    spinButton.disabled = false;
  }

  for (const chip of chips) chip.addEventListener('click', () => chooseStake(chip));
  spinButton.addEventListener('click', spin);

  // The member site may move money in or out while the game is open: show it when the tab returns.
  document.addEventListener('visibilitychange', async () => {
    if (document.visibilityState !== 'visible' || isBusy) return;
    try {
      const response = await fetch(`${api}/balance`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }) });
      if (response.ok) showBalance((await response.json()).balance);
    } catch {
      // keep the last known balance
    }
  });
})();
