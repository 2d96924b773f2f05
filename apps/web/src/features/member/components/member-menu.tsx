import { memo, type ComponentType, type SVGProps } from 'react';
import { useTranslation } from '../../../lib/translate.ts';
import {
  CashbackIcon,
  DepositIcon,
  GameIcon,
  GiftIcon,
  HistoryIcon,
  ShareIcon,
  StarIcon,
  UserIcon,
  WalletIcon,
  WheelIcon,
  WithdrawIcon,
} from '../../../components/ui/icons.tsx';
import { AppLink } from '../../../components/ui/app-link.tsx';
import { paths, type MemberFeature } from '../../../config/paths.ts';

/** A tile of the member menu: a member feature (its route) or the profile. */
export type MenuKey = MemberFeature | 'profile';

interface MenuEntry {
  key: MenuKey;
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
  { key: 'account', Icon: WalletIcon },
  { key: 'profile', Icon: UserIcon },
];

interface MemberMenuProps {
  useCashback: boolean;
  useAffiliate: boolean;
  /** Tiles that open a dialog over the page instead of going to their route (composed by the page). */
  dialogOpeners?: Partial<Record<MenuKey, () => void>>;
  /** Where "all" in the heading leads (the /user/menu page); none on that page itself. */
  allHref?: string;
}

/**
 * The member's features as tiles; cashback and affiliate only when the site turns them on (spec
 * §6). A tile with an opener is a button that opens its dialog; every other tile is a link.
 */
function MemberMenuTiles({ useCashback, useAffiliate, dialogOpeners = {}, allHref }: MemberMenuProps) {
  const { t } = useTranslation();
  const entries = ENTRIES.filter(
    (entry) => (entry.key !== 'cash_back' || useCashback) && (entry.key !== 'affiliate' || useAffiliate),
  );
  return (
    <nav aria-label={t('member.menuTitle')} className="card p-4">
      <div className="mb-3 flex items-baseline justify-between gap-2">
        <h2 className="text-sm font-bold text-primary">{t('member.menuTitle')}</h2>
        {allHref && (
          <AppLink to={allHref} className="text-xs font-semibold text-ink/70 underline-offset-2 hover:underline" data-testid="menu-all">
            {t('member.menuAll')} ›
          </AppLink>
        )}
      </div>
      <ul className="grid grid-cols-4 gap-x-1 gap-y-4">
        {entries.map(({ key, Icon }) => {
          const face = (
            <>
              <span className="flex size-12 items-center justify-center rounded-2xl border border-primary/25 bg-gradient-to-b from-primary/20 to-primary/5 text-primary">
                <Icon className="size-6" />
              </span>
              <span className="text-[11px] leading-tight text-ink/85">{t(`features.${key}`)}</span>
            </>
          );
          const openDialog = dialogOpeners[key];
          return (
            <li key={key}>
              {openDialog ? (
                <button type="button" onClick={openDialog} aria-haspopup="dialog" className={`${TILE_CLASS} w-full`} data-testid={`menu-${key}`}>
                  {face}
                </button>
              ) : (
                <AppLink to={key === 'profile' ? paths.user.profile : paths.user.feature(key)} className={TILE_CLASS} data-testid={`menu-${key}`}>
                  {face}
                </AppLink>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

const TILE_CLASS = 'flex flex-col items-center gap-1.5 text-center';

/**
 * Drawn again only when its settings or openers change: the first load's card figures (and the
 * member app's) re-render the home page without touching its tiles (docs/adr/0045).
 */
export const MemberMenu = memo(MemberMenuTiles);
