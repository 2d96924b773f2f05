import { useTranslation } from '../../../lib/translate.ts';
import { BankLogo } from '../../../components/ui/bank-logo.tsx';

interface OwnBankAccountProps {
  bankName: string;
  logoUrl: string | null;
  shortName: string;
  color: string;
  holderName: string;
  accountNumber: string;
}

/** Spec dialog 7, top: the member's own registered account, the only one transfers may come from. */
export function OwnBankAccount({ bankName, logoUrl, shortName, color, holderName, accountNumber }: OwnBankAccountProps) {
  const { t } = useTranslation();
  return (
    <section className="card-gold p-4" aria-labelledby="own-account-title" data-testid="own-bank-account">
      <h2 id="own-account-title" className="text-xs text-ink/60">
        {t('deposit.ownAccountTitle')}
      </h2>
      <div className="mt-2 flex items-center gap-3">
        <BankLogo logoUrl={logoUrl} shortName={shortName} color={color} className="size-12" />
        <div className="min-w-0 flex-1">
          <p className="truncate font-bold" data-testid="own-bank-name">
            {bankName}
          </p>
          <p className="truncate text-sm text-ink/75" data-testid="own-account-holder">
            {holderName}
          </p>
          <p className="text-base font-semibold tracking-wider tabular-nums" data-testid="own-account-number">
            {accountNumber}
          </p>
        </div>
      </div>
      <p className="mt-3 rounded-lg border border-primary/30 bg-primary/10 px-3 py-2 text-xs leading-relaxed text-primary" data-testid="own-account-note">
        {t('deposit.ownAccountNote')}
      </p>
    </section>
  );
}
