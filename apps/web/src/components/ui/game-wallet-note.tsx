import type { GameWalletSource } from '@sabai/contracts';
import { useTranslation } from '../../lib/translate.ts';
import { formatThaiTime } from '../../lib/format.ts';

/**
 * Where a shown game wallet figure comes from (profile/balance `gameWalletSource`): the partner's
 * live balance and the time it was read, or our own books when the partner could not be read.
 * Nothing for a member without a game account (the figure is simply 0).
 */
export function GameWalletNote({ source, readAt, testId = 'game-wallet-note' }: { source: GameWalletSource; readAt: string | null; testId?: string }) {
  const { t } = useTranslation();
  if (source === 'no_account') return null;
  return (
    <span className={`block text-[10px] leading-snug ${source === 'partner' ? 'text-ink/50' : 'text-amber-200'}`} data-testid={testId} data-source={source}>
      {source === 'partner' ? t('wallet.liveAt', { time: formatThaiTime(readAt) }) : t('wallet.ledgerFallback')}
    </span>
  );
}
