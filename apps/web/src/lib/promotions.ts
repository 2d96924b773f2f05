/**
 * Settings carry promotions as unknown entries until the promotions feature defines them
 * (contracts site.ts). The landing page shows those with an id and a title (spec §3 Promotion:
 * _id, title, ImageUrl) and skips anything else rather than guessing.
 */
export interface PromotionCard {
  id: string;
  title: string;
  imageUrl: string | null;
}

export function readPromotions(entries: unknown[]): PromotionCard[] {
  const cards: PromotionCard[] = [];
  for (const entry of entries) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { _id, title, ImageUrl } = entry as Record<string, unknown>;
    if ((typeof _id !== 'string' && typeof _id !== 'number') || typeof title !== 'string' || title.trim() === '') continue;
    cards.push({ id: String(_id), title, imageUrl: typeof ImageUrl === 'string' && ImageUrl !== '' ? ImageUrl : null });
  }
  return cards;
}
