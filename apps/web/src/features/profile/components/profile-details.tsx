import { findBankByCode, maskBankAccountNumber, type SiteSettings, type UserInfo } from '@sabai/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/translate.ts';
import { BankLogo } from '../../../components/ui/bank-logo.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { homeReferralLink } from '../../../config/paths.ts';
import { formatThaiDateTimeParts } from '../../../lib/format.ts';

type Bank = SiteSettings['getNameBank'][number];

interface ProfileDetailsProps {
  user: UserInfo;
  banks: Bank[] | undefined;
  /** Title of the promotion whose id is the member's bonusId; null shows a dash (spec dialog 11). */
  bonusTitle: string | null;
}

/** Spec dialog 11: the member's bank, identity and referral link. */
export function ProfileDetails({ user, banks, bonusTitle }: ProfileDetailsProps) {
  const { t } = useTranslation();
  const bank = findBank(banks, user.BankCode);
  const referralLink = homeReferralLink(window.location.origin, user.affiliateKey);

  return (
    <div className="space-y-4">
      <section className="card-gold p-4" aria-label={t('profile.bankSection')} data-testid="profile-bank">
        <div className="flex items-center gap-3">
          <BankLogo logoUrl={bank?.logo} shortName={bank?.shortName ?? user.BankCode} color={bank?.color ?? '#555'} className="size-12" />
          <div className="min-w-0">
            <p className="text-sm text-ink/60">{t('profile.bankName')}</p>
            <p className="truncate font-bold" data-testid="profile-bank-name">
              {bank?.officialName ?? user.BankCode}
            </p>
          </div>
        </div>
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-ink/60">{t('profile.accountNumber')}</dt>
          <dd className="text-right font-semibold tracking-wider" data-testid="profile-account-number">
            {maskBankAccountNumber(user.BankAccount)}
          </dd>
          <dt className="text-ink/60">{t('profile.accountHolder')}</dt>
          <dd className="text-right font-semibold" data-testid="profile-account-holder">
            {user.userName.fullName}
          </dd>
        </dl>
      </section>

      <section className="card p-4">
        <dl className="divide-y divide-white/10 text-sm">
          <Row label={t('profile.userId')} testId="profile-user-id">{user.PhoneNumber}</Row>
          <Row label={t('profile.fullName')} testId="profile-full-name">{user.userName.fullName}</Row>
          <Row label={t('profile.phone')} testId="profile-phone">{user.PhoneNumber}</Row>
          <Row label={t('profile.bonus')} testId="profile-bonus">{bonusTitle ?? t('common.dash')}</Row>
          <Row label={t('profile.registeredAt')} testId="profile-registered-at">
            <DateTime iso={user.regisdate} />
          </Row>
        </dl>
        <p className="mt-3 text-xs text-ink/60">{t('profile.referralLink')}</p>
        <div className="mt-1 flex items-center gap-2 rounded-xl bg-black/30 px-3 py-2">
          <span className="min-w-0 flex-1 truncate text-sm" data-testid="profile-referral-link">
            {referralLink}
          </span>
          <CopyButton text={referralLink} label={t('common.copyLink')} testId="profile-copy-referral-link" />
        </div>
      </section>
    </div>
  );
}

/** A label and its value; a long value wraps (on word boundaries) instead of being cut off. */
function Row({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-4 py-2.5">
      <dt className="shrink-0 whitespace-nowrap text-ink/60">{label}</dt>
      <dd className="min-w-0 text-right font-semibold" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** The registration time in full (spec §9), breaking only between the date and the time. */
function DateTime({ iso }: { iso: string }) {
  const parts = formatThaiDateTimeParts(iso);
  if (!parts) return <>-</>;
  return (
    <>
      <span className="whitespace-nowrap">{parts.date}</span> <span className="whitespace-nowrap">{parts.time}</span>
    </>
  );
}

function findBank(banks: Bank[] | undefined, code: string): Bank | undefined {
  const fromSettings = banks?.find((bank) => bank.code === code);
  if (fromSettings) return fromSettings;
  const known = findBankByCode(code);
  return known && { ...known, logo: `/static/banks/${known.logoFile}` };
}
