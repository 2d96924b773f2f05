import type { ComponentType, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  CashbackIcon,
  DepositIcon,
  GameIcon,
  GiftIcon,
  HistoryIcon,
  ShareIcon,
  StarIcon,
  UserIcon,
  WheelIcon,
  WithdrawIcon,
} from '../../../components/ui/icons.tsx';
import { paths, type MemberFeature } from '../../../config/paths.ts';

interface MenuEntry {
  key: MemberFeature | 'profile';
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
}

const ENTRIES: MenuEntry[] = [
  { key: 'deposit', Icon: DepositIcon },
  { key: 'withdraw', Icon: WithdrawIcon },
  { key: 'play', Icon: GameIcon },
  { key: 'promotion', Icon: GiftIcon },
  { key: 'cash_back', Icon: CashbackIcon },
  { key: 'affiliate', Icon: ShareIcon },
  { key: 'spinner', Icon: WheelIcon },
  { key: 'free_credit', Icon: StarIcon },
  { key: 'history', Icon: HistoryIcon },
  { key: 'profile', Icon: UserIcon },
];

/** The member's features as tiles; cashback and affiliate only when the site turns them on (spec §6). */
export function MemberMenu({ useCashback, useAffiliate }: { useCashback: boolean; useAffiliate: boolean }) {
  const { t } = useTranslation();
  const entries = ENTRIES.filter(
    (entry) => (entry.key !== 'cash_back' || useCashback) && (entry.key !== 'affiliate' || useAffiliate),
  );
  return (
    <nav aria-label={t('member.menuTitle')} className="card p-4">
      <h2 className="mb-3 text-sm font-bold text-primary">{t('member.menuTitle')}</h2>
      <ul className="grid grid-cols-4 gap-x-1 gap-y-4">
        {entries.map(({ key, Icon }) => (
          <li key={key}>
            <Link
              to={key === 'profile' ? paths.user.profile : paths.user.feature(key)}
              className="flex flex-col items-center gap-1.5 text-center"
              data-testid={`menu-${key}`}
            >
              <span className="flex size-12 items-center justify-center rounded-2xl border border-primary/25 bg-gradient-to-b from-primary/20 to-primary/5 text-primary">
                <Icon className="size-6" />
              </span>
              <span className="text-[11px] leading-tight text-ink/85">{t(`features.${key}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
