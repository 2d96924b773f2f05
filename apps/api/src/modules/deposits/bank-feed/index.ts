/**
 * `deposits/bank-feed/` (part of the deposits module, issue 28 §1): parsers of the banks' notification texts (SMS and app notices) into one deposit or
 * debit shape, and masked-account matching.
 * The sub-folder's face inside the deposits module; other modules reach it through deposits/index.ts
 * (eslint: import-x/no-restricted-paths).
 */
export { parseBankNotification } from './parsers/index.ts';
export type { ParsedBankNotification } from './parsers/index.ts';
export { MAX_MASKED_ACCOUNT_LENGTH, MIN_VISIBLE_DIGITS, accountFitsMask, readMaskedAccount } from '@sabai/contracts';
export type { MaskedAccount } from '@sabai/contracts';
