import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BETFLIK_CATALOGUE } from './betflik-catalogue.ts';
import { DEFAULT_CATALOGUE } from './default-catalogue.ts';
import { CATALOGUES, catalogueIdFor, categoriesWithProviders, findProvider, launchableCatalogue, providersOf, selectCatalogue } from './select-catalogue.ts';
import { GAME_CATEGORIES, isGameCategory, isGameType } from './types.ts';

const PUBLIC_DIR = fileURLToPath(new URL('../../../../public', import.meta.url));

describe('selectCatalogue (spec §1)', () => {
  it.each(['Betflik', 'betflik', 'BETFLIK', ' BetFlik '])('picks the Betflik catalogue for Partner %j', (partner) => {
    expect(catalogueIdFor(partner)).toBe('betflik');
    expect(selectCatalogue(partner)).toBe(BETFLIK_CATALOGUE);
  });

  it.each(['sabai', 'Sabai Sandbox Games', 'Betflik2', 'UFA', '', null, undefined])('picks the default catalogue for Partner %j', (partner) => {
    expect(catalogueIdFor(partner)).toBe('default');
    expect(selectCatalogue(partner)).toBe(DEFAULT_CATALOGUE);
  });
});

describe.each(Object.values(CATALOGUES))('catalogue $id', (catalogue) => {
  it('has only valid provider entries (spec §3)', () => {
    for (const provider of catalogue.providers) {
      expect(isGameCategory(provider.category), provider.ch).toBe(true);
      expect(isGameType(provider.gameType), provider.ch).toBe(true);
      expect(provider.ch).toMatch(/^[a-z0-9-]+$/);
      expect(provider.name.trim()).not.toBe('');
    }
  });

  it('offers every category', () => {
    for (const category of GAME_CATEGORIES) expect(providersOf(catalogue, category).length, category).toBeGreaterThan(0);
  });

  it('names each provider of a category once', () => {
    const keys = catalogue.providers.map((provider) => `${provider.category}/${provider.gameType}/${provider.ch}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('ships every tile image with the site (no hot-links)', () => {
    for (const provider of catalogue.providers) {
      expect(provider.img).toMatch(/^\/games\/providers\/[a-z0-9-]+\.svg$/);
      expect(existsSync(`${PUBLIC_DIR}${provider.img}`), provider.img).toBe(true);
    }
  });
});

describe('the two catalogues', () => {
  it('default: our partner, one provider per category', () => {
    expect(DEFAULT_CATALOGUE.providers.map((p) => [p.category, p.ch])).toEqual([
      ['LIVECASINO', 'sabai'],
      ['EGAMES', 'sabai'],
      ['POKER', 'sabai-poker'],
      ['TRADING', 'sabai-trade'],
    ]);
  });

  it("Betflik: the well-known lineup", () => {
    const codes = BETFLIK_CATALOGUE.providers.map((provider) => provider.ch);
    for (const ch of ['pg', 'jili', 'pp', 'joker', 'sa', 'sexy', 'dg', 'wm', 'evo']) expect(codes).toContain(ch);
    expect(providersOf(BETFLIK_CATALOGUE, 'EGAMES').map((p) => p.ch)).toContain('pg');
    expect(providersOf(BETFLIK_CATALOGUE, 'LIVECASINO').map((p) => p.ch)).toContain('sa');
  });
});

describe('findProvider', () => {
  it('tells the two Sabai entries apart by category', () => {
    expect(findProvider(DEFAULT_CATALOGUE, 'EGAMES', 'sabai')?.name).toBe('Sabai Slots');
    expect(findProvider(DEFAULT_CATALOGUE, 'LIVECASINO', 'sabai')?.name).toBe('Sabai Live');
  });

  it('falls back to any game type of the provider, and finds nothing for an unknown code', () => {
    expect(findProvider(DEFAULT_CATALOGUE, 'EGAMES', 'sabai', 'LOBBY')?.name).toBe('Sabai Slots');
    expect(findProvider(DEFAULT_CATALOGUE, 'EGAMES', 'pg')).toBeUndefined();
    expect(findProvider(DEFAULT_CATALOGUE, 'POKER', 'sabai')).toBeUndefined();
  });
});

describe('launchableCatalogue (issue 14 §3: only what the partner can launch)', () => {
  const sandboxGames = [
    { category: 'EGAMES', provider: 'sabai' },
    { category: 'LIVECASINO', provider: 'Sabai' },
  ];

  it('keeps the default catalogue’s casino and slots, drops poker and trading the sandbox partner does not offer', () => {
    const launchable = launchableCatalogue(DEFAULT_CATALOGUE, sandboxGames);
    expect(launchable.providers.map((provider) => `${provider.category}:${provider.ch}`)).toEqual(['LIVECASINO:sabai', 'EGAMES:sabai']);
    expect(categoriesWithProviders(launchable)).toEqual(['LIVECASINO', 'EGAMES']);
  });

  it('draws no Betflik tile the partner cannot open', () => {
    expect(launchableCatalogue(BETFLIK_CATALOGUE, sandboxGames).providers).toEqual([]);
    const withPg = launchableCatalogue(BETFLIK_CATALOGUE, [...sandboxGames, { category: 'EGAMES', provider: 'pg' }]);
    expect(withPg.providers.map((provider) => provider.ch)).toEqual(['pg']);
  });

  it('matches the category too: a provider listed in another category does not count', () => {
    expect(launchableCatalogue(DEFAULT_CATALOGUE, [{ category: 'POKER', provider: 'sabai' }]).providers).toEqual([]);
  });

  it('returns the catalogue itself when every tile can launch', () => {
    const all = DEFAULT_CATALOGUE.providers.map((provider) => ({ category: provider.category, provider: provider.ch }));
    expect(launchableCatalogue(DEFAULT_CATALOGUE, all)).toBe(DEFAULT_CATALOGUE);
  });
});
