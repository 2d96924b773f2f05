import type { SiteSettings, UserInfo } from '@sabai/contracts';
import { homeReferralLink, lineContactUrl } from '../../config/paths.ts';
import { describeMaxWithdraw } from '../../features/member/max-withdraw.ts';
import { shownTurnover } from '../../features/member/shown-turnover.ts';
import { formatBaht, formatPoints, formatThaiTime } from '../../lib/format.ts';
import { memberBalanceSatang } from '../../lib/member-balance.ts';
import { bonusTitle } from '../../lib/promotions.ts';
import type { FirstLoadCard } from './first-load-card.ts';

/**
 * The HTML-first signed-in home (docs/adr/0050 decision 2): the home's markup is rendered at build
 * time from the member app's own components (app/home/static-home-template.tsx, by the
 * `sabai:static-home` plugin of vite.config.ts) for a template member and settings with every
 * optional part present, and put in app.html as a `<template>`. This file writes a member's
 * figures and settings into a copy of it, with the DOM alone (no React), so that:
 * - the render-blocking boot script (static-home-boot.ts) draws the home before the first paint;
 * - the card's answers after the paint (app/home/first-load-live.ts) are written the same way.
 * static-home-fill.test.tsx holds the result equal to what React draws (`FirstLoadHome`) for the
 * same member, settings and card: a change of the components that this file does not follow fails it.
 *
 * The elements are found by the test ids the components already carry. All amounts are baht
 * numbers as on the wire, formatted by the components' own functions: nothing here is arithmetic.
 */

/** The attribute of the filled home's container (static-home-boot.ts): app-main.tsx takes it from there. */
export const STATIC_HOME_ATTRIBUTE = 'data-static-home';
/** The id of app.html's `<template>` with the home's markup (vite.config.ts `sabai:static-home`). */
export const STATIC_HOME_TEMPLATE_ID = 'static-home';

/** The translated strings the filler writes (locales/th.json), passed in so th.json is not in the boot script. */
export const STATIC_HOME_STRING_KEYS = [
  'nav.balanceOpensCard',
  'member.greeting',
  'member.maxWithdrawUnlimited',
  'member.maxWithdrawMultiple',
  'common.baht',
  'common.dash',
  'member.gameWalletLive',
  'wallet.readAt',
] as const;
export type StaticHomeStrings = Record<(typeof STATIC_HOME_STRING_KEYS)[number], string>;

/** The strings of STATIC_HOME_STRING_KEYS through `translate` (lib/translate.ts), unfilled. */
export const pickStaticHomeStrings = (translate: (key: string) => string): StaticHomeStrings =>
  Object.fromEntries(STATIC_HOME_STRING_KEYS.map((key) => [key, translate(key)])) as StaticHomeStrings;

/**
 * The id of app.html's `<script type="application/json">` with the filler's strings
 * (pickStaticHomeStrings, written by vite.config.ts `sabai:static-home`): the boot script and
 * app-main.tsx read them from the page, so neither loads th.json (48 kB) for these 8 strings.
 * A data block, never run: the CSP's script-src does not apply to it.
 */
export const STATIC_HOME_STRINGS_ID = 'static-home-strings';

/**
 * The filler's strings from app.html's data block (STATIC_HOME_STRINGS_ID) in `document`, or null
 * when it is not there (the dev server) or not a string for every key.
 */
export function readStaticHomeStrings(document: Document): StaticHomeStrings | null {
  const text = document.getElementById(STATIC_HOME_STRINGS_ID)?.textContent;
  if (!text) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const strings = parsed as Record<string, unknown>;
  return STATIC_HOME_STRING_KEYS.every((key) => typeof strings[key] === 'string') ? (strings as StaticHomeStrings) : null;
}

/** The data block's text for `strings`: JSON with `<` escaped, so no `</script>` can end it early. */
export const staticHomeStringsScript = (strings: StaticHomeStrings): string =>
  `<script type="application/json" id="${STATIC_HOME_STRINGS_ID}">${JSON.stringify(strings).replace(/</g, '\\u003c')}</script>`;

/** lib/translate.ts's interpolation: `{{name}}` replaced, an unknown name left as it is. */
const PLACEHOLDER = /\{\{\s*([^{}\s]+)\s*\}\}/g;
const fillIn = (template: string, values: Record<string, string>): string =>
  template.replace(PLACEHOLDER, (placeholder, name: string) => values[name] ?? placeholder);

export interface StaticHomeData {
  /** The stored session's member, or the refresh call's once `card` has come. */
  user: UserInfo;
  /** The settings drawn (stored, or the server's answer); null while none is known. */
  settings: SiteSettings | null;
  /** The figures the server answered on this visit, or null (the stored ones, drawn as last known). */
  card: FirstLoadCard | null;
  /** `window.location.origin`: the referral link's. */
  origin: string;
}

/** Which optional parts a fill keeps: a fill with other parts starts again from the template. */
const shapeOf = (settings: SiteSettings | null): string =>
  [settings?.logoUrl, settings?.LineId, settings?.Maintenance, settings?.alertyMessage, settings?.cashBack.usecashBack, settings?.Affiliate.useAffiliate]
    .map((value) => (value ? '1' : '0'))
    .join('');
const shapes = new WeakMap<Element, string>();

/**
 * Draws the home for `data` in `root`. The first fill (and one whose settings keep other optional
 * parts) puts a filled copy of `template` in `root`; a later one writes into the elements already
 * there: text and attributes, no new element, so the page is not styled again from scratch.
 */
export function fillStaticHome(root: Element, template: DocumentFragment, data: StaticHomeData, strings: StaticHomeStrings): void {
  const shape = shapeOf(data.settings);
  if (shapes.get(root) === shape) return writeHome(root, data, strings);
  const home = template.cloneNode(true) as DocumentFragment;
  writeHome(home, data, strings);
  root.replaceChildren(home);
  shapes.set(root, shape);
}

function writeHome(home: ParentNode, { user: storedUser, settings, card, origin }: StaticHomeData, strings: StaticHomeStrings): void {
  const byTestId = (testId: string) => home.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
  const setText = (testId: string, text: string) => {
    const element = byTestId(testId);
    if (element) writeText(element, text);
  };
  const user = card?.user ?? storedUser;
  const isLastKnown = card === null;
  const liveWallet = card?.liveWallet ?? null;
  const wallet = liveWallet ?? user.internalWallet;
  const balance = formatBaht(memberBalanceSatang(wallet));

  // The header (components/layouts/member-shell.tsx SignedInHeader).
  const siteName = settings?.siteName ?? 'Sabai';
  const header = byTestId('member-header');
  const logoLink = header?.querySelector('a');
  if (logoLink) {
    writeAttribute(logoLink, 'aria-label', siteName);
    const logo = logoLink.firstElementChild;
    if (logo instanceof HTMLSpanElement) writeText(logo, siteName); // drawn so already (same settings' shape)
    else if (logo && settings?.logoUrl) {
      writeAttribute(logo, 'src', settings.logoUrl);
      writeAttribute(logo, 'alt', siteName);
    } else if (logo) {
      // components/ui/brand-logo.tsx: the name in gold without a logo.
      const name = document.createElement('span');
      writeClass(name, 'text-gold-gradient text-xl font-extrabold tracking-wide');
      writeText(name, siteName);
      logo.replaceWith(name);
    }
  }
  const headerBalance = byTestId('header-balance');
  if (headerBalance) {
    const isHeaderLastKnown = !liveWallet && isLastKnown;
    writeAttribute(headerBalance, 'aria-label', fillIn(strings['nav.balanceOpensCard'], { amount: balance }));
    setFlag(headerBalance, 'aria-busy', isHeaderLastKnown);
    setFlag(headerBalance, 'data-last-known', isHeaderLastKnown);
    const figure = headerBalance.querySelector('span');
    if (figure) {
      writeText(figure, balance);
      if (isHeaderLastKnown) writeClass(figure, 'opacity-70');
      else figure.removeAttribute('class');
    }
  }
  const contact = byTestId('header-contact');
  if (!settings?.LineId) contact?.remove();
  else if (contact) writeAttribute(contact, 'href', lineContactUrl(settings.LineId));
  if (!settings?.Maintenance) byTestId('maintenance-banner')?.remove();
  const announcement = byTestId('announcement-strip');
  if (settings?.alertyMessage) {
    for (const copy of announcement?.querySelectorAll('.marquee > span') ?? []) writeText(copy, settings.alertyMessage);
  } else announcement?.remove();

  // The home (features/member/components/member-home.tsx) and its menu.
  const greeting = home.querySelector('main > div > p');
  if (greeting) writeText(greeting, fillIn(strings['member.greeting'], { name: user.userName.firstName || user.PhoneNumber }));
  if (!(settings?.cashBack.usecashBack ?? false)) byTestId('menu-cash_back')?.closest('li')?.remove();
  if (!(settings?.Affiliate.useAffiliate ?? false)) byTestId('menu-affiliate')?.closest('li')?.remove();

  // The member card (features/member/components/member-card.tsx), as app/home/first-load-home.tsx draws it.
  const bonus = user.BonusInfo;
  setText('member-id', user.PhoneNumber);
  const figures = byTestId('member-figures');
  if (figures) {
    setFlag(figures, 'aria-busy', isLastKnown);
    setFlag(figures, 'data-last-known', isLastKnown);
  }
  const figureTone = isLastKnown && !liveWallet ? 'opacity-70' : '';
  for (const testId of ['refresh-balance', 'refresh-game-wallet']) {
    const button = byTestId(testId);
    if (!button) continue;
    setFlag(button, 'disabled', isLastKnown, '');
    const icon = button.querySelector('svg');
    if (icon) writeClass(icon, `${testId === 'refresh-balance' ? 'size-5' : 'size-4'} ${isLastKnown ? 'animate-spin' : ''}`);
  }
  const balanceFigure = byTestId('wallet-balance');
  if (balanceFigure) {
    writeClass(balanceFigure, `text-gold-gradient text-3xl font-extrabold tabular-nums ${figureTone}`);
    writeText(balanceFigure, `฿ ${balance}`);
  }
  const walletFigureClass = `mt-0.5 text-sm font-semibold tabular-nums text-ink ${figureTone}`;
  const mainWallet = byTestId('main-wallet');
  if (mainWallet) {
    writeClass(mainWallet, walletFigureClass);
    writeText(mainWallet, formatBaht(wallet.mainWallet));
  }
  const gameWalletBox = byTestId('game-wallet-box');
  if (gameWalletBox) writeAttribute(gameWalletBox, 'data-live', liveWallet ? 'true' : 'false');
  const gameWallet = byTestId('game-wallet');
  if (gameWallet) {
    writeClass(gameWallet, walletFigureClass);
    writeText(gameWallet, formatBaht(wallet.gameWallet));
    if (liveWallet) writeAttribute(gameWallet, 'title', strings['member.gameWalletLive']);
    else gameWallet.removeAttribute('title');
    const readAt = gameWallet.nextElementSibling;
    const readAtTime = card?.liveWalletReadAt ?? null;
    if (readAt && liveWallet && readAtTime) {
      writeClass(readAt, 'min-h-[2lh] text-[10px] leading-snug text-ink/50');
      readAt.removeAttribute('aria-hidden');
      writeAttribute(readAt, 'data-testid', 'game-wallet-read-at');
      writeText(readAt, fillIn(strings['wallet.readAt'], { time: formatThaiTime(readAtTime) }));
    } else if (readAt) {
      // Two lines kept while the live wallet is not in (member-card.tsx).
      writeClass(readAt, 'min-h-[2lh] text-[10px] leading-snug');
      writeAttribute(readAt, 'aria-hidden', 'true');
      readAt.removeAttribute('data-testid');
      writeText(readAt, '\u00a0');
    }
  }
  setText('prize-points', formatPoints(user.internalWallet.prizeWallet));
  const turnover = card?.turnover ??
    shownTurnover({ bonus, rolling: undefined, gameWallet: undefined }) ?? { now: bonus.nowTurnover, needed: bonus.needTurnover };
  setText('turnover', `${formatBaht(turnover.now)}/${formatBaht(turnover.needed)}`);
  const maxWithdraw = describeMaxWithdraw(bonus);
  setText(
    'max-withdraw',
    maxWithdraw.kind === 'unlimited'
      ? strings['member.maxWithdrawUnlimited']
      : maxWithdraw.kind === 'multiple'
        ? fillIn(strings['member.maxWithdrawMultiple'], { value: maxWithdraw.value })
        : `${maxWithdraw.value} ${strings['common.baht']}`,
  );
  setText('member-active-bonus', bonusTitle(settings?.Promotion ?? [], bonus.bonusId) ?? strings['common.dash']);
  setText('member-referral-link', homeReferralLink(origin, user.affiliateKey));
}

/** React's way with a boolean attribute: `value` when on, absent when off. */
function setFlag(element: Element, name: string, isOn: boolean, value = 'true'): void {
  if (isOn) writeAttribute(element, name, value);
  else element.removeAttribute(name);
}

/*
 * Writes that leave an element alone when it already shows the value: a refill with the card's
 * answer (mostly the figures already drawn from the stored session) then invalidates the style and
 * layout of what changed only, not of every figure (issue 26 §4: the refill's style, layout and
 * paint were the largest task after the first paint on a slow phone).
 */
function writeText(node: Node, text: string): void {
  if (node.textContent !== text) node.textContent = text;
}
function writeClass(element: Element, className: string): void {
  if (element.getAttribute('class') !== className) element.setAttribute('class', className);
}
function writeAttribute(element: Element, name: string, value: string): void {
  if (element.getAttribute(name) !== value) element.setAttribute(name, value);
}
