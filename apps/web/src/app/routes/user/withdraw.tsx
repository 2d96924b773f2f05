import { findBankByCode, maskBankAccountNumber } from '@sabai/contracts';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useGameWallet } from '../../../features/games/api/get-game-wallet.ts';
import { WithdrawForm } from '../../../features/withdraw/components/withdraw-form.tsx';
import { useMember } from '../../../lib/auth.ts';
import { useSession } from '../../../lib/session.ts';
import { useSiteSettings } from '../../../lib/site-settings.ts';
import { MemberPage } from './member-page.tsx';

/** `/user/withdraw`: spec dialog 2, paid to the member's bound bank account. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token } = useSession();
  const member = useMember();
  const { settings } = useSiteSettings();
  const gameWallet = useGameWallet();
  if (!token) return <Navigate to={paths.index} replace />;

  const user = member.data;
  const bankName = user ? (settings?.getNameBank.find((bank) => bank.code === user.BankCode)?.name ?? findBankByCode(user.BankCode)?.name ?? user.BankCode) : '';
  return (
    <MemberPage title={t('withdraw.title')} testId="withdraw-page">
      <WithdrawForm
        settingsMinWithdraw={settings?.Withdraw.minWithdraw ?? 0}
        destination={{ bankName, maskedAccount: user ? maskBankAccountNumber(user.BankAccount) : '' }}
        liveGameWallet={gameWallet.data?.gameWallet ?? null}
        onCancel={() => void navigate(paths.user.home)}
      />
    </MemberPage>
  );
}
