/**
 * `deposits/promptpay/` (part of the deposits module, issue 28 §1): PromptPay QR payloads (EMVCo, CRC16-CCITT-FALSE): building them for deposits and
 * verifying them against the fixtures.
 * The sub-folder's face inside the deposits module; other modules reach it through deposits/index.ts
 * (eslint: import-x/no-restricted-paths).
 */
export { buildPromptPayPayload } from './promptpay-payload.ts';
export { verifyPromptPayPayload } from './verify-promptpay-payload.ts';
export { crc16CcittFalse, formatCrc16 } from './crc16-ccitt-false.ts';
