/**
 * The game calls' response schemas: the ones the API declares (`@sabai/contracts` play.ts), so the
 * site and the server read the same wire shapes (issue 10 §2). The launch URL must be http(s).
 */
export { gameWalletResponse, gamesResponse, launchResponse } from '@sabai/contracts';
export type { GameWallet, PartnerGame } from '@sabai/contracts';
