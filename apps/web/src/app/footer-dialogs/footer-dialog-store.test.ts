import { describe, expect, it } from 'vitest';
import { FOOTER_DIALOG_NAMES, createFooterDialogStore, dialogShownByPage, type FooterDialogName } from './footer-dialog-store.ts';

describe('footer dialog store', () => {
  it('starts closed, opens a dialog and closes it', () => {
    const store = createFooterDialogStore();
    expect(store.get()).toBeNull();
    store.open('withdraw');
    expect(store.get()).toBe('withdraw');
    store.close();
    expect(store.get()).toBeNull();
  });

  it('keeps one dialog at a time: opening another replaces the open one', () => {
    const store = createFooterDialogStore();
    store.open('member-card');
    store.open('history');
    expect(store.get()).toBe('history');
    store.close();
    expect(store.get()).toBeNull();
  });

  it('opens each of the six dialogs of the spec', () => {
    const store = createFooterDialogStore();
    expect(FOOTER_DIALOG_NAMES).toEqual(['promotion', 'wheel', 'affiliate', 'withdraw', 'history', 'member-card']);
    for (const name of FOOTER_DIALOG_NAMES) {
      store.open(name);
      expect(store.get()).toBe(name);
    }
  });

  it('tells subscribers about changes only', () => {
    const store = createFooterDialogStore();
    const seen: (FooterDialogName | null)[] = [];
    const unsubscribe = store.subscribe(() => seen.push(store.get()));
    store.close(); // already closed
    store.open('wheel');
    store.open('wheel'); // already open
    store.open('affiliate');
    store.close();
    unsubscribe();
    store.open('promotion');
    expect(seen).toEqual(['wheel', 'affiliate', null]);
  });

  it('refuses a name that is not a footer dialog', () => {
    const store = createFooterDialogStore();
    expect(() => store.open('deposit' as FooterDialogName)).toThrow(/unknown footer dialog "deposit"/);
    expect(store.get()).toBeNull();
  });

  it('does not open a panel over the page that already shows it', () => {
    let pathname = '/user/withdraw';
    const store = createFooterDialogStore({ shownByPage: () => dialogShownByPage(pathname) });
    store.open('member-card');
    store.open('withdraw'); // from the member card: the page behind is the withdraw form
    expect(store.get()).toBeNull();
    store.open('history');
    expect(store.get()).toBe('history');
    pathname = '/user/home';
    store.open('member-card'); // the home card and the dialog card may both show
    expect(store.get()).toBe('member-card');
  });
});

describe('pages that show a footer dialog', () => {
  it('maps each feature page to its dialog', () => {
    expect(dialogShownByPage('/user/promotion')).toBe('promotion');
    expect(dialogShownByPage('/user/spinner')).toBe('wheel');
    expect(dialogShownByPage('/user/affiliate/')).toBe('affiliate');
    expect(dialogShownByPage('/user/withdraw')).toBe('withdraw');
    for (const path of ['/user/history', '/user/transactions', '/user/transactions-deposit', '/user/transactions-withdraw']) {
      expect(dialogShownByPage(path)).toBe('history');
    }
  });

  it('leaves every other page alone', () => {
    for (const path of ['/', '/user/home', '/user/deposit', '/user/play/egames', '/user/withdrawals', '/user/promotion/x']) {
      expect(dialogShownByPage(path)).toBeNull();
    }
  });
});
