import { useEffect, useId, type ReactNode } from 'react';
import { useTranslation } from '../../lib/translate.ts';
import { CloseIcon } from '../ui/icons.tsx';

/** A panel that slides in from the right over a dark overlay; the overlay and Escape close it. */
export function SlideOver({ title, onClose, children, testId }: { title: string; onClose: () => void; children: ReactNode; testId: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    document.body.style.overflow = 'hidden';
    return () => {
      window.removeEventListener('keydown', onKey);
      document.body.style.overflow = '';
    };
  }, [onClose]);

  return (
    <div className="fixed inset-0 z-40">
      <div className="absolute inset-0 bg-black/70" onClick={onClose} data-testid="slide-over-overlay" aria-hidden="true" />
      <aside
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid={testId}
        className="animate-slide-in-right absolute inset-y-0 right-0 flex w-[88%] max-w-sm flex-col border-l border-primary/25 bg-page shadow-2xl"
      >
        <header className="flex items-center justify-between border-b border-white/10 px-5 py-4">
          <h2 id={titleId} className="text-lg font-bold text-primary">
            {title}
          </h2>
          <button type="button" onClick={onClose} aria-label={t('common.close')} className="rounded-full p-1.5 text-ink/70" data-testid="slide-over-close">
            <CloseIcon className="size-6" />
          </button>
        </header>
        <div className="flex-1 overflow-y-auto px-5 py-5">{children}</div>
      </aside>
    </div>
  );
}
