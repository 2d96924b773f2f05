import { findBankByCode, maskBankAccountNumber } from '@sabai/contracts';
import { WithdrawForm } from './withdraw-form.tsx';
import { useMember } from '../../../lib/auth.ts';
import { useSiteSettings } from '../../../lib/site-settings.ts';

/**
 * Spec dialog 2, paid to the member's bound bank account; the form reads the partner's live game
 * wallet from profile/balance, with the time it was read.
 * Shown by /user/withdraw and the withdraw footer dialog; `onCancel` leaves whichever it is.
 */
export function WithdrawSection({ onCancel }: { onCancel: () => void }) {
  const member = useMember();
  const { settings } = useSiteSettings();
  const user = member.data;
  const bankName = user ? (settings?.getNameBank.find((bank) => bank.code === user.BankCode)?.name ?? findBankByCode(user.BankCode)?.name ?? user.BankCode) : '';
  return (
    <WithdrawForm
      settingsMinWithdraw={settings?.Withdraw.minWithdraw ?? 0}
      destination={{ bankName, maskedAccount: user ? maskBankAccountNumber(user.BankAccount) : '' }}
      onCancel={onCancel}
    />
  );
}
