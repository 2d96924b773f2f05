import { buildSystemPingWebhook } from './build-sms-gateway-webhook.ts';
import type { FeedDelivery, FeedFormat } from './feed-client.ts';
import { HOUSE_ACCOUNTS, type HouseBankAccount } from './house-accounts.ts';
import type { SandboxBank } from './sandbox-bank.ts';

/**
 * The per-source switch of how the sandbox's house phones forward bank SMS to Sabai: Sabai's own
 * signed JSON (`sabai`, the default) or SMS Gateway for Android's webhook (`sms-gateway`, to the
 * account's `gatewaySourceId`). A phone switched to the app also pings like the app does
 * (`system:ping` at once, then every `gatewayPingIntervalMs`), so Sabai's silence alarm sees it alive.
 */
export interface SmsDeliverySetting {
  /** The house account's own SMS feed source (`src_sms_kbank`). */
  sourceId: string;
  channelId: string;
  format: FeedFormat;
  /** Where `sms-gateway` deliveries go (`src_gw_kbank`). */
  gatewaySourceId: string;
}

type SwitchableAccount = HouseBankAccount & { feed: { kind: 'sms'; gatewaySourceId: string } };

const isSwitchable = (house: (typeof HOUSE_ACCOUNTS)[number]): house is SwitchableAccount =>
  house.kind === 'bank' && house.feed.kind === 'sms' && house.feed.gatewaySourceId !== undefined;

/** Every SMS house account that can be switched, with its current format. */
export function listSmsDelivery(bank: SandboxBank): SmsDeliverySetting[] {
  return HOUSE_ACCOUNTS.filter(isSwitchable).map((house) => ({
    sourceId: house.feed.sourceId,
    channelId: house.channelId,
    format: bank.smsFormats.get(house.feed.sourceId) ?? 'sabai',
    gatewaySourceId: house.feed.gatewaySourceId,
  }));
}

/**
 * Switches one house account's SMS delivery.
 * @returns the new setting and, when switched to `sms-gateway`, the first ping's delivery; or
 *   `undefined` when `sourceId` is not a switchable SMS source.
 */
export async function switchSmsDelivery(
  bank: SandboxBank,
  input: { sourceId: string; format: FeedFormat },
): Promise<(SmsDeliverySetting & { ping: FeedDelivery | null }) | undefined> {
  const house = HOUSE_ACCOUNTS.filter(isSwitchable).find((account) => account.feed.sourceId === input.sourceId);
  if (!house) return undefined;
  stopGatewayPing(bank, input.sourceId);
  bank.smsFormats.set(input.sourceId, input.format);
  let ping: FeedDelivery | null = null;
  if (input.format === 'sms-gateway') {
    const gatewaySourceId = house.feed.gatewaySourceId;
    const sendPing = () => bank.feed.deliver({ kind: 'sms', format: 'sms-gateway', sourceId: gatewaySourceId, body: buildSystemPingWebhook({ sourceId: gatewaySourceId }) });
    ping = await sendPing();
    // A failed ping is what a phone out of coverage does: nothing to report, Sabai's alarm will.
    const timer = setInterval(() => void sendPing(), bank.gatewayPingIntervalMs);
    timer.unref();
    bank.gatewayPingTimers.set(input.sourceId, timer);
  }
  return { sourceId: input.sourceId, channelId: house.channelId, format: input.format, gatewaySourceId: house.feed.gatewaySourceId, ping };
}

/** The format notifications of this house account's SMS feed source go out in now. */
export const smsFormatOf = (bank: SandboxBank, sourceId: string): FeedFormat => bank.smsFormats.get(sourceId) ?? 'sabai';

function stopGatewayPing(bank: SandboxBank, sourceId: string): void {
  const timer = bank.gatewayPingTimers.get(sourceId);
  if (timer) clearInterval(timer);
  bank.gatewayPingTimers.delete(sourceId);
}

/** Stops every pinging phone (the sandbox is closing). */
export function stopAllGatewayPings(bank: SandboxBank): void {
  for (const sourceId of [...bank.gatewayPingTimers.keys()]) stopGatewayPing(bank, sourceId);
}
