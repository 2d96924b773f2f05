import { describe, expect, it } from 'vitest';
import { lobbyCategoryOf } from './hub88-partner.ts';

describe('Hub88 categories in the lobby', () => {
  it('puts live dealer games under LIVECASINO, poker under POKER and the rest under EGAMES', () => {
    expect(lobbyCategoryOf('Live Baccarat')).toBe('LIVECASINO');
    expect(lobbyCategoryOf('Live Casino')).toBe('LIVECASINO');
    expect(lobbyCategoryOf('Video Poker')).toBe('POKER');
    expect(lobbyCategoryOf('Video Slots')).toBe('EGAMES');
    expect(lobbyCategoryOf('Table Games')).toBe('EGAMES');
    expect(lobbyCategoryOf('Crash Games')).toBe('EGAMES');
    expect(lobbyCategoryOf('')).toBe('EGAMES');
  });
});
