import type {
  balanceResponse,
  depositChannel,
  historyResponse,
  promptPayDeposit,
  transactionRow,
  withdrawalConditionResponse,
  withdrawalResponse,
} from '@sabai/contracts';
import type { z } from 'zod';

/**
 * Types of the money calls, inferred from the contract schemas (packages/contracts wallet.ts does
 * not export them yet). Type-only: no zod code reaches the bundle from here.
 */
export type DepositChannel = z.infer<typeof depositChannel>;
export type PromptPayDeposit = z.infer<typeof promptPayDeposit>;
export type TransactionRow = z.infer<typeof transactionRow>;
export type TransactionStatus = TransactionRow['Status'];
export type HistoryPage = z.infer<typeof historyResponse>['data'];
export type WalletBalance = z.infer<typeof balanceResponse>['data'];
export type WithdrawalCondition = z.infer<typeof withdrawalConditionResponse>['data'];
export type WithdrawalResult = z.infer<typeof withdrawalResponse>['data'];
