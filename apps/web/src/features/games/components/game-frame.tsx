import { useRef } from 'react';
import { createPortal } from 'react-dom';
import { BackIcon } from '../../../components/ui/icons.tsx';
import { useTranslation } from '../../../lib/translate.ts';

/** The page a game's "back to the site" link leads to (apps/web/public/game-closed.html). */
export const GAME_CLOSED_PATH = '/game-closed.html';

/** The return URL a game launched into the frame gets: its back link closes the frame. */
export const gameReturnUrl = (origin: string = window.location.origin): string => `${origin}${GAME_CLOSED_PATH}`;

/**
 * The partner's game inside a Sabai page (issue 26 §2): a full-screen frame under a slim bar
 * (back to the lobby), so the page around it — and the reality check it
 * keeps running (features/responsible-gaming RealityCheck) — stays while the member plays. When
 * the game's own back link loads GAME_CLOSED_PATH in the frame (same origin: readable), the frame
 * closes. The partner must allow our origin to frame its game pages (docs/adr/0044).
 */
export function GameFrame({ url, onClose }: { url: string; onClose: () => void }) {
  const { t } = useTranslation();
  const frame = useRef<HTMLIFrameElement>(null);
  const onLoad = () => {
    try {
      if (frame.current?.contentWindow?.location.pathname === GAME_CLOSED_PATH) onClose();
    } catch {
      // The partner's page (another origin): not readable, still playing.
    }
  };
  // On the body, like the dialogs: a fixed layer inside a card (backdrop-filter) would be cut to it.
  return createPortal(
    <div className="fixed inset-0 z-40 flex flex-col bg-page" data-testid="game-frame">
      <div className="flex items-center gap-2 border-b border-white/10 bg-black/60 px-2 py-1.5">
        <button type="button" className="flex items-center gap-1 rounded-lg px-2 py-1.5 text-sm font-semibold text-primary" onClick={onClose} data-testid="game-frame-close">
          <BackIcon className="size-4" />
          {t('games.frame.back')}
        </button>
      </div>
      <iframe
        ref={frame}
        src={url}
        title={t('games.frame.title')}
        className="w-full flex-1 border-0 bg-black"
        allow="autoplay; fullscreen"
        referrerPolicy="no-referrer"
        onLoad={onLoad}
        data-testid="game-frame-iframe"
      />
    </div>,
    document.body,
  );
}
