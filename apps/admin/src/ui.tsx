import { useEffect, useRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { useBilingual } from './lib/bilingual';

/** Small shared pieces of the back office: a labelled field, a button, an error line, a data table. */
export function Field({ label, error, children }: { label: string; error?: string | undefined; children: ReactNode }) {
  return (
    <label className="block space-y-1">
      <span className="text-sm font-medium text-slate-700">{label}</span>
      {children}
      {error && <span className="block text-sm text-red-700">{error}</span>}
    </label>
  );
}

export function Button({ variant = 'primary', className = '', ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: 'primary' | 'danger' | 'plain' }) {
  const colours = {
    primary: 'bg-indigo-700 text-white hover:bg-indigo-800',
    danger: 'bg-red-700 text-white hover:bg-red-800',
    plain: 'bg-white text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50',
  }[variant];
  return <button className={`rounded-md px-4 py-2 text-sm font-medium disabled:opacity-50 ${colours} ${className}`} {...props} />;
}

/**
 * A dialog's row of actions: Cancel (never submits the form it sits in) and the dialog's own
 * confirm button(s), given as children, right-aligned.
 */
export function DialogActions({ onCancel, children }: { onCancel: () => void; children: ReactNode }) {
  const tx = useBilingual();
  return (
    <div className="flex justify-end gap-2">
      <Button type="button" variant="plain" onClick={onCancel}>{tx('ยกเลิก', 'Cancel')}</Button>
      {children}
    </div>
  );
}

export function ErrorText({ message }: { message: string | null | undefined }) {
  return message ? (
    <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </p>
  ) : null;
}

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog (issue 25 §4 "dialogs close on Escape and take focus"): on opening, focus moves to
 * its first field (or first button); Tab stays inside; Escape calls `onClose`; on closing, focus
 * returns to what had it. `label` names the dialog for screen readers.
 */
export function Dialog({ label, onClose, children, z = 'z-30' }: { label: string; onClose: () => void; children: ReactNode; z?: string }) {
  const box = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = box.current;
    const first = root?.querySelector<HTMLElement>('input:not([disabled]), select:not([disabled]), textarea:not([disabled])') ?? root?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? root)?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        close.current();
        return;
      }
      if (event.key !== 'Tab' || !root) return;
      const items = [...root.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const [head, tail] = [items[0], items[items.length - 1]];
      if (!head || !tail) return;
      if (event.shiftKey && document.activeElement === head) {
        event.preventDefault();
        tail.focus();
      } else if (!event.shiftKey && document.activeElement === tail) {
        event.preventDefault();
        head.focus();
      }
    };
    root?.addEventListener('keydown', onKey);
    return () => {
      root?.removeEventListener('keydown', onKey);
      before?.focus();
    };
  }, []);
  return (
    <div className={`fixed inset-0 ${z} flex items-center justify-center overflow-y-auto bg-black/40 py-6`} role="dialog" aria-modal="true" aria-label={label} ref={box} tabIndex={-1}>
      {children}
    </div>
  );
}
