import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { buildSystemPingWebhook } from './build-sms-gateway-webhook.ts';
import { bankLedgerKey, registerHouseBankAccount } from './house-accounts.ts';
import type { SandboxBank } from './sandbox-bank.ts';

/**
 * What an operator does on a fresh site (issue 24 §4): adds a house bank account in Sabai's back
 * office, adds an SMS Gateway feed source for it, and types the webhook URL and the key the back
 * office showed once into the house phone's SMS Gateway for Android app. The sandbox plays that
 * bank and that phone: `POST /sandbox/v1/house-phones` (needs `x-sandbox-key`) makes the account a
 * house account the bank accepts transfers to and pays from, and its phone forwards each credit /
 * debit SMS (KBank or SCB text) to `webhookUrl`, signed with `signingKey` (the app's X-Signature),
 * after a first `system:ping` as the app sends when it is set up.
 */
const housePhoneBody = z
  .object({
    channelId: z.string().regex(/^chn_[a-z0-9_]{1,40}$/),
    bankCode: z.enum(['004', '014']),
    accountNumber: z.string().regex(/^\d{10,12}$/),
    accountName: z.string().trim().min(1).max(100),
    sourceId: z.string().regex(/^src_[a-z0-9_]{1,40}$/),
    webhookUrl: z.string().url().max(500),
    signingKey: z.string().min(16).max(200),
  })
  .strict();
export type HousePhoneSetup = z.infer<typeof housePhoneBody>;

/** Registers the account and sets its phone up; answers the first ping's delivery (Sabai's answer to it). */
export async function setUpHousePhone(bank: SandboxBank, setup: HousePhoneSetup) {
  const ledgerKey = bankLedgerKey(setup.bankCode, setup.accountNumber);
  registerHouseBankAccount({
    channelId: setup.channelId,
    kind: 'bank',
    bankCode: setup.bankCode,
    accountNumber: setup.accountNumber,
    name: setup.accountName,
    feed: { kind: 'sms', sourceId: setup.sourceId, smsFormat: setup.bankCode === '004' ? 'kbank' : 'scb', gatewaySourceId: setup.sourceId },
    ledgerKey,
  });
  bank.ledger.openHouseAccount(ledgerKey);
  bank.feed.setOwnSource(setup.sourceId, { url: setup.webhookUrl, secret: setup.signingKey });
  bank.smsFormats.set(setup.sourceId, 'sms-gateway');
  return bank.feed.deliver({ kind: 'sms', format: 'sms-gateway', sourceId: setup.sourceId, body: buildSystemPingWebhook({ sourceId: setup.sourceId }) });
}

export function registerHousePhoneRoutes(app: FastifyInstance, bank: SandboxBank): void {
  app.post('/sandbox/v1/house-phones', async (request, reply) => {
    const parsed = housePhoneBody.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ error: 'body must be { channelId, bankCode: 004|014, accountNumber, accountName, sourceId, webhookUrl, signingKey }', issues: parsed.error.issues.map((issue) => issue.path.join('.')) });
    const ping = await setUpHousePhone(bank, parsed.data);
    return { ok: true, channelId: parsed.data.channelId, sourceId: parsed.data.sourceId, ping: { status: ping.status, httpStatus: ping.httpStatus, sabaiStatus: ping.sabaiStatus } };
  });
}
