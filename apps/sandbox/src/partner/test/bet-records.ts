export interface WireBetRecord {
  roundId: string;
  username: string;
  gameCode: string;
  stake: string;
  payout: string;
  result: 'win' | 'loss' | 'draw';
  status: 'settled' | 'cancelled' | 'refunded';
  settledAt: string;
}

/** Every record of some `GET /partner/v1/bets` pages, in delivery order. */
export const betRecordsOf = (pages: { records: WireBetRecord[] }[]): WireBetRecord[] => pages.flatMap((page) => page.records);

/** Reads the whole feed from `cursor` with pages of `limit`; returns the pages. */
export async function readAllPages(
  get: (path: string) => Promise<{ json(): unknown }>,
  limit: number,
  cursor?: string,
): Promise<{ pages: { records: WireBetRecord[]; nextCursor: string }[]; cursor: string }> {
  const pages: { records: WireBetRecord[]; nextCursor: string }[] = [];
  let position = cursor;
  for (let guard = 0; guard < 1_000; guard += 1) {
    const page = (await get(`/partner/v1/bets?limit=${limit}${position ? `&cursor=${position}` : ''}`)).json() as { records: WireBetRecord[]; nextCursor: string };
    position = page.nextCursor;
    if (page.records.length === 0) return { pages, cursor: position };
    pages.push(page);
  }
  throw new Error('feed never ended');
}
