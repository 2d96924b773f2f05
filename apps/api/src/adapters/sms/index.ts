import type { AppConfig } from '../../config.ts';
import { createSmsGatewaySms } from './sms-gateway-sms.ts';
import type { SmsAdapter } from './sms-adapter.ts';

export type { SmsAdapter } from './sms-adapter.ts';
export { SmsRejectedError, SmsRetryableError } from './sms-adapter.ts';
export { toE164Thai } from './sms-gateway-sms.ts';

/** The sandbox's double of the SMS Gateway API (apps/sandbox/src/sms) and its username. */
export const SANDBOX_SMS_PATH = '/sms-gateway/3rdparty/v1';
const SANDBOX_SMS_USERNAME = 'sabai';
/** A code is worth nothing after 5 minutes: the phone may not send it later than this. */
const SMS_TTL_SECONDS = 300;

/**
 * The SMS sender of SMS_PROVIDER (issue 27 §2): both go through the `android-sms-gateway` library;
 * `sandbox` points it at the sandbox (user `sabai`, password SANDBOX_API_KEY).
 * @throws Error when sms-gateway lacks its username or password.
 */
export function createSms(config: AppConfig): SmsAdapter {
  if (config.SMS_PROVIDER === 'sandbox') {
    return createSmsGatewaySms({ baseUrl: `${config.SANDBOX_URL}${SANDBOX_SMS_PATH}`, username: SANDBOX_SMS_USERNAME, password: config.SANDBOX_API_KEY, timeoutMs: config.PROVIDER_TIMEOUT_MS, ttlSeconds: SMS_TTL_SECONDS });
  }
  if (!config.SMS_GATEWAY_USERNAME || !config.SMS_GATEWAY_PASSWORD) throw new Error('SMS_PROVIDER=sms-gateway needs SMS_GATEWAY_USERNAME and SMS_GATEWAY_PASSWORD');
  return createSmsGatewaySms({ baseUrl: config.SMS_GATEWAY_URL, username: config.SMS_GATEWAY_USERNAME, password: config.SMS_GATEWAY_PASSWORD, timeoutMs: config.PROVIDER_TIMEOUT_MS, ttlSeconds: SMS_TTL_SECONDS });
}
