/**
 * The `promptpay` module: PromptPay QR payloads (EMVCo, CRC16-CCITT-FALSE): building them for deposits and
 * verifying them against the fixtures.
 * Its face (issue 10 §1): what other modules, the app, the worker and tests may use.
 * Nothing outside the module imports its inner files (eslint: import-x/no-restricted-paths).
 */
export { buildPromptPayPayload } from './promptpay-payload.ts';
export { verifyPromptPayPayload } from './verify-promptpay-payload.ts';
export { crc16CcittFalse, formatCrc16 } from './crc16-ccitt-false.ts';
