// @vitest-environment happy-dom
import type { SiteSettings, UserInfo } from '@sabai/contracts';
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import '../../test/setup-dom.ts';
import { promotionFixture, settingsFixture, userFixture } from '../../test/fixtures.ts';
import { translate } from '../../lib/translate.ts';
import type { FirstLoadCard } from './first-load-card.ts';
import { FirstLoadHome } from './first-load-home.tsx';
import { fillStaticHome, pickStaticHomeStrings, readStaticHomeStrings, staticHomeStringsScript } from './static-home-fill.ts';
import { renderStaticHomeTemplate } from './static-home-template.tsx';

/**
 * A DOM as text to compare two drawings by: elements with their attributes sorted (React and the
 * filler may set them in another order), neighbouring text joined (React writes `฿ {figure}` as
 * two text nodes, the filler as one), comments left out.
 */
function describeDom(root: Node): string {
  const copy = root.cloneNode(true);
  copy.normalize();
  const walk = (node: Node): string => {
    if (node.nodeType === Node.TEXT_NODE) return JSON.stringify(node.textContent);
    if (node.nodeType !== Node.ELEMENT_NODE) return '';
    const element = node as Element;
    const attributes = [...element.attributes].map(({ name, value }) => `${name}=${JSON.stringify(value)}`).sort();
    return `<${element.tagName.toLowerCase()} ${attributes.join(' ')}>${[...element.childNodes].map(walk).join('')}</>`;
  };
  return [...copy.childNodes].map(walk).join('\n');
}

const never = new Promise<SiteSettings | null>(() => undefined);
const nothing = () => undefined;

/** What React draws: the first load's home (`FirstLoadHome`), as the member app's components draw it. */
function drawnByReact(user: UserInfo, settings: SiteSettings | null, card: FirstLoadCard | null): string {
  const view = render(<FirstLoadHome user={user} card={card} initialSettings={settings} settingsRequest={never} onLeave={nothing} onPainted={nothing} />);
  const drawn = describeDom(view.container);
  cleanup();
  return drawn;
}

/** What the boot script and app-main.tsx draw: the build's markup, filled. */
function drawnByFiller(user: UserInfo, settings: SiteSettings | null, card: FirstLoadCard | null): string {
  const template = document.createElement('template');
  template.innerHTML = renderStaticHomeTemplate();
  const root = document.createElement('div');
  fillStaticHome(root, template.content, { user, settings, card, origin: window.location.origin }, pickStaticHomeStrings(translate));
  return describeDom(root);
}

const storedUser = userFixture({ internalWallet: { ...userFixture().internalWallet, mainWallet: 1208.88, gameWallet: 15.5, prizeWallet: 1234 } });
const bonusUser = userFixture({
  PhoneNumber: '0898765432',
  affiliateKey: 'friend_42',
  userName: { ...userFixture().userName, firstName: '' },
  internalWallet: { ...userFixture().internalWallet, mainWallet: 10500.25, gameWallet: 0, prizeWallet: 7 },
  BonusInfo: { ...userFixture().BonusInfo, bonusId: promotionFixture._id, nowTurnover: 300, needTurnover: 4000, maxWithdrawType: 1, maxWithdrawAmount: 5 },
});
const bahtCapUser = userFixture({ BonusInfo: { ...userFixture().BonusInfo, bonusId: 'gone', nowTurnover: 0, needTurnover: 1500, maxWithdrawType: 0, maxWithdrawAmount: 2500 } });
const everyPartSettings: SiteSettings = { ...settingsFixture, Maintenance: true, alertyMessage: 'ฝากถอนปิดปรับปรุง 02:00–03:00 น.' };
const barestSettings: SiteSettings = {
  ...settingsFixture,
  siteName: 'สบายดี',
  logoUrl: '',
  LineId: '',
  cashBack: { ...settingsFixture.cashBack, usecashBack: false },
  Affiliate: { ...settingsFixture.Affiliate, useAffiliate: false },
};
const liveCard = (user: UserInfo): FirstLoadCard => ({
  user: { ...user, internalWallet: { ...user.internalWallet, mainWallet: 2000 } },
  liveWallet: { mainWallet: 2000, gameWallet: 50.5 },
  liveWalletReadAt: Date.UTC(2026, 10, 28, 6, 5),
  turnover: { now: 120, needed: 1500 },
});
const refreshOnlyCard = (user: UserInfo): FirstLoadCard => ({ user, liveWallet: null, liveWalletReadAt: null, turnover: null });

describe('the HTML-first home: the build markup and its filler draw what React draws (docs/adr/0050 decision 2)', () => {
  beforeAll(() => window.history.replaceState(null, '', '/user/home')); // the path app.html is filled on
  afterEach(() => cleanup());

  const cases: [string, UserInfo, SiteSettings | null, FirstLoadCard | null][] = [
    ['the stored member and settings, figures last known', storedUser, settingsFixture, null],
    ['no stored settings yet (a first visit): the name for a logo, no optional part', storedUser, null, null],
    ['every optional part (maintenance, announcement) and a bonus with a multiple cap', bonusUser, everyPartSettings, null],
    ['settings without logo, LINE, cashback or affiliate; a baht cap and an unknown bonus', bahtCapUser, barestSettings, null],
    ['the server answered with the live game wallet', bonusUser, everyPartSettings, liveCard(bonusUser)],
    ['the server answered without the game wallet call', storedUser, settingsFixture, refreshOnlyCard(storedUser)],
  ];
  it.each(cases)('%s', (_name, user, settings, card) => {
    const byReact = drawnByReact(user, settings, card);
    expect(byReact).toContain('data-testid="member-card"');
    expect(drawnByFiller(user, settings, card)).toBe(byReact);
  });

  it('fills a second time from the template: a part removed for the first settings comes back with the next', () => {
    const template = document.createElement('template');
    template.innerHTML = renderStaticHomeTemplate();
    const root = document.createElement('div');
    const strings = pickStaticHomeStrings(translate);
    fillStaticHome(root, template.content, { user: storedUser, settings: null, card: null, origin: window.location.origin }, strings);
    expect(root.querySelector('[data-testid="header-contact"]')).toBeNull();
    fillStaticHome(root, template.content, { user: storedUser, settings: settingsFixture, card: liveCard(storedUser), origin: window.location.origin }, strings);
    expect(root.querySelector('[data-testid="header-contact"]')).not.toBeNull();
    expect(describeDom(root)).toBe(drawnByReact(storedUser, settingsFixture, liveCard(storedUser)));
  });

  it('writes later answers into the elements already there, and draws what React draws after each', () => {
    const template = document.createElement('template');
    template.innerHTML = renderStaticHomeTemplate();
    const root = document.createElement('div');
    const strings = pickStaticHomeStrings(translate);
    const steps: [UserInfo, SiteSettings | null, FirstLoadCard | null][] = [
      [bonusUser, barestSettings, null],
      [bonusUser, barestSettings, liveCard(bonusUser)],
      [bonusUser, barestSettings, refreshOnlyCard(bahtCapUser)],
      [bonusUser, everyPartSettings, liveCard(bonusUser)],
      [bonusUser, everyPartSettings, refreshOnlyCard(storedUser)],
    ];
    fillStaticHome(root, template.content, { user: bonusUser, settings: barestSettings, card: null, origin: window.location.origin }, strings);
    const firstCard = root.querySelector('[data-testid="member-card"]');
    for (const [index, [user, settings, card]] of steps.entries()) {
      fillStaticHome(root, template.content, { user, settings, card, origin: window.location.origin }, strings);
      expect(describeDom(root), `step ${index}`).toBe(drawnByReact(user, settings, card));
    }
    expect(firstCard?.isConnected).toBe(false); // the settings' parts changed at step 3: a new copy
    fillStaticHome(root, template.content, { user: storedUser, settings: everyPartSettings, card: null, origin: window.location.origin }, strings);
    const card = root.querySelector('[data-testid="member-card"]');
    fillStaticHome(root, template.content, { user: storedUser, settings: everyPartSettings, card: liveCard(storedUser), origin: window.location.origin }, strings);
    expect(root.querySelector('[data-testid="member-card"]')).toBe(card); // written in place
  });

  it('leaves what already shows the value alone: a refill with the same data writes nothing, the card answer only the figures that changed (issue 26 §4)', async () => {
    const template = document.createElement('template');
    template.innerHTML = renderStaticHomeTemplate();
    const root = document.createElement('div');
    const strings = pickStaticHomeStrings(translate);
    const fill = (card: FirstLoadCard | null) =>
      fillStaticHome(root, template.content, { user: storedUser, settings: settingsFixture, card, origin: window.location.origin }, strings);
    fill(null);
    const records: MutationRecord[] = [];
    const observer = new MutationObserver((batch) => records.push(...batch));
    observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
    const written = async () => {
      await Promise.resolve(); // MutationObserver callbacks are microtasks
      const targets = records.map((record) => (record.target instanceof Element ? record.target : record.target.parentElement)?.getAttribute('data-testid') ?? '?');
      records.length = 0;
      return targets;
    };
    fill(null);
    expect(await written()).toEqual([]);
    // The server answers the figures already drawn (no live game wallet): only the "last known" marks go.
    fill(refreshOnlyCard(storedUser));
    const changed = await written();
    expect(changed.length).toBeGreaterThan(0);
    for (const figure of ['wallet-balance', 'main-wallet', 'game-wallet', 'member-id', 'prize-points', 'turnover', 'max-withdraw', 'member-referral-link'])
      expect(changed.filter((testId) => testId === figure).length, figure).toBeLessThanOrEqual(1); // its class only, never its text
    expect(records).toHaveLength(0);
    expect(describeDom(root)).toBe(drawnByReact(storedUser, settingsFixture, refreshOnlyCard(storedUser)));
    fill(refreshOnlyCard(storedUser));
    expect(await written()).toEqual([]);
    observer.disconnect();
  });
});

describe("the filler's strings in app.html (a JSON data block, not th.json)", () => {
  afterEach(() => document.body.replaceChildren());

  it('reads back what the build wrote, also a string that would end a script element', () => {
    const strings = { ...pickStaticHomeStrings(translate), 'common.dash': '</script><b>-</b>' };
    document.body.innerHTML = staticHomeStringsScript(strings);
    expect(readStaticHomeStrings(document)).toEqual(strings);
    expect(document.body.children).toHaveLength(1); // nothing leaked out of the data block
  });

  it('gives null without the block, with a key missing or with text that is not JSON (the home is then drawn with React)', () => {
    expect(readStaticHomeStrings(document)).toBeNull();
    const { 'wallet.readAt': _left, ...missingOne } = pickStaticHomeStrings(translate);
    document.body.innerHTML = `<script type="application/json" id="static-home-strings">${JSON.stringify(missingOne)}</script>`;
    expect(readStaticHomeStrings(document)).toBeNull();
    document.body.innerHTML = '<script type="application/json" id="static-home-strings">{not json</script>';
    expect(readStaticHomeStrings(document)).toBeNull();
  });
});
