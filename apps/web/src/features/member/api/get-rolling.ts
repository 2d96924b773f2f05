import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { WALLET_QUERY_ROOT } from '../../../lib/query-keys.ts';
import { useSession } from '../../../lib/session.ts';
import type { ResponseSchema } from '../../../lib/api.ts';

/** Turnover status (spec §7 `GET /rolling-composite/v1/get-rolling`), baht. */
export interface Rolling {
  nowTurnover: number;
  needTurnover: number;
}

const isBaht = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** The envelope checked by hand (no contract schema for this call yet). */
export const rollingResponse: ResponseSchema<{ success: true; message: string; data: Rolling }> = {
  safeParse(value) {
    const body = value as { success?: unknown; message?: unknown; data?: { nowTurnover?: unknown; needTurnover?: unknown } | null } | null;
    if (body?.success === true && typeof body.message === 'string' && isBaht(body.data?.nowTurnover) && isBaht(body.data?.needTurnover)) {
      return { success: true, data: { success: true, message: body.message, data: { nowTurnover: body.data.nowTurnover, needTurnover: body.data.needTurnover } } };
    }
    return { success: false, error: 'response does not match { nowTurnover, needTurnover }' };
  },
};

export async function getRolling(): Promise<Rolling> {
  const body = await apiRequest('/rolling-composite/v1/get-rolling', { schema: rollingResponse });
  return body.data;
}

export const rollingQuery = queryOptions({
  queryKey: [...WALLET_QUERY_ROOT, 'rolling'],
  queryFn: getRolling,
  staleTime: 10_000,
});

export function useRolling() {
  const { token } = useSession();
  return useQuery({ ...rollingQuery, enabled: token !== null });
}
