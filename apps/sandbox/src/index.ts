/** @sabai/sandbox — simulated outside providers over real HTTP. */
export { buildSandboxApp, type SandboxApp, type SandboxConfig } from './app.ts';
export { HOUSE_ACCOUNTS, type HouseAccount } from './bank/house-accounts.ts';
export { isValidFeedSignature, signFeedBody } from './bank/feed-client.ts';
export {
  clearSlotOutcomes,
  DEMO_PARTNER_AGENT_ID,
  DEMO_PARTNER_AGENT_SECRET,
  PartnerSandboxCallError,
  readSlotOutcomes,
  SCRIPTED_OUTCOME_KINDS,
  scriptSlotOutcomes,
  signPartnerRequest,
  type PartnerSandboxTarget,
  type ReelStops,
  type ScriptedOutcomeKind,
  type ScriptedSlotOutcome,
  type SlotOutcomeQueueReply,
} from './partner/index.ts';
export { signLineBody, DEFAULT_LINE_CHANNEL_SECRET, DEFAULT_LINE_CHANNEL_ACCESS_TOKEN, type SandboxLine, type LineUser } from './line/sandbox-line.ts';
export { SANDBOX_SMS_SIGNING_KEY, SANDBOX_SMS_USERNAME, FAILING_PHONE_PREFIX, signSmsWebhook, type SandboxSms, type SandboxSmsGateway } from './sms/sandbox-sms-gateway.ts';
export { SMS_GATEWAY_API_PREFIX } from './sms/routes.ts';
export {
  DEMO_HUB88_OPERATOR_ID,
  DEMO_HUB88_OPERATOR_PRIVATE_KEY,
  DEMO_HUB88_OPERATOR_PUBLIC_KEY,
  SANDBOX_HUB88_PRIVATE_KEY,
  SANDBOX_HUB88_PUBLIC_KEY,
  HUB88_SIGNATURE_HEADER,
  HUB88_FAULTS,
  HUB88_SLOT_CODE,
  HUB88_BACCARAT_CODE,
  Hub88State,
  Hub88WalletCaller,
  isFinal,
  playHub88Round,
  signHub88Body,
  verifyHub88Signature,
  satangToHub88Units,
  hub88UnitsToSatang,
  type Hub88Fault,
  type Hub88Sandbox,
  type Hub88Transaction,
  type RoundInput,
  type RoundResult,
  type WalletAttempt,
  type WalletPath,
} from './hub88/index.ts';
