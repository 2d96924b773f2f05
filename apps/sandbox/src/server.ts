import { buildSandboxApp } from './app.ts';

/**
 * The sandbox as its own process: `SANDBOX_PORT` (3100), `SANDBOX_API_KEY`, `SANDBOX_FEED_SECRET`
 * (HMAC secret of the demo bank-feed sources), `SABAI_API_URL` (where bank notifications go;
 * unset = the bank page moves money but sends nothing until set) and the game partner's agent
 * credentials `GAME_PARTNER_AGENT_ID` / `GAME_PARTNER_AGENT_SECRET` (the API's; unset = the demo's),
 * and `SMS_GATEWAY_SIGNING_KEY` (signs the SMS double's delivery webhooks; unset = the published sandbox key).
 * The sandbox Hub88: `HUB88_OPERATOR_ID`, `SANDBOX_HUB88_OPERATOR_PUBLIC_KEY` (verifies Sabai's Games API calls),
 * `SANDBOX_HUB88_PRIVATE_KEY` (signs its Wallet API calls to `${SABAI_API_URL}/seamless/hub88`); unset = the demo keys.
 * `SANDBOX_REQUEST_LOGS=1` logs every request and answer (off by default: warnings and errors only).
 */
const port = Number(process.env.SANDBOX_PORT ?? 3100);
const app = await buildSandboxApp({
  apiKey: process.env.SANDBOX_API_KEY ?? 'sandbox-dev-key',
  feedSecret: process.env.SANDBOX_FEED_SECRET ?? 'sandbox-feed-secret-change-me',
  apiBaseUrl: process.env.SABAI_API_URL,
  ...(process.env.GAME_PARTNER_AGENT_ID ? { partnerAgentId: process.env.GAME_PARTNER_AGENT_ID } : {}),
  ...(process.env.GAME_PARTNER_AGENT_SECRET ? { partnerAgentSecret: process.env.GAME_PARTNER_AGENT_SECRET } : {}),
  lineChannelSecret: process.env.LINE_CHANNEL_SECRET,
  lineChannelAccessToken: process.env.LINE_CHANNEL_ACCESS_TOKEN,
  ...(process.env.SMS_GATEWAY_SIGNING_KEY ? { smsSigningKey: process.env.SMS_GATEWAY_SIGNING_KEY } : {}),
  ...(process.env.HUB88_OPERATOR_ID ? { hub88OperatorId: Number(process.env.HUB88_OPERATOR_ID) } : {}),
  ...(process.env.SANDBOX_HUB88_OPERATOR_PUBLIC_KEY ? { hub88OperatorPublicKey: process.env.SANDBOX_HUB88_OPERATOR_PUBLIC_KEY } : {}),
  ...(process.env.SANDBOX_HUB88_PRIVATE_KEY ? { hub88PrivateKey: process.env.SANDBOX_HUB88_PRIVATE_KEY } : {}),
  logger: true,
  requestLogs: process.env.SANDBOX_REQUEST_LOGS === '1',
});
await app.listen({ host: process.env.HOST ?? '127.0.0.1', port });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
