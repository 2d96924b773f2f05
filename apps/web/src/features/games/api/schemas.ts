import type { ResponseSchema } from '../../../lib/api.ts';

/**
 * The game calls' envelopes, checked by hand: `@sabai/contracts` has no game schemas yet and the
 * site does not depend on zod directly. Each checker accepts exactly the fields the site reads.
 */
export interface PartnerGame {
  code: string;
  name: string;
  category: string;
  provider: string;
  imageUrl: string;
}

export interface GameWallet {
  /** The partner's live balance, baht. */
  gameWallet: number;
  mainWallet: number;
  turnover: { now: number; needed: number };
}

type Envelope<T> = { success: true; message: string; data: T };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isBaht = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isText = (value: unknown): value is string => typeof value === 'string';

function envelopeOf<T>(isData: (data: unknown) => data is T): ResponseSchema<Envelope<T>> {
  return {
    safeParse(value) {
      if (isRecord(value) && value.success === true && isText(value.message) && isData(value.data)) {
        return { success: true, data: { success: true, message: value.message, data: value.data } };
      }
      return { success: false, error: 'response does not match the expected shape' };
    },
  };
}

export const isPartnerGame = (value: unknown): value is PartnerGame =>
  isRecord(value) && isText(value.code) && isText(value.name) && isText(value.category) && isText(value.provider) && isText(value.imageUrl);

export const gamesResponse = envelopeOf((data): data is PartnerGame[] => Array.isArray(data) && data.every(isPartnerGame));

export const launchResponse = envelopeOf((data): data is { url: string } => isRecord(data) && isText(data.url) && /^https?:\/\//i.test(data.url));

export const gameWalletResponse = envelopeOf(
  (data): data is GameWallet =>
    isRecord(data) && isBaht(data.gameWallet) && isBaht(data.mainWallet) && isRecord(data.turnover) && isBaht(data.turnover.now) && isBaht(data.turnover.needed),
);
