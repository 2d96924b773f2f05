import { BETFLIK_CATALOGUE } from './betflik-catalogue.ts';
import { DEFAULT_CATALOGUE } from './default-catalogue.ts';
import type { Catalogue, CatalogueId, GameCategory, ProviderEntry } from './types.ts';

export const CATALOGUES: Readonly<Record<CatalogueId, Catalogue>> = {
  default: DEFAULT_CATALOGUE,
  betflik: BETFLIK_CATALOGUE,
};

/** Spec §1: Betflik's catalogue when settings.Partner names Betflik (any case, spaces ignored), else the default. */
export function catalogueIdFor(partner: string | null | undefined): CatalogueId {
  return typeof partner === 'string' && partner.trim().toLowerCase() === 'betflik' ? 'betflik' : 'default';
}

export function selectCatalogue(partner: string | null | undefined): Catalogue {
  return CATALOGUES[catalogueIdFor(partner)];
}

export const providersOf = (catalogue: Catalogue, category: GameCategory): ProviderEntry[] =>
  catalogue.providers.filter((provider) => provider.category === category);

/** The entry a lobby URL names (category, provider code and, when given, game type). */
export function findProvider(
  catalogue: Catalogue,
  category: GameCategory,
  ch: string,
  gameType?: string,
): ProviderEntry | undefined {
  const candidates = providersOf(catalogue, category).filter((provider) => provider.ch === ch);
  return candidates.find((provider) => provider.gameType === gameType) ?? candidates[0];
}
