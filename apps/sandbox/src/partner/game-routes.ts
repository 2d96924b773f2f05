import { readFile } from 'node:fs/promises';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { parseBahtToSatang, satangToDecimalString } from '@sabai/money';
import { z } from 'zod';
import { BACCARAT_TABLE_CODE, CHIP_STAKES_SATANG, GOLDEN_ELEPHANT_CODE } from './games/game-catalog.ts';
import { playBaccaratHand } from './games/play-baccarat-hand.ts';
import { playSlotSpin } from './games/play-slot-spin.ts';
import { resultOf } from './partner-state.ts';
import type { GameSession } from './launch-sessions.ts';
import type { PartnerContext } from './partner-context.ts';
import { renderBaccaratPage } from './pages/baccarat-page.ts';
import { renderMessagePage } from './pages/message-page.ts';
import { GAME_PAGE_HEADERS } from './pages/page-layout.ts';
import { renderSlotPage } from './pages/slot-page.ts';
import { renderBaccaratThumbnail, renderSlotThumbnail } from './pages/svg-art.ts';

/** Why a game call was refused, with the Thai text the page shows. */
const GAME_ERRORS = {
  SESSION_NOT_FOUND: { status: 401, message: 'ไม่พบเซสชันเกม กรุณากลับไปที่เว็บไซต์แล้วเปิดเกมใหม่' },
  SESSION_EXPIRED: { status: 401, message: 'เซสชันเกมหมดอายุเนื่องจากไม่มีการใช้งานเกิน 10 นาที กรุณากลับไปที่เว็บไซต์แล้วเปิดเกมใหม่' },
  WRONG_GAME: { status: 403, message: 'ลิงก์นี้ไม่ได้เปิดสำหรับเกมนี้' },
  INVALID_REQUEST: { status: 400, message: 'คำขอไม่ถูกต้อง' },
  INVALID_STAKE: { status: 400, message: 'จำนวนเดิมพันไม่ถูกต้อง เลือกได้ 1, 5, 10, 50 หรือ 100 บาท' },
  INSUFFICIENT_BALANCE: { status: 422, message: 'ยอดเงินคงเหลือไม่พอสำหรับเดิมพันนี้ กรุณาเลือกเดิมพันที่น้อยลงหรือเติมเงิน' },
  MEMBER_NOT_FOUND: { status: 404, message: 'ไม่พบบัญชีเกมของสมาชิก' },
} as const;
type GameErrorCode = keyof typeof GAME_ERRORS;

const sessionBody = z.object({ token: z.string().min(1).max(100) });
const spinBody = sessionBody.extend({ stake: z.string().max(16) });
const dealBody = sessionBody.extend({ stake: z.string().max(16), side: z.enum(['player', 'banker', 'tie']) });

const ASSET_FILES = { 'games.css': 'text/css; charset=utf-8', 'slot.js': 'text/javascript; charset=utf-8', 'baccarat.js': 'text/javascript; charset=utf-8' } as const;

/**
 * The member-facing games (no agent auth, no sandbox key): the launch link, the game pages,
 * their assets and the calls their scripts make. A call carries the session token in its JSON
 * body; the token authorizes only its member and its game.
 */
export async function registerGameRoutes(app: FastifyInstance, context: PartnerContext): Promise<void> {
  await registerGamePageRoutes(app, context);
  registerGamePlayRoutes(app, context);
}

/** The launch link (redeemed once), the game page of a session, and the pages' assets. */
async function registerGamePageRoutes(app: FastifyInstance, context: PartnerContext): Promise<void> {
  const assets = new Map<string, { type: string; body: string }>();
  for (const [file, type] of Object.entries(ASSET_FILES)) assets.set(file, { type, body: await readFile(new URL(`./assets/${file}`, import.meta.url), 'utf8') });
  assets.set('golden-elephant.svg', { type: 'image/svg+xml', body: renderSlotThumbnail() });
  assets.set('baccarat-1.svg', { type: 'image/svg+xml', body: renderBaccaratThumbnail() });

  app.get<{ Params: { file: string } }>('/games/assets/:file', async (request, reply) => {
    const asset = assets.get(request.params.file);
    if (!asset) return reply.code(404).type('text/plain').send('not found');
    return reply.headers({ 'content-type': asset.type, 'cache-control': 'public, max-age=300', 'x-content-type-options': 'nosniff' }).send(asset.body);
  });

  app.get<{ Params: { token: string } }>('/games/play/:token', async (request, reply) => {
    const redeemed = context.sessions.redeem(request.params.token);
    if (redeemed.ok) return reply.header('referrer-policy', 'no-referrer').redirect(`/games/session/${redeemed.session.token}`, 303);
    const text = {
      unknown: 'ไม่พบลิงก์เกมนี้ กรุณากลับไปที่เว็บไซต์แล้วกดเข้าเกมอีกครั้ง',
      used: 'ลิงก์นี้ถูกใช้เปิดเกมไปแล้ว กรุณากลับไปที่เว็บไซต์แล้วกดเข้าเกมอีกครั้ง',
      expired: 'ลิงก์นี้หมดอายุแล้ว (ใช้ได้ภายใน 10 นาที) กรุณากลับไปที่เว็บไซต์แล้วกดเข้าเกมอีกครั้ง',
    }[redeemed.reason];
    return reply.code(redeemed.reason === 'unknown' ? 404 : 410).headers(GAME_PAGE_HEADERS).send(renderMessagePage({ title: 'เปิดเกมไม่ได้', text, returnUrl: redeemed.returnUrl }));
  });

  app.get<{ Params: { token: string } }>('/games/session/:token', async (request, reply) => {
    const touched = context.sessions.touch(request.params.token);
    if (!touched.ok) {
      const code = touched.reason === 'expired' ? 'SESSION_EXPIRED' : 'SESSION_NOT_FOUND';
      return reply.code(touched.reason === 'expired' ? 410 : 404).headers(GAME_PAGE_HEADERS).send(renderMessagePage({ title: 'เซสชันเกมสิ้นสุดแล้ว', text: GAME_ERRORS[code].message, returnUrl: touched.returnUrl }));
    }
    const { session } = touched;
    const page = { sessionToken: session.token, returnUrl: session.returnUrl, balanceSatang: balanceOf(context, session) };
    const html = session.gameCode === BACCARAT_TABLE_CODE ? renderBaccaratPage({ ...page, cardsLeft: context.shoe.remaining }) : renderSlotPage(page);
    return reply.headers(GAME_PAGE_HEADERS).send(html);
  });
}

/** The calls the game pages' scripts make: the balance, a slot spin, a baccarat hand. */
function registerGamePlayRoutes(app: FastifyInstance, context: PartnerContext): void {
  /** The balance, without counting as activity (so an open tab does not keep a session alive). */
  app.post('/games/api/balance', async (request, reply) => {
    const parsed = sessionBody.safeParse(request.body);
    if (!parsed.success) return sendGameError(reply, 'INVALID_REQUEST');
    const opened = openSession(context, parsed.data.token, null, { isActivity: false });
    if (!opened.ok) return sendGameError(reply, opened.code);
    return { balance: satangToDecimalString(balanceOf(context, opened.session)) };
  });

  app.post('/games/api/slot/spin', async (request, reply) => {
    const parsed = spinBody.safeParse(request.body);
    if (!parsed.success) return sendGameError(reply, 'INVALID_REQUEST');
    const opened = openSession(context, parsed.data.token, GOLDEN_ELEPHANT_CODE, { isActivity: true });
    if (!opened.ok) return sendGameError(reply, opened.code);
    const stakeSatang = readStake(parsed.data.stake);
    if (stakeSatang === null) return sendGameError(reply, 'INVALID_STAKE');
    const spin = playSlotSpin(context, { username: opened.session.username, stakeSatang });
    if (!spin.ok) return sendGameError(reply, spin.refusal);
    return {
      roundId: spin.roundId,
      reels: spin.outcome.reels,
      line: spin.outcome.line,
      win: { kind: spin.outcome.win.kind, multiplier: Number(spin.outcome.win.multiplier), ...('symbol' in spin.outcome.win ? { symbol: spin.outcome.win.symbol } : {}) },
      stake: satangToDecimalString(stakeSatang),
      payout: satangToDecimalString(spin.payoutSatang),
      result: resultOf(stakeSatang, spin.payoutSatang),
      balance: satangToDecimalString(spin.balanceAfterSatang),
    };
  });

  app.post('/games/api/baccarat/deal', async (request, reply) => {
    const parsed = dealBody.safeParse(request.body);
    if (!parsed.success) return sendGameError(reply, 'INVALID_REQUEST');
    const opened = openSession(context, parsed.data.token, BACCARAT_TABLE_CODE, { isActivity: true });
    if (!opened.ok) return sendGameError(reply, opened.code);
    const stakeSatang = readStake(parsed.data.stake);
    if (stakeSatang === null) return sendGameError(reply, 'INVALID_STAKE');
    const played = playBaccaratHand(context, { username: opened.session.username, side: parsed.data.side, stakeSatang });
    if (!played.ok) return sendGameError(reply, played.refusal);
    const { hand } = played;
    return {
      roundId: played.roundId,
      side: parsed.data.side,
      player: hand.player,
      banker: hand.banker,
      playerTotal: hand.playerTotal,
      bankerTotal: hand.bankerTotal,
      isNatural: hand.isNatural,
      winner: hand.winner,
      stake: satangToDecimalString(stakeSatang),
      payout: satangToDecimalString(played.payoutSatang),
      result: resultOf(stakeSatang, played.payoutSatang),
      balance: satangToDecimalString(played.balanceAfterSatang),
      cardsLeft: played.cardsLeft,
    };
  });
}

function openSession(
  context: PartnerContext,
  token: string,
  gameCode: string | null,
  options: { isActivity: boolean },
): { ok: true; session: GameSession } | { ok: false; code: GameErrorCode } {
  const result = options.isActivity ? context.sessions.touch(token) : context.sessions.peek(token);
  if (!result.ok) return { ok: false, code: result.reason === 'expired' ? 'SESSION_EXPIRED' : 'SESSION_NOT_FOUND' };
  if (gameCode !== null && result.session.gameCode !== gameCode) return { ok: false, code: 'WRONG_GAME' };
  return { ok: true, session: result.session };
}

function readStake(stake: string): bigint | null {
  const parsed = parseBahtToSatang(stake);
  return parsed.ok && CHIP_STAKES_SATANG.includes(parsed.amountSatang) ? parsed.amountSatang : null;
}

const balanceOf = (context: PartnerContext, session: GameSession): bigint => context.state.members.get(session.username)?.balanceSatang ?? 0n;

function sendGameError(reply: FastifyReply, code: GameErrorCode) {
  const { status, message } = GAME_ERRORS[code];
  return reply.code(status).header('cache-control', 'no-store').send({ code, message });
}
