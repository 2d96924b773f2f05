import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../lib/translate.ts';
import { Modal } from './modal.tsx';

/**
 * The site's alert and success dialogs (spec §8) and the small "copied" toast, shown from
 * anywhere through useDialogs(). One dialog at a time: a new one replaces the open one.
 */
interface ErrorOptions {
  /** Spec §8: some flows show the message itself as the dialog title. */
  messageAsTitle?: boolean;
  onClose?: () => void;
}
interface SuccessOptions {
  /** A second line under the message (e.g. that a withdrawal awaits staff approval). */
  detail?: string;
  onClose?: () => void;
}

interface DialogApi {
  showError: (message: string, options?: ErrorOptions) => void;
  showSuccess: (message: string, options?: SuccessOptions) => void;
  showToast: (message: string) => void;
}

type OpenDialog =
  | { kind: 'error'; message: string; messageAsTitle: boolean; onClose?: () => void }
  | { kind: 'success'; message: string; detail?: string; onClose?: () => void };

const DialogContext = createContext<DialogApi | null>(null);
const TOAST_DURATION_MS = 1_600;

export function DialogProvider({ children }: { children: ReactNode }) {
  const [dialog, setDialogState] = useState<OpenDialog | null>(null);
  // The open dialog as close() reads it: its onClose runs outside any state update (an updater
  // must be pure; one that navigated made React warn, and StrictMode runs updaters twice).
  const openDialog = useRef<OpenDialog | null>(null);
  const [toast, setToast] = useState<string | null>(null);
  const toastTimer = useRef<number | undefined>(undefined);

  const api = useMemo<DialogApi>(() => {
    const setDialog = (next: OpenDialog) => {
      openDialog.current = next;
      setDialogState(next);
    };
    return {
      showError: (message, options = {}) =>
        setDialog({ kind: 'error', message, messageAsTitle: options.messageAsTitle ?? false, onClose: options.onClose }),
      showSuccess: (message, options = {}) => setDialog({ kind: 'success', message, detail: options.detail, onClose: options.onClose }),
      showToast: (message) => {
        window.clearTimeout(toastTimer.current);
        setToast(message);
        toastTimer.current = window.setTimeout(() => setToast(null), TOAST_DURATION_MS);
      },
    };
  }, []);

  const close = useCallback(() => {
    const closing = openDialog.current;
    openDialog.current = null;
    setDialogState(null);
    closing?.onClose?.();
  }, []);

  return (
    <DialogContext.Provider value={api}>
      {children}
      {dialog?.kind === 'error' && <ErrorDialog {...dialog} onClose={close} />}
      {dialog?.kind === 'success' && <SuccessDialog message={dialog.message} detail={dialog.detail} onClose={close} />}
      {toast && (
        <div
          role="status"
          data-testid="toast"
          className="animate-pop fixed inset-x-0 bottom-24 z-[60] mx-auto w-fit rounded-full bg-ink px-5 py-2 text-sm font-semibold text-page shadow-lg"
        >
          {toast}
        </div>
      )}
    </DialogContext.Provider>
  );
}

export function useDialogs(): DialogApi {
  const api = useContext(DialogContext);
  if (!api) throw new Error('useDialogs() needs <DialogProvider> above it');
  return api;
}

function ErrorDialog({ message, messageAsTitle, onClose }: { message: string; messageAsTitle: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal role="alertdialog" title={messageAsTitle ? message : t('common.errorTitle')} onClose={onClose} testId="error-dialog">
      <StatusIcon kind="error" />
      {!messageAsTitle && <p className="mt-3 text-sm leading-relaxed text-ink/80" data-testid="dialog-message">{message}</p>}
      <button type="button" data-autofocus className="btn-primary mt-5 w-full" onClick={onClose}>
        {t('common.ok')}
      </button>
    </Modal>
  );
}

function SuccessDialog({ message, detail, onClose }: { message: string; detail?: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal title={t('common.successTitle')} onClose={onClose} testId="success-dialog">
      <StatusIcon kind="success" />
      <p className="mt-3 text-base font-semibold text-ink" data-testid="dialog-message">{message}</p>
      {detail && <p className="mt-2 text-sm leading-relaxed text-ink/75" data-testid="dialog-detail">{detail}</p>}
      <button type="button" data-autofocus className="btn-primary mt-5 w-full" onClick={onClose}>
        {t('common.ok')}
      </button>
    </Modal>
  );
}

function StatusIcon({ kind }: { kind: 'error' | 'success' }) {
  const isError = kind === 'error';
  return (
    <div
      className={`mx-auto mt-4 flex size-16 items-center justify-center rounded-full border-4 ${
        isError ? 'border-red-500/80 text-red-400' : 'border-emerald-500/80 text-emerald-400'
      }`}
      aria-hidden="true"
    >
      <svg viewBox="0 0 24 24" className="size-8" fill="none" stroke="currentColor" strokeWidth={2.6} strokeLinecap="round">
        {isError ? <path d="M7 7l10 10M17 7 7 17" /> : <path d="m5.5 12.5 4 4 9-9" />}
      </svg>
    </div>
  );
}
