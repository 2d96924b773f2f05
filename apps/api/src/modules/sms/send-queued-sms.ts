import type { AppContext } from '../../context.ts';
import { SmsRejectedError } from '../../adapters/sms/index.ts';
import { advanceSmsState } from './advance-sms-state.ts';
import { unsealText } from './seal-text.ts';

export type SendOutcome = 'sent' | 'rejected' | 'already' | 'expired';

/**
 * The worker's `send-sms` handler (follows `sms.requested`): sends one queued SMS through the SMS
 * provider with our id as the provider's message id, then erases the sealed text. A provider
 * that did not answer (SmsRetryableError) is tried again by the outbox with the same id; a
 * refusal marks the SMS `failed` for staff. A code SMS whose code has expired meanwhile is not
 * sent late: marked failed ("expired before it could be sent").
 * @throws SmsRetryableError (the outbox retries with backoff).
 */
export async function sendQueuedSms(context: AppContext, smsId: string): Promise<SendOutcome> {
  const { rows } = await context.db.query<{ to_phone: string; sealed_text: string | null; state: string; created_at: Date; purpose: string }>(
    'SELECT to_phone, sealed_text, state, created_at, purpose FROM sms_messages WHERE id = $1',
    [smsId],
  );
  const row = rows[0];
  if (!row) throw new Error(`sms ${smsId} not found`);
  if (row.state !== 'queued' || row.sealed_text === null) return 'already';
  const now = context.now();
  if (row.purpose.startsWith('code_') && now.getTime() - new Date(row.created_at).getTime() > CODE_SEND_DEADLINE_MS) {
    await context.db.query(`UPDATE sms_messages SET sealed_text = NULL WHERE id = $1`, [smsId]);
    await advanceSmsState(context.db, { smsId, state: 'failed', at: now, error: 'expired before it could be sent' });
    return 'expired';
  }
  await context.db.query('UPDATE sms_messages SET attempts = attempts + 1, updated_at = $2 WHERE id = $1', [smsId, now]);
  try {
    const answer = await context.sms.send({ id: smsId, toPhone: row.to_phone, text: unsealText(context.otpSecret, row.sealed_text) });
    await context.db.query('UPDATE sms_messages SET sealed_text = NULL WHERE id = $1', [smsId]);
    await advanceSmsState(context.db, { smsId, state: answer.state, at: context.now(), error: answer.error, providerMessageId: answer.providerMessageId });
    return 'sent';
  } catch (error) {
    if (!(error instanceof SmsRejectedError)) {
      await context.db.query('UPDATE sms_messages SET error = $2 WHERE id = $1', [smsId, String(error instanceof Error ? error.message : error).slice(0, 1000)]);
      throw error;
    }
    await context.db.query('UPDATE sms_messages SET sealed_text = NULL WHERE id = $1', [smsId]);
    await advanceSmsState(context.db, { smsId, state: 'failed', at: context.now(), error: error.message });
    return 'rejected';
  }
}

/** A code lives 5 minutes: later than this its SMS would only confuse. */
const CODE_SEND_DEADLINE_MS = 5 * 60_000;
