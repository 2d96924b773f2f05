import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '../../lib/translate.ts';
import { CloseIcon } from './icons.tsx';
import { modalStack } from './modal-stack.ts';

interface ModalProps {
  role?: 'dialog' | 'alertdialog';
  title: ReactNode;
  children?: ReactNode;
  onClose: () => void;
  testId?: string;
  /**
   * 'message' (default): a short centred message with its own buttons (alerts, confirms).
   * 'panel': a whole feature (withdraw, history…): a title bar with a close button and a body that
   * scrolls inside 85 % of the screen height, so long tables never push the dialog off screen.
   */
  variant?: 'message' | 'panel';
}

/** The page's overflow style before the first modal opened, put back when the last one closes. */
let overflowBeforeModals = '';

/**
 * A centred modal on a dimmed overlay. Escape (for the top modal only, when modals nest) and the
 * overlay close it; focus moves into it (to the element marked `data-autofocus`, in a panel the
 * close button) so keyboard and screen-reader users land on it, and goes back where it was when
 * it closes. The page behind does not scroll while a modal is open. It is drawn in document.body:
 * inside a card (backdrop-filter) or a scrolling dialog body a fixed overlay would be cut to that box.
 */
export function Modal({ role = 'dialog', title, children, onClose, testId, variant = 'message' }: ModalProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  // The latest onClose without re-running the effect below: re-running it would move this modal
  // to the top of the stack above a modal opened over it, and steal focus back.
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const entry = modalStack.open();
    if (modalStack.size() === 1) {
      overflowBeforeModals = document.body.style.overflow;
      document.body.style.overflow = 'hidden';
    }
    panel.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && modalStack.isTop(entry)) onCloseRef.current();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      modalStack.close(entry);
      if (modalStack.size() === 0) document.body.style.overflow = overflowBeforeModals;
      previous?.focus();
    };
  }, []);

  const close = () => onCloseRef.current();
  return createPortal(
    <div className={`fixed inset-0 z-50 flex items-center justify-center ${variant === 'panel' ? 'p-3' : 'p-5'}`}>
      <div className="absolute inset-0 bg-black/70 backdrop-blur-[2px]" onClick={close} aria-hidden="true" />
      {variant === 'panel' ? (
        <div
          ref={panel}
          role={role}
          aria-modal="true"
          aria-labelledby={titleId}
          data-testid={testId}
          className="animate-pop relative flex max-h-[85dvh] w-full max-w-md flex-col overflow-hidden rounded-2xl border border-primary/30 bg-page shadow-2xl shadow-black/60"
        >
          <PanelTitleBar titleId={titleId} title={title} onClose={close} />
          <div className="min-h-0 flex-1 space-y-4 overflow-y-auto overscroll-contain p-4 pb-5" data-testid="modal-body">
            {children}
          </div>
        </div>
      ) : (
        <div
          ref={panel}
          role={role}
          aria-modal="true"
          aria-labelledby={titleId}
          data-testid={testId}
          className="animate-pop relative w-full max-w-sm rounded-2xl border border-primary/30 bg-surface p-6 text-center shadow-2xl shadow-black/60"
        >
          <h2 id={titleId} className="text-lg font-bold text-ink">
            {title}
          </h2>
          {children}
        </div>
      )}
    </div>,
    document.body,
  );
}

function PanelTitleBar({ titleId, title, onClose }: { titleId: string; title: ReactNode; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex shrink-0 items-center justify-between gap-3 border-b border-primary/20 bg-surface/60 py-2 pl-4 pr-2">
      <h2 id={titleId} className="min-w-0 truncate text-lg font-bold text-primary">
        {title}
      </h2>
      <button type="button" data-autofocus onClick={onClose} aria-label={t('common.close')} className="shrink-0 rounded-full p-2 text-ink/70 active:scale-95" data-testid="modal-close">
        <CloseIcon className="size-6" />
      </button>
    </div>
  );
}
