import { randomInt } from 'node:crypto';
import type { Queryable } from '@sabai/db';
import type { WheelPrizeKind } from '@sabai/contracts';
import { MAX_WHEEL_SEGMENTS } from './wheel-rules.ts';

export interface WheelPrizeRow {
  id: number;
  label: string;
  kind: WheelPrizeKind;
  amountSatang: bigint;
  weight: number;
  sortOrder: number;
}

/**
 * The wheel as members see it: active prizes in wheel order (sort_order is unique among active
 * prizes). More than MAX_WHEEL_SEGMENTS is a configuration error: drawing from a cut list would
 * silently change the odds, so it throws.
 */
export async function listActivePrizes(q: Queryable): Promise<WheelPrizeRow[]> {
  const { rows } = await q.query<{ id: number; label: string; kind: WheelPrizeKind; amount_satang: bigint; weight: number; sort_order: number }>(
    'SELECT id, label, kind, amount_satang, weight, sort_order FROM wheel_prizes WHERE is_active ORDER BY sort_order, id',
  );
  if (rows.length > MAX_WHEEL_SEGMENTS) throw new Error(`wheel has ${rows.length} active prizes; at most ${MAX_WHEEL_SEGMENTS}`);
  return rows.map((row) => ({ id: row.id, label: row.label, kind: row.kind, amountSatang: row.amount_satang, weight: row.weight, sortOrder: row.sort_order }));
}

const DRAW_ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** `spn_` + 20 random lowercase alphanumerics (~103 bits), like the other prefixed ids (lib/ids.ts). */
export function newDrawId(): string {
  let text = 'spn_';
  for (let index = 0; index < 20; index += 1) text += DRAW_ID_ALPHABET[randomInt(DRAW_ID_ALPHABET.length)];
  return text;
}
