import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths.ts';
import { DEFAULT_CATALOGUE } from './catalogues/default-catalogue.ts';
import { parseLobbyRoute, providerPath } from './lobby-route.ts';

describe('parseLobbyRoute (spec §2 /play/{category?}/{gameType?}/{ch?} and shortcuts)', () => {
  it('reads the category shortcuts', () => {
    expect(parseLobbyRoute('/user/slot', {})).toEqual({ category: 'EGAMES', gameType: null, ch: null });
    expect(parseLobbyRoute('/user/baccarat', {})).toEqual({ category: 'LIVECASINO', gameType: null, ch: null });
    expect(parseLobbyRoute('/user/poker', {})).toEqual({ category: 'POKER', gameType: null, ch: null });
    expect(parseLobbyRoute('/user/trading', {})).toEqual({ category: 'TRADING', gameType: null, ch: null });
  });

  it('reads /user/play with its optional segments, in any case', () => {
    expect(parseLobbyRoute('/user/play', {})).toEqual({ category: null, gameType: null, ch: null });
    expect(parseLobbyRoute('/user/play/egames', { category: 'egames' })).toEqual({ category: 'EGAMES', gameType: null, ch: null });
    expect(parseLobbyRoute('/user/play/EGAMES/EGAMES/Sabai', { category: 'EGAMES', gameType: 'EGAMES', ch: 'Sabai' })).toEqual({
      category: 'EGAMES',
      gameType: 'EGAMES',
      ch: 'sabai',
    });
    expect(parseLobbyRoute('/user/play/poker/lobby/kingmaker', { category: 'poker', gameType: 'lobby', ch: 'kingmaker' }).gameType).toBe('LOBBY');
    expect(parseLobbyRoute('/user/play/egames/*/pg', { category: 'egames', gameType: '*', ch: 'pg' }).gameType).toBe('*');
  });

  it('treats an unknown category or game type as the lobby start / the category', () => {
    expect(parseLobbyRoute('/user/play/sport', { category: 'sport' })).toEqual({ category: null, gameType: null, ch: null });
    expect(parseLobbyRoute('/user/play/egames/x/pg', { category: 'egames', gameType: 'x', ch: 'pg' })).toEqual({ category: 'EGAMES', gameType: null, ch: null });
  });

  it('builds lobby paths that parse back to the same provider', () => {
    expect(paths.user.play()).toBe('/user/play');
    expect(paths.user.play('EGAMES')).toBe('/user/play/egames');
    const slots = DEFAULT_CATALOGUE.providers[1]!;
    const path = providerPath(slots);
    expect(path).toBe('/user/play/egames/egames/sabai');
    const [, , , category, gameType, ch] = path.split('/');
    expect(parseLobbyRoute(path, { category, gameType, ch })).toEqual({ category: 'EGAMES', gameType: 'EGAMES', ch: 'sabai' });
  });
});
