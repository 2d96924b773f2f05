import type { ButtonHTMLAttributes, ReactNode } from 'react';

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

export function ErrorText({ message }: { message: string | null | undefined }) {
  return message ? (
    <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </p>
  ) : null;
}
