/**
 * The `bank-feed` module: parsers of the banks' notification texts (SMS and app notices) into one deposit or
 * debit shape, and masked-account matching.
 * Its face (issue 10 §1): what other modules, the app, the worker and tests may use.
 * Nothing outside the module imports its inner files (eslint: import-x/no-restricted-paths).
 */
export { parseBankNotification } from './parsers/index.ts';
export type { ParsedBankNotification } from './parsers/index.ts';
export { MAX_MASKED_ACCOUNT_LENGTH, MIN_VISIBLE_DIGITS, accountFitsMask, readMaskedAccount } from './masked-account.ts';
export type { MaskedAccount } from './masked-account.ts';
