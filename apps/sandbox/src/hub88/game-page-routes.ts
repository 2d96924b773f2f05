import { randomInt, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { parseBahtToSatang, satangToDecimalString } from '@sabai/money';
import { z } from 'zod';
import { baccaratPayoutSatang, dealBaccaratHand } from '../partner/games/baccarat-rules.ts';
import { BaccaratShoe } from '../partner/games/baccarat-shoe.ts';
import { CHIP_STAKES_SATANG } from '../partner/games/game-catalog.ts';
import { spinReels } from '../partner/games/slot-machine.ts';
import { renderBaccaratPage } from '../partner/pages/baccarat-page.ts';
import { renderMessagePage } from '../partner/pages/message-page.ts';
import { GAME_PAGE_HEADERS } from '../partner/pages/page-layout.ts';
import { renderSlotPage } from '../partner/pages/slot-page.ts';
import { HUB88_BACCARAT_CODE, HUB88_SLOT_CODE } from './hub88-catalog.ts';
import type { Hub88Session, Hub88State } from './hub88-state.ts';
import { hub88UnitsToSatang, satangToHub88Units } from './hub88-units.ts';
import { playHub88Round, type Hub88Fault, type RoundResult } from './play-round.ts';
import type { Hub88WalletCaller } from './wallet-caller.ts';

const API_BASE = '/games/hub88/api';

const GAME_ERRORS = {
  SESSION_NOT_FOUND: { status: 401, message: 'ไม่พบเซสชันเกม กรุณากลับไปที่เว็บไซต์แล้วเปิดเกมใหม่' },
  WRONG_GAME: { status: 403, message: 'ลิงก์นี้ไม่ได้เปิดสำหรับเกมนี้' },
  INVALID_REQUEST: { status: 400, message: 'คำขอไม่ถูกต้อง' },
  INVALID_STAKE: { status: 400, message: 'จำนวนเดิมพันไม่ถูกต้อง เลือกได้ 1, 5, 10, 50 หรือ 100 บาท' },
  INSUFFICIENT_BALANCE: { status: 422, message: 'ยอดเงินคงเหลือไม่พอสำหรับเดิมพันนี้ กรุณาเลือกเดิมพันที่น้อยลงหรือเติมเงิน' },
  BET_REFUSED: { status: 409, message: 'เว็บไซต์ไม่รับเดิมพันนี้ กรุณากลับไปที่เว็บไซต์เพื่อดูรายละเอียด' },
  ROUND_CANCELLED: { status: 409, message: 'รอบนี้ถูกยกเลิก เงินเดิมพันไม่ถูกหัก กรุณาลองใหม่อีกครั้ง' },
  WALLET_UNAVAILABLE: { status: 503, message: 'เชื่อมต่อกระเป๋าเงินไม่ได้ชั่วคราว กรุณาลองใหม่อีกครั้ง' },
} as const;
type GameErrorCode = keyof typeof GAME_ERRORS;

const sessionBody = z.object({ token: z.string().min(1).max(100) });
const spinBody = sessionBody.extend({ stake: z.string().max(16) });
const dealBody = sessionBody.extend({ stake: z.string().max(16), side: z.enum(['player', 'banker', 'tie']) });

export interface GamePageContext {
  state: Hub88State;
  caller: Hub88WalletCaller;
  fault: () => Hub88Fault;
}

/**
 * The sandbox Hub88's game pages (`/games/hub88/…`, authorized by the session id in the URL that
 * /game/url answered): the slot and baccarat pages of the transfer-wallet sandbox, but every
 * round is a bet and a win (or a rollback) on the operator's wallet, with the current fault mode.
 */
export function registerHub88GameRoutes(app: FastifyInstance, context: GamePageContext): void {
  const shoe = new BaccaratShoe();

  app.get<{ Params: { id: string } }>('/games/hub88/session/:id', async (request, reply) => {
    const session = context.state.sessions.get(request.params.id);
    if (!session) return reply.code(404).headers(GAME_PAGE_HEADERS).send(renderMessagePage({ title: 'เซสชันเกมสิ้นสุดแล้ว', text: GAME_ERRORS.SESSION_NOT_FOUND.message }));
    const balanceUnits = (await balanceUnitsOf(context, session)) ?? 0;
    const page = { sessionToken: session.id, returnUrl: session.lobbyUrl, balanceSatang: hub88UnitsToSatang(balanceUnits) ?? 0n, apiBase: API_BASE };
    const html = session.gameCode === HUB88_BACCARAT_CODE ? renderBaccaratPage({ ...page, cardsLeft: shoe.remaining }) : renderSlotPage(page);
    return reply.headers(GAME_PAGE_HEADERS).send(html);
  });

  /** Round details for the operator's support staff (the URL /game/round answers): the round's transactions. */
  app.get<{ Params: { round: string } }>('/games/hub88/rounds/:round', async (request, reply) => {
    const rows = context.state.transactions.filter((t) => t.round === request.params.round);
    if (rows.length === 0) return reply.code(404).headers(GAME_PAGE_HEADERS).send(renderMessagePage({ title: 'ไม่พบรอบเกม', text: 'ไม่พบรอบเกมนี้ในระบบ Hub88 จำลอง' }));
    const lines = rows.map((t) => `${t.inserted_at} · ${t.kind} · ${unitsText(t.amount)} ${t.currency} · ${t.status}${t.rolled_back ? ' (rolled back)' : ''} · ${t.transaction_uuid}`);
    return reply.headers(GAME_PAGE_HEADERS).send(renderMessagePage({ title: `รอบ ${request.params.round}`, text: lines.join(' | ') }));
  });

  app.post(`${API_BASE}/balance`, async (request, reply) => {
    const parsed = sessionBody.safeParse(request.body);
    const session = parsed.success ? context.state.sessions.get(parsed.data.token) : undefined;
    if (!session) return sendGameError(reply, parsed.success ? 'SESSION_NOT_FOUND' : 'INVALID_REQUEST');
    const units = await balanceUnitsOf(context, session);
    if (units === null) return sendGameError(reply, 'WALLET_UNAVAILABLE');
    return { balance: unitsText(units) };
  });

  app.post(`${API_BASE}/slot/spin`, async (request, reply) => {
    const parsed = spinBody.safeParse(request.body);
    const opened = openSession(context, parsed.success ? parsed.data.token : null, HUB88_SLOT_CODE);
    if (!parsed.success || !opened.ok) return sendGameError(reply, parsed.success && !opened.ok ? opened.code : 'INVALID_REQUEST');
    const stakeSatang = readStake(parsed.data.stake);
    if (stakeSatang === null) return sendGameError(reply, 'INVALID_STAKE');
    const outcome = spinReels(randomInt);
    const payoutSatang = stakeSatang * outcome.win.multiplier;
    const round = await playRound(context, opened.session, stakeSatang, payoutSatang);
    if (!round.ok) return sendGameError(reply, round.code);
    return {
      roundId: round.round,
      reels: outcome.reels,
      line: outcome.line,
      win: { kind: outcome.win.kind, multiplier: Number(outcome.win.multiplier), ...('symbol' in outcome.win ? { symbol: outcome.win.symbol } : {}) },
      stake: satangToDecimalString(stakeSatang),
      payout: satangToDecimalString(payoutSatang),
      result: resultOf(stakeSatang, payoutSatang),
      balance: round.balance,
    };
  });

  app.post(`${API_BASE}/baccarat/deal`, async (request, reply) => {
    const parsed = dealBody.safeParse(request.body);
    const opened = openSession(context, parsed.success ? parsed.data.token : null, HUB88_BACCARAT_CODE);
    if (!parsed.success || !opened.ok) return sendGameError(reply, parsed.success && !opened.ok ? opened.code : 'INVALID_REQUEST');
    const stakeSatang = readStake(parsed.data.stake);
    if (stakeSatang === null) return sendGameError(reply, 'INVALID_STAKE');
    shoe.prepareHand();
    const hand = dealBaccaratHand(() => shoe.draw());
    const payoutSatang = baccaratPayoutSatang(parsed.data.side, stakeSatang, hand.winner);
    const round = await playRound(context, opened.session, stakeSatang, payoutSatang);
    if (!round.ok) return sendGameError(reply, round.code);
    return {
      roundId: round.round,
      side: parsed.data.side,
      player: hand.player,
      banker: hand.banker,
      playerTotal: hand.playerTotal,
      bankerTotal: hand.bankerTotal,
      isNatural: hand.isNatural,
      winner: hand.winner,
      stake: satangToDecimalString(stakeSatang),
      payout: satangToDecimalString(payoutSatang),
      result: resultOf(stakeSatang, payoutSatang),
      balance: round.balance,
      cardsLeft: shoe.remaining,
    };
  });
}

/** Demo sessions play fun money here; real ones play a Hub88 round on the operator's wallet. */
async function playRound(
  context: GamePageContext,
  session: Hub88Session,
  stakeSatang: bigint,
  payoutSatang: bigint,
): Promise<{ ok: true; round: string; balance: string } | { ok: false; code: GameErrorCode }> {
  const betUnits = satangToHub88Units(stakeSatang);
  const winUnits = satangToHub88Units(payoutSatang);
  if (session.demoBalanceUnits !== null) {
    if (session.demoBalanceUnits < betUnits) return { ok: false, code: 'INSUFFICIENT_BALANCE' };
    session.demoBalanceUnits += winUnits - betUnits;
    return { ok: true, round: `h88demo_${randomUUID()}`, balance: unitsText(session.demoBalanceUnits) };
  }
  const result: RoundResult = await playHub88Round(
    { state: context.state, caller: context.caller },
    { user: session.user ?? '', token: session.token ?? '', gameCode: session.gameCode, currency: session.currency, betUnits, winUnits },
    context.fault(),
  );
  if (result.outcome === 'settled' && result.balanceUnits !== null) return { ok: true, round: result.round, balance: unitsText(result.balanceUnits) };
  if (result.outcome === 'refused') return { ok: false, code: result.refusal === 'RS_ERROR_NOT_ENOUGH_MONEY' ? 'INSUFFICIENT_BALANCE' : 'BET_REFUSED' };
  if (result.outcome === 'rolled_back' && result.refusal && result.refusal !== 'RS_ERROR_INVALID_SIGNATURE') return { ok: false, code: 'BET_REFUSED' };
  return { ok: false, code: result.outcome === 'rolled_back' ? 'ROUND_CANCELLED' : 'WALLET_UNAVAILABLE' };
}

/** The operator's balance (POST /user/balance, signed) or the demo balance; null when the wallet does not answer RS_OK. */
async function balanceUnitsOf(context: GamePageContext, session: Hub88Session): Promise<number | null> {
  if (session.demoBalanceUnits !== null) return session.demoBalanceUnits;
  const body = JSON.stringify({ user: session.user, request_uuid: randomUUID(), token: session.token, game_code: session.gameCode });
  const answer = await context.caller.send('/user/balance', body);
  return answer.kind === 'answer' && answer.status === 'RS_OK' && typeof answer.body.balance === 'number' ? answer.body.balance : null;
}

function openSession(context: GamePageContext, id: string | null, gameCode: string): { ok: true; session: Hub88Session } | { ok: false; code: GameErrorCode } {
  const session = id === null ? undefined : context.state.sessions.get(id);
  if (!session) return { ok: false, code: 'SESSION_NOT_FOUND' };
  return session.gameCode === gameCode ? { ok: true, session } : { ok: false, code: 'WRONG_GAME' };
}

function readStake(stake: string): bigint | null {
  const parsed = parseBahtToSatang(stake);
  return parsed.ok && CHIP_STAKES_SATANG.includes(parsed.amountSatang) ? parsed.amountSatang : null;
}

const unitsText = (units: number): string => satangToDecimalString(hub88UnitsToSatang(units) ?? 0n);
const resultOf = (stake: bigint, payout: bigint) => (payout > stake ? 'win' : payout < stake ? 'loss' : 'draw');

function sendGameError(reply: FastifyReply, code: GameErrorCode) {
  const { status, message } = GAME_ERRORS[code];
  return reply.code(status).header('cache-control', 'no-store').send({ code, message });
}
