import type { UserInfo } from '@sabai/contracts';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translate.ts';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { EyeIcon, EyeOffIcon, GameIcon } from '../../../components/ui/icons.tsx';

/**
 * The member's game account at the partner (spec §1 GameInfo: username, password, Partner), from
 * the refresh call. The username is known from sign-up; the password is empty until the partner
 * account is opened (first deposit or first game), and hidden until asked for once it exists.
 */
export function GameAccount({ gameInfo }: { gameInfo: UserInfo['GameInfo'] }) {
  const { t } = useTranslation();
  const [showPassword, setShowPassword] = useState(false);
  const isOpened = gameInfo.password !== '';
  return (
    <section className="card p-4" aria-label={t('profile.gameAccountTitle')} data-testid="game-account" data-opened={isOpened}>
      <h2 className="flex items-center gap-2 text-sm font-bold text-primary">
        <GameIcon className="size-5" />
        {t('profile.gameAccountTitle')}
      </h2>
      <dl className="mt-2 divide-y divide-white/10 text-sm">
        {gameInfo.Partner !== '' && (
          <div className="flex items-center justify-between gap-3 py-2.5">
            <dt className="shrink-0 text-ink/60">{t('profile.gameAccountPartner')}</dt>
            <dd className="min-w-0 truncate font-semibold" data-testid="game-partner">
              {gameInfo.Partner}
            </dd>
          </div>
        )}
        <div className="flex items-center justify-between gap-3 py-2.5">
          <dt className="shrink-0 text-ink/60">{t('profile.gameUsername')}</dt>
          <dd className="flex min-w-0 items-center gap-2">
            <span className="truncate font-semibold tracking-wide" data-testid="game-username">
              {gameInfo.username}
            </span>
            <CopyButton text={gameInfo.username} testId="copy-game-username" />
          </dd>
        </div>
        <div className="flex items-center justify-between gap-3 py-2.5">
          <dt className="shrink-0 text-ink/60">{t('profile.gamePassword')}</dt>
          {isOpened ? (
            <dd className="flex min-w-0 items-center gap-1.5">
              <span className="truncate font-mono font-semibold tracking-wider" data-testid="game-password" data-visible={showPassword}>
                {showPassword ? gameInfo.password : '••••••••'}
              </span>
              <button
                type="button"
                onClick={() => setShowPassword((value) => !value)}
                aria-label={showPassword ? t('profile.hideGamePassword') : t('profile.showGamePassword')}
                aria-pressed={showPassword}
                className="rounded-lg p-1.5 text-ink/60 active:scale-95"
                data-testid="toggle-game-password"
              >
                {showPassword ? <EyeOffIcon className="size-5" /> : <EyeIcon className="size-5" />}
              </button>
              <CopyButton text={gameInfo.password} testId="copy-game-password" />
            </dd>
          ) : (
            <dd className="min-w-0 text-right text-xs leading-relaxed text-ink/65" data-testid="game-account-not-opened">
              {t('profile.gamePasswordNotYet')}
            </dd>
          )}
        </div>
      </dl>
    </section>
  );
}
