import type { PayoutAdapter, PayoutResult, PayoutStatus } from './payout-adapter.ts';

/**
 * PAYOUT_PROVIDER=manual (docs/adr/0039): nobody pays through an API. Withdrawals never reach this
 * adapter (modules/withdrawals puts them in finance's "to pay" queue instead); any
 * other caller (a held deposit's refund) is told the transfer failed, so nothing is paid silently
 * and the money stays where it was (the caller's failure path), and staff pay it by hand.
 */
export function createManualPayout(): PayoutAdapter {
  return {
    sendPayout(): Promise<PayoutResult> {
      return Promise.resolve({ outcome: 'failed', reason: 'การโอนออกทำโดยเจ้าหน้าที่ (PAYOUT_PROVIDER=manual)' });
    },
    getPayoutStatus(): Promise<PayoutStatus> {
      return Promise.resolve({ status: 'not_found' });
    },
  };
}
