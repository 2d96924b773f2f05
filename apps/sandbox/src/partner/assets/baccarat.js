// The baccarat table in the browser: the server shuffles, deals and settles
// (POST /games/api/baccarat/deal); this script shows the cards one by one.
// Plain ES2020, no dependencies, no inline style (strict CSP).
(() => {
  'use strict';

  const RANKS = { 1: 'A', 11: 'J', 12: 'Q', 13: 'K' };
  const SIDE_NAMES = { player: 'ผู้เล่น', banker: 'เจ้ามือ', tie: 'เสมอ' };
  const BEAD_LETTERS = { player: 'ผ', banker: 'จ', tie: 'ส' };
  const CARD_GAP_MS = 420;
  const SVG_NS = 'http://www.w3.org/2000/svg';

  const body = document.body;
  const token = body.dataset.session;
  // The game calls' base: the transfer-wallet games use /games/api, the sandbox Hub88's /games/hub88/api.
  const api = body.dataset.api || '/games/api';
  let stake = body.dataset.stake;
  let balance = body.dataset.balance;
  let side = 'player';
  let isBusy = false;

  const $ = (selector) => document.querySelector(selector);
  const balanceText = $('[data-testid="balance"]');
  const banner = $('[data-testid="baccarat-result"]');
  const dealButton = $('[data-testid="deal"]');
  const dealStake = $('[data-testid="deal-stake"]');
  const cardsLeft = $('[data-testid="cards-left"]');
  const lastRound = $('[data-testid="last-round"]');
  const beads = Array.from(document.querySelectorAll('[data-testid="bead-road"] .bead'));
  const spots = Array.from(document.querySelectorAll('.spot'));
  const chips = Array.from(document.querySelectorAll('.chip'));
  const hands = { player: $('.hand-player'), banker: $('.hand-banker') };
  const totals = { player: $('[data-testid="player-total"]'), banker: $('[data-testid="banker-total"]') };
  const cardRows = { player: $('[data-cards="player"]'), banker: $('[data-cards="banker"]') };
  const road = [];

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
  const points = (cards) => cards.reduce((sum, card) => sum + (card.rank >= 10 ? 0 : card.rank), 0) % 10;

  function showBalance(text) {
    balance = text;
    balanceText.textContent = `฿${formatBaht(text)}`;
    balanceText.classList.remove('is-changed');
    void balanceText.offsetWidth;
    balanceText.classList.add('is-changed');
  }

  function announce(main, detail, tone) {
    const strong = document.createElement('strong');
    strong.textContent = main;
    const parts = [strong];
    if (detail) {
      const small = document.createElement('small');
      small.textContent = detail;
      parts.push(document.createElement('br'), small);
    }
    const box = document.createElement('span');
    box.append(...parts);
    banner.replaceChildren(box);
    banner.className = `result-banner${tone ? ` is-${tone}` : ''}`;
  }

  function suitIcon(suit, className) {
    const svg = document.createElementNS(SVG_NS, 'svg');
    svg.setAttribute('viewBox', '0 0 100 100');
    svg.setAttribute('class', className);
    svg.setAttribute('aria-hidden', 'true');
    const use = document.createElementNS(SVG_NS, 'use');
    use.setAttribute('href', `#suit-${suit}`);
    svg.appendChild(use);
    return svg;
  }

  function cardElement(card, isThird) {
    const div = document.createElement('div');
    const isRed = card.suit === 'hearts' || card.suit === 'diamonds';
    div.className = `card${isRed ? ' is-red' : ''}${isThird ? ' is-third' : ''}`;
    const rank = document.createElement('span');
    rank.className = 'rank';
    rank.textContent = RANKS[card.rank] || String(card.rank);
    div.append(rank, suitIcon(card.suit, 'suit-small'), suitIcon(card.suit, 'suit-big'));
    div.setAttribute('aria-label', `${rank.textContent} ${card.suit}`);
    return div;
  }

  function resetTable() {
    for (const name of ['player', 'banker']) {
      const slots = [0, 1, 2].map((index) => {
        const slot = document.createElement('div');
        slot.className = `card-slot${index === 2 ? ' third' : ''}`;
        return slot;
      });
      cardRows[name].replaceChildren(...slots);
      totals[name].textContent = '–';
      hands[name].classList.remove('is-winner');
    }
    for (const spot of spots) spot.classList.remove('is-won');
  }

  function reveal(name, cards, index) {
    const row = cardRows[name];
    row.children[index].replaceWith(cardElement(cards[index], index === 2));
    totals[name].textContent = String(points(cards.slice(0, index + 1)));
  }

  function addBead(winner) {
    road.push(winner);
    if (road.length > beads.length) road.shift();
    beads.forEach((bead, index) => {
      const result = road[index];
      bead.className = `bead${result ? ` bead-${result}` : ''}${index === road.length - 1 ? ' is-new' : ''}`;
      bead.textContent = result ? BEAD_LETTERS[result] : '';
    });
  }

  function refreshDealLabel() {
    dealStake.textContent = `${SIDE_NAMES[side]} ฿${shortBaht(stake)}`;
    for (const spot of spots) {
      const isChosen = spot.dataset.side === side;
      spot.classList.toggle('is-chosen', isChosen);
      spot.setAttribute('aria-pressed', String(isChosen));
      spot.querySelector('.spot-chip').textContent = isChosen ? shortBaht(stake) : '';
    }
  }

  function chooseSide(spot) {
    if (isBusy) return;
    side = spot.dataset.side;
    refreshDealLabel();
  }

  function chooseStake(chip) {
    if (isBusy) return;
    stake = chip.dataset.stake;
    for (const other of chips) {
      const isChosen = other === chip;
      other.classList.toggle('is-chosen', isChosen);
      other.setAttribute('aria-pressed', String(isChosen));
    }
    refreshDealLabel();
  }

  async function deal() {
    if (isBusy) return;
    if (toSatang(stake) > toSatang(balance)) {
      announce('ยอดเงินคงเหลือไม่พอสำหรับเดิมพันนี้', 'กรุณาเลือกเดิมพันที่น้อยลงหรือเติมเงิน', 'error');
      return;
    }
    isBusy = true;
    dealButton.disabled = true;
    resetTable();
    announce('กำลังแจกไพ่…');
    let reply;
    try {
      const response = await fetch(`${api}/baccarat/deal`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token, side, stake }),
      });
      reply = { ok: response.ok, json: await response.json() };
    } catch {
      reply = { ok: false, json: { message: 'เชื่อมต่อเซิร์ฟเวอร์ไม่ได้ กรุณาลองใหม่อีกครั้ง' } };
    }
    if (!reply.ok) {
      announce(reply.json.message || 'เกิดข้อผิดพลาด กรุณาลองใหม่', '', 'error');
      isBusy = false;
      dealButton.disabled = false;
      return;
    }
    const hand = reply.json;
    // Dealing order: player, banker, player, banker, then the third cards.
    const order = [['player', 0], ['banker', 0], ['player', 1], ['banker', 1]];
    if (hand.player[2]) order.push(['player', 2]);
    if (hand.banker[2]) order.push(['banker', 2]);
    for (const [name, index] of order) {
      reveal(name, hand[name], index);
      await sleep(CARD_GAP_MS);
    }
    const score = `${hand.playerTotal} ต่อ ${hand.bankerTotal}`;
    const title = hand.winner === 'tie' ? `เสมอ ${score}` : `${SIDE_NAMES[hand.winner]}ชนะ ${hand.winner === 'player' ? score : `${hand.bankerTotal} ต่อ ${hand.playerTotal}`}`;
    const natural = hand.isNatural ? ' · ไพ่ป๊อก' : '';
    let detail;
    if (hand.result === 'win') detail = `คุณได้รับ ฿${formatBaht(hand.payout)}`;
    else if (hand.result === 'draw') detail = `เสมอ คืนเงินเดิมพัน ฿${formatBaht(hand.payout)}`;
    else detail = `เสียเดิมพัน ฿${formatBaht(hand.stake)}`;
    if (hand.winner !== 'tie') hands[hand.winner].classList.add('is-winner');
    else Object.values(hands).forEach((element) => element.classList.add('is-winner'));
    const wonSpot = spots.find((spot) => spot.dataset.side === hand.winner);
    if (wonSpot) wonSpot.classList.add('is-won');
    announce(title + natural, detail, hand.winner);
    addBead(hand.winner);
    showBalance(hand.balance);
    cardsLeft.textContent = String(hand.cardsLeft);
    lastRound.textContent = hand.roundId;
    isBusy = false;
    dealButton.disabled = false;
  }

  for (const spot of spots) spot.addEventListener('click', () => chooseSide(spot));
  for (const chip of chips) chip.addEventListener('click', () => chooseStake(chip));
  dealButton.addEventListener('click', deal);
  refreshDealLabel();

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
