import type { UserInfo } from '@sabai/contracts';
import { STORAGE_KEYS } from '../../config/storage-keys.ts';
import { isObject, readJson, readText } from '../../lib/storage.ts';
import { adoptPageSiteSettings, applyStoredTheme, readStoredSiteSettings } from '../../lib/stored-site-settings.ts';
import { afterFirstContentfulPaint } from './after-first-paint.ts';
import { isFirstLoadHomePath } from './first-load-path.ts';
import { STATIC_HOME_ATTRIBUTE, STATIC_HOME_TEMPLATE_ID, fillStaticHome, readStaticHomeStrings } from './static-home-fill.ts';

/**
 * The stored member as the filler reads it (lib/session.ts's check and the card's fields), checked
 * without lib/session.ts (it brings React): anything else leaves the page to the React first load.
 */
function isFillableUser(value: unknown): value is UserInfo {
  if (!isObject(value) || typeof value.PhoneNumber !== 'string' || !isObject(value.GameInfo) || typeof value.affiliateKey !== 'string') return false;
  const { internalWallet: wallet, BonusInfo: bonus, userName } = value;
  if (!isObject(wallet) || !isObject(bonus) || !isObject(userName)) return false;
  return [wallet.mainWallet, wallet.gameWallet, wallet.prizeWallet, bonus.nowTurnover, bonus.needTurnover, bonus.maxWithdrawAmount].every(
    (figure) => typeof figure === 'number' && Number.isFinite(figure),
  );
}

/**
 * app.html's render-blocking classic script (docs/adr/0050 decision 2), at the end of `<body>`:
 * a signed-in member on /user/home gets the home drawn from the markup app.html carries
 * (`<template id="static-home">`), filled from the stored session and settings before the first
 * paint, with no framework. The settings are the page's own (the server puts them in app.html) or,
 * failing that, the stored copy. Anything else (no session, no settings, another page, no
 * template: the dev server) leaves #root empty and app-main.tsx starts as before.
 */
function bootStaticHome(): boolean {
  const template = document.getElementById(STATIC_HOME_TEMPLATE_ID);
  const root = document.getElementById('root');
  if (!(template instanceof HTMLTemplateElement) || !root || !isFirstLoadHomePath(window.location.pathname)) return false;
  const token = readText(STORAGE_KEYS.token);
  const user = token ? readJson(STORAGE_KEYS.user, isFillableUser) : null;
  // No settings (neither the page's nor stored: the dev server, or the server could not read them):
  // drawn without them, the home would change when they come (the announcement strip, the logo: a
  // new copy, styled from scratch, and a late LCP; bench/README "Twelfth pass"). The React first
  // load waits for them instead.
  const settings = readStoredSiteSettings();
  // The filler's Thai strings, from app.html's data block (vite.config.ts `sabai:static-home`).
  const strings = readStaticHomeStrings(document);
  if (!user || !settings || !strings) return false;
  applyStoredTheme();
  const container = document.createElement('div');
  container.style.display = 'contents';
  container.setAttribute(STATIC_HOME_ATTRIBUTE, '');
  fillStaticHome(container, template.content, { user, settings, card: null, origin: window.location.origin }, strings);
  root.append(container);
  return true;
}

/**
 * Puts the member app's module script and its preloads (kept inert in `<template id="app-scripts">`
 * by the build) in the document: new elements with the same attributes, so the browser loads and
 * runs them. After the home's paint one a task (`oneATask`): each starts a request, a few ms of a
 * slow phone's main thread, seven in one task made it a long one (issue 26 §4).
 */
function startMemberAppScripts(oneATask: boolean): void {
  const template = document.getElementById('app-scripts');
  if (!(template instanceof HTMLTemplateElement)) return; // the dev server: app.html's own module script
  const tags = [...template.content.children];
  const next = (): void => {
    const tag = tags.shift();
    if (!tag) return;
    const element = document.createElement(tag.tagName.toLowerCase());
    for (const { name, value } of tag.attributes) element.setAttribute(name, value);
    document.head.append(element);
    if (!oneATask) next();
    else if (tags.length > 0) setTimeout(next, 0);
  };
  next();
}

/**
 * The most the member app's code waits for the paint report (a browser without the Paint Timing
 * API, a page drawn hidden): a press before the code is in is not seen (docs/adr/0050 decision 1).
 */
const APP_SCRIPTS_FALLBACK_MS = 1_000;

let isHomeDrawn = false;
try {
  // The settings the server sent app.html with (apps/api static-files.ts): stored before anything
  // reads them, so a first visit is drawn with the operator's brand as a later one is.
  adoptPageSiteSettings(document);
} catch {
  // Storage refused (private mode, full): the page asks for the settings as before.
}
try {
  isHomeDrawn = bootStaticHome();
} catch {
  // Never in the member's way: app-main.tsx draws the home with React when no filled home is there.
  document.querySelector(`[${STATIC_HOME_ATTRIBUTE}]`)?.remove();
}
// The home drawn: the member app's code once the browser reports the first contentful paint (a
// frame and a task was before the paint was presented on a slow phone: the code's requests and
// evaluation then counted against the paint, issue 26 §4), so the paint waits for no script and
// shares the main thread with none (docs/adr/0050). Else at once.
if (isHomeDrawn) afterFirstContentfulPaint(() => startMemberAppScripts(true), APP_SCRIPTS_FALLBACK_MS);
else startMemberAppScripts(false);
