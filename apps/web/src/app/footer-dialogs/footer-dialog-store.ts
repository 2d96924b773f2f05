import { paths } from '../../config/paths.ts';

/**
 * Which footer dialog is open (spec §2: "The footer hosts the promotion, wheel, affiliate,
 * withdraw, history and member-card dialogs"). At most one at a time: opening another one
 * replaces it, so the member-card dialog can hand over to withdraw or history. A tiny external
 * store React subscribes to, kept free of React so its rules are unit-tested.
 */
export const FOOTER_DIALOG_NAMES = ['promotion', 'wheel', 'affiliate', 'withdraw', 'history', 'member-card'] as const;
export type FooterDialogName = (typeof FOOTER_DIALOG_NAMES)[number];

export const isFooterDialogName = (value: unknown): value is FooterDialogName =>
  typeof value === 'string' && (FOOTER_DIALOG_NAMES as readonly string[]).includes(value);

/** The pages that show a footer dialog's panel (the member card on /user/home may show twice). */
const PAGE_DIALOGS: readonly (readonly [path: string, dialog: FooterDialogName])[] = [
  [paths.user.feature('promotion'), 'promotion'],
  [paths.user.feature('spinner'), 'wheel'],
  [paths.user.feature('affiliate'), 'affiliate'],
  [paths.user.feature('withdraw'), 'withdraw'],
  [paths.user.feature('history'), 'history'],
  [paths.user.feature('transactions'), 'history'],
  [paths.user.feature('transactions-deposit'), 'history'],
  [paths.user.feature('transactions-withdraw'), 'history'],
];

/** The footer dialog whose panel the page at `pathname` already shows, or null. */
export function dialogShownByPage(pathname: string): FooterDialogName | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PAGE_DIALOGS.find(([pagePath]) => pagePath === path)?.[1] ?? null;
}

export interface FooterDialogStore {
  /** The open dialog, or null. */
  get: () => FooterDialogName | null;
  subscribe: (listener: () => void) => () => void;
  /**
   * Opens `name`, closing whichever other one was open. On the page that already shows that
   * panel it closes instead: the same panel twice would mean two forms, two wheels, twice the calls.
   */
  open: (name: FooterDialogName) => void;
  close: () => void;
}

interface StoreOptions {
  /** The dialog the current page shows (`dialogShownByPage` of the current path). */
  shownByPage?: () => FooterDialogName | null;
}

export function createFooterDialogStore({ shownByPage = () => null }: StoreOptions = {}): FooterDialogStore {
  let current: FooterDialogName | null = null;
  const listeners = new Set<() => void>();
  const publish = (next: FooterDialogName | null) => {
    if (next === current) return; // nothing changed: no re-render
    current = next;
    for (const listener of listeners) listener();
  };
  return {
    get: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    open(name) {
      // A programmer error (a typo in a caller the types did not catch): fail loudly.
      if (!isFooterDialogName(name)) throw new Error(`unknown footer dialog "${String(name)}"`);
      publish(shownByPage() === name ? null : name);
    },
    close: () => publish(null),
  };
}
