import { useEffect, useId, useRef, type ReactNode } from 'react';

interface ModalProps {
  role?: 'dialog' | 'alertdialog';
  title: ReactNode;
  children?: ReactNode;
  onClose: () => void;
  testId?: string;
}

/**
 * A centred modal on a dimmed overlay. Escape and the overlay close it; focus moves into it so
 * keyboard and screen-reader users land on the message.
 */
export function Modal({ role = 'dialog', title, children, onClose, testId }: ModalProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panel.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      previous?.focus();
    };
  }, [onClose]);

  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center p-5">
      <div className="absolute inset-0 bg-black/70 backdrop-blur-[2px]" onClick={onClose} aria-hidden="true" />
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
    </div>
  );
}
