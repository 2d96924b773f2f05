import { z } from 'zod';
import { baht, envelope, numericSuccessEnvelope, SUCCESS_VALUE } from './envelope.ts';
import { siteSettings } from './site.ts';

/** Game categories of spec §3 "Game provider entry". */
export const GAME_CATEGORIES = ['LIVECASINO', 'EGAMES', 'POKER', 'TRADING'] as const;

/** A game the partner can launch (docs/adr/0015). */
export const partnerGame = z.object({ code: z.string(), name: z.string(), category: z.string(), provider: z.string(), imageUrl: z.string() });
export const gamesQuery = z.object({ category: z.enum(GAME_CATEGORIES).optional(), provider: z.string().max(40).optional() });
export const gamesResponse = envelope(z.array(partnerGame));
export type PartnerGame = z.infer<typeof partnerGame>;

export const launchRequest = z.object({
  gameCode: z.string().min(1).max(80),
  returnUrl: z.string().max(500).optional(),
  /** Hub88 sites (docs/adr/0046): open the game in demo mode (fun money, no session, nothing moves). Ignored by transfer-wallet partners. */
  isDemo: z.boolean().optional(),
});
/** The game's address: http(s) only (a `javascript:` URL must never reach the page). */
export const launchResponse = envelope(z.object({ url: z.string().regex(/^https?:\/\//i, 'an http(s) URL') }));

/** Turnover now / needed, baht. */
export const turnoverProgress = z.object({ now: baht, needed: baht });
/** The live game wallet (the partner's balance), the ledger's view of it, the main wallet, turnover. */
export const gameWalletResponse = envelope(z.object({ gameWallet: baht, ledgerGameWallet: baht, mainWallet: baht, turnover: turnoverProgress }));
export type GameWallet = z.infer<typeof gameWalletResponse>['data'];

/** Spec §7 `GET /rolling-composite/v1/get-rolling`. */
export const rollingResponse = envelope(z.object({ nowTurnover: baht, needTurnover: baht, countedRounds: z.number(), isMet: z.boolean() }));

/** Cashback claimed into play money. */
export const cashbackClaimResponse = envelope(z.object({ Amount: baht }));

const affiliateRow = z.object({ createdAt: z.string(), Amount: baht });
/** Spec §3 "Affiliate data": income withdrawals (Status 1 approved, 2 waiting for staff, 3 rejected), referred members, income rows, settings. */
export const affiliateSummaryResponse = envelope(
  z.object({
    balance: baht,
    transaction: z.array(affiliateRow.extend({ Status: z.union([z.literal(1), z.literal(2), z.literal(3)]) })),
    Users: z.array(z.object({ phoneNumber: z.string(), regisdate: z.string(), level: z.number() })),
    transaction_incomes: z.array(affiliateRow.extend({ level: z.number() })),
    setting: siteSettings.shape.Affiliate,
  }),
);
export type AffiliateSummary = z.infer<typeof affiliateSummaryResponse>['data'];
/** Spec §7 `GET …/users/affiliate/vertify` ("vertify" is the spec's spelling): success 1. */
export const affiliateIncomeWithdrawalResponse = numericSuccessEnvelope(
  z.object({ Amount: baht, Status: z.union([z.literal(1), z.literal(2)]) }),
  SUCCESS_VALUE.affiliateIncomeWithdrawal,
);
