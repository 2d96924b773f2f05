import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../lib/app-error.ts';
import { recordStaffAction } from '../../../lib/audit.ts';

/** Random bytes of a new secret: 256 bits, base64url (43 characters, pasteable on a phone). */
const SECRET_BYTES = 32;
/** Longest overlap staff may ask for (the app retries a webhook for about two days). */
export const MAX_SECRET_OVERLAP_MS = 7 * 86_400_000;

/**
 * Staff rotate a feed source's secret (issue "SMS Gateway" part 2). The new secret is random and
 * returned once, here, and never again (the audit log records the rotation, not the secret). The
 * old secret keeps working until `overlapUntil` = now + overlap, so a phone or connector can be
 * switched without losing a delivery; overlap 0 ends it at once. A rotation during an overlap
 * ends the older secret at once (only one previous secret is kept).
 *
 * @param input.overlapMs 0 … MAX_SECRET_OVERLAP_MS; defaults to FEED_SECRET_OVERLAP_MS.
 * @returns the new secret and until when the previous one is accepted (null with no overlap).
 * @throws AppError NOT_FOUND for an unknown source.
 */
export async function rotateFeedSourceSecret(
  context: AppContext,
  input: { sourceId: string; actor: string; actorRole: string | null; address: string | null; overlapMs?: number },
): Promise<{ sourceId: string; secret: string; rotatedAt: Date; overlapUntil: Date | null }> {
  const overlapMs = input.overlapMs ?? context.config.FEED_SECRET_OVERLAP_MS;
  if (!Number.isInteger(overlapMs) || overlapMs < 0 || overlapMs > MAX_SECRET_OVERLAP_MS) throw new Error(`overlap out of range: ${overlapMs}`);
  const secret = randomBytes(SECRET_BYTES).toString('base64url');
  const now = context.now();
  const overlapUntil = overlapMs === 0 ? null : new Date(now.getTime() + overlapMs);
  return context.db.transaction(async (tx) => {
    const updated = await tx.query(
      `UPDATE bank_feed_sources
       SET previous_secret = CASE WHEN $3::timestamptz IS NULL THEN NULL ELSE secret END,
           previous_secret_valid_until = $3, secret = $2, secret_rotated_at = $4
       WHERE id = $1`,
      [input.sourceId, secret, overlapUntil, now],
    );
    if (updated.rowCount === 0) throw new AppError('NOT_FOUND');
    await recordStaffAction(tx, {
      actor: input.actor,
      actorRole: input.actorRole,
      address: input.address,
      action: 'feed_source.rotate_secret',
      subjectType: 'bank_feed_source',
      subjectId: input.sourceId,
      details: { overlapUntil: overlapUntil?.toISOString() ?? null },
    });
    return { sourceId: input.sourceId, secret, rotatedAt: now, overlapUntil };
  });
}
