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
    // Nobody here can say: a payout sent before the switch to manual stays `paying` for staff
    // (never "not found", which would refund money the bank may have paid).
    getPayoutStatus(): Promise<PayoutStatus> {
      return Promise.resolve({ status: 'unknown', detail: 'PAYOUT_PROVIDER=manual cannot ask a provider' });
    },
  };
}
