/** Masked account numbers now live with the bank texts that print them (bank-feed); the matcher's files keep their import. */
export { MAX_MASKED_ACCOUNT_LENGTH, MIN_VISIBLE_DIGITS, accountFitsMask, readMaskedAccount, type MaskedAccount } from '../bank-feed/index.ts';
