// @vitest-environment happy-dom
import { ERRORS, gameWalletResponse, promotionsResponse, rollingResponse } from '@sabai/contracts';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../test/setup-dom.ts';
import { reloadPage } from '../../lib/reload-page.ts';
import { queryClient } from '../../lib/query-client.ts';
import { siteOpening } from '../../lib/site-opening.ts';
import { readStoredSiteSettings, storeSiteSettings } from '../../lib/stored-site-settings.ts';
import { promotionFixture, settingsFixture, userFixture } from '../../test/fixtures.ts';
import { answer, okBody, onPath, sentTo, server, useMemberApi } from '../../test/msw.ts';
import { signIn } from '../../test/render.tsx';
import { startFirstLoadSettings } from '../first-load-settings.ts';
import { FirstLoadHome } from '../home/first-load-home.tsx';
import { FirstLoadLanding } from '../landing/first-load-landing.tsx';
import { FirstLoadLogin } from '../login/first-load-login.tsx';
import { AppProvider } from '../provider.tsx';
import { routes } from '../router.tsx';
import { OPENING_SOON_RECHECK_MS } from './opening-soon-page.tsx';

// The browser's reload, stood in for: the test draws the page's next first load itself (`reload`).
vi.mock('../../lib/reload-page.ts', () => ({ reloadPage: vi.fn() }));

const TITLE = 'เปิดให้บริการเร็ว ๆ นี้';
const SERVER_MESSAGE = ERRORS.SITE_NOT_SET_UP.message;

/** What the API answers (issue 24 §1): every member call 503 SITE_NOT_SET_UP until the owner opens the site. */
let isSiteOpen = false;
const notSetUp = () => HttpResponse.json({ success: false, code: 'SITE_NOT_SET_UP', message: SERVER_MESSAGE, data: null }, { status: 503 });

/** The calls the member home makes, answered while open; every call (prefix included) 503 while not. */
function useSiteApi(): void {
  useMemberApi(
    http.get(onPath('/game-composite/v1/wallet'), () =>
      answer(gameWalletResponse, okBody({ gameWallet: 0, ledgerGameWallet: 0, mainWallet: 1208.88, turnover: { now: 0, needed: 0 } })),
    ),
    http.get(onPath('/rolling-composite/v1/get-rolling'), () => answer(rollingResponse, okBody({ nowTurnover: 0, needTurnover: 0, countedRounds: 0, isMet: false }))),
    http.get(onPath('/user-profile-composite/v1/info/promotion'), () => answer(promotionsResponse, okBody([promotionFixture]))),
    // The live balance stream: no event in these tests.
    http.get(onPath('/user-profile-composite/v1/events'), () => new HttpResponse(new ReadableStream(), { headers: { 'content-type': 'text/event-stream' } })),
  );
  // Before the handlers above: while the site is not open, the server answers nothing else.
  server.use(http.all('*', () => (isSiteOpen ? undefined : notSetUp())));
}

/** The page's next first load after `reloadPage()`: nothing of this load is left (module state included). */
function reload(): void {
  cleanup();
  siteOpening.forget();
  queryClient.clear();
}

/** The checks the page made on its own (the first load's call is not one). */
const prefixCalls = () => sentTo('GET', '/v2/prefix').length;

/** Focus comes back to the tab: the page checks again; resolves once that check has answered. */
async function checkOnFocus(): Promise<void> {
  const before = prefixCalls();
  fireEvent.focus(window);
  await waitFor(() => expect(prefixCalls()).toBe(before + 1));
  await waitFor(() => expect((screen.queryByTestId('opening-soon-check') as HTMLButtonElement | null)?.disabled ?? true).toBe(isSiteOpen));
}

/** The opening-soon page, in Thai with the server's message, is what is on screen. */
function expectOpeningSoon(): void {
  expect(screen.getByRole('heading', { name: TITLE })).toBeTruthy();
  expect(screen.getByTestId('opening-soon-message').textContent).toBe(SERVER_MESSAGE);
  expect(screen.getByTestId('opening-soon-check').textContent).toBe('ตรวจสอบอีกครั้ง');
  expect(screen.queryByTestId('error-dialog')).toBeNull();
  expect(screen.queryByTestId('toast')).toBeNull();
  expect(screen.queryByRole('link')).toBeNull(); // nowhere to go yet
  expect(document.title).toBe(TITLE);
}

/**
 * Not open yet: a focus asks again and the page stays; then the owner opens the site and the next
 * check stores the settings and reloads into the site.
 */
async function openTheSiteWhileShown(): Promise<void> {
  await checkOnFocus();
  expect(reloadPage).not.toHaveBeenCalled();
  expectOpeningSoon();

  isSiteOpen = true;
  await checkOnFocus();
  await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
  expect(readStoredSiteSettings()?.appId).toBe(settingsFixture.appId); // the next load draws the brand at once
}

beforeEach(() => {
  isSiteOpen = false;
  vi.mocked(reloadPage).mockClear();
  useSiteApi();
});

afterEach(() => {
  vi.useRealTimers();
  queryClient.clear();
});

describe('the landing page first load while the site is not set up (index.html, issue 24 §1)', () => {
  const renderLanding = async () => {
    const { initialSettings, settingsRequest } = startFirstLoadSettings();
    const settings = await initialSettings;
    render(<FirstLoadLanding initialShareToken={null} initialSettings={settings} settingsRequest={settingsRequest} onLeave={vi.fn()} />);
  };

  it('shows the Thai opening-soon page instead of the landing page, and the landing page after the site opens', async () => {
    await renderLanding();
    expectOpeningSoon();
    expect(screen.queryByTestId('visitor-bottom-bar')).toBeNull();

    await openTheSiteWhileShown();
    reload();
    await renderLanding();
    expect(await screen.findByTestId('visitor-bottom-bar')).toBeTruthy();
    expect(screen.queryByTestId('opening-soon')).toBeNull();
  });

  it('replaces the landing drawn from an earlier visit’s stored settings, and forgets them', async () => {
    storeSiteSettings(settingsFixture);
    const { initialSettings, settingsRequest } = startFirstLoadSettings();
    render(<FirstLoadLanding initialShareToken={null} initialSettings={await initialSettings} settingsRequest={settingsRequest} onLeave={vi.fn()} />);
    expect(screen.getByTestId('visitor-bottom-bar')).toBeTruthy(); // drawn at once from the stored copy
    expect(await screen.findByRole('heading', { name: TITLE })).toBeTruthy();
    expect(screen.queryByTestId('visitor-bottom-bar')).toBeNull();
    expect(readStoredSiteSettings()).toBeNull();
  });
});

describe('the login page first load while the site is not set up (login.html, issue 24 §1)', () => {
  const renderLogin = async () => {
    const { initialSettings, settingsRequest } = startFirstLoadSettings();
    const settings = await initialSettings;
    render(
      <FirstLoadLogin
        initialSettings={settings}
        settingsRequest={settingsRequest}
        logoReady={Promise.resolve()}
        registeredPhoneNumber={undefined}
        onLeave={vi.fn()}
        onFormTouched={vi.fn()}
      />,
    );
  };

  it('shows the Thai opening-soon page instead of the login form, and the login page after the site opens', async () => {
    await renderLogin();
    expectOpeningSoon();
    expect(screen.queryByRole('heading', { name: 'เข้าสู่ระบบ' })).toBeNull();

    await openTheSiteWhileShown();
    expect(screen.queryByTestId('login-form')).toBeNull(); // the form's code was never asked for
    reload();
    await renderLogin();
    expect(screen.getByRole('heading', { name: 'เข้าสู่ระบบ' })).toBeTruthy();
    expect(await screen.findByTestId('login-form')).toBeTruthy();
  });
});

describe('the member home first load while the site is not set up (app.html, issue 24 §1)', () => {
  const renderHome = async (onPainted = vi.fn()) => {
    const { initialSettings, settingsRequest } = startFirstLoadSettings();
    const settings = await initialSettings;
    render(<FirstLoadHome user={userFixture()} initialSettings={settings} settingsRequest={settingsRequest} onLeave={vi.fn()} onPainted={onPainted} />);
  };

  it('shows the Thai opening-soon page instead of the stored member shell, and the shell after the site opens', async () => {
    signIn();
    storeSiteSettings(settingsFixture); // a member of an earlier set-up: the shell is drawn from the stored copy first
    await renderHome();
    expect(await screen.findByRole('heading', { name: TITLE })).toBeTruthy();
    expectOpeningSoon();
    expect(screen.queryByTestId('header-balance')).toBeNull();
    expect(siteOpening.notSetUpMessage()).toBe(SERVER_MESSAGE); // app-main.tsx reads it: no takeover on this load

    await openTheSiteWhileShown();
    reload();
    signIn();
    await renderHome();
    expect(screen.getByTestId('header-balance')).toBeTruthy();
    expect(screen.queryByTestId('opening-soon')).toBeNull();
  });
});

describe('the member app while the site is not set up (issue 24 §1)', () => {
  const renderApp = (path: string) => {
    const router = createMemoryRouter(routes, { initialEntries: [path] });
    render(
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>,
    );
  };

  it('shows a signed-in member the Thai opening-soon page instead of the home page, no refusal, and home after the site opens', async () => {
    signIn();
    renderApp('/user/home');
    expect(await screen.findByRole('heading', { name: TITLE })).toBeTruthy();
    expectOpeningSoon();
    expect(screen.queryByTestId('member-bottom-bar')).toBeNull();
    // One settings call: SITE_NOT_SET_UP is an answer, not retried (lib/query-client.ts); no session check.
    expect(prefixCalls()).toBe(1);
    expect(sentTo('GET', '/auth-service/v1/refresh')).toHaveLength(0);

    await openTheSiteWhileShown();
    reload();
    signIn();
    renderApp('/user/home');
    expect(await screen.findByTestId('member-bottom-bar')).toBeTruthy();
    expect(screen.queryByTestId('opening-soon')).toBeNull();
  });

  it('turns into the opening-soon page when a member call answers SITE_NOT_SET_UP after the site was drawn', async () => {
    isSiteOpen = true;
    signIn();
    renderApp('/user/home');
    expect(await screen.findByTestId('member-bottom-bar')).toBeTruthy();
    isSiteOpen = false;
    await act(async () => {
      await queryClient.refetchQueries();
    });
    expect(await screen.findByRole('heading', { name: TITLE })).toBeTruthy();
    expect(screen.queryByTestId('error-dialog')).toBeNull();
  });
});

describe('the opening-soon page’s own checks', () => {
  it('asks /v2/prefix again every minute past the HTTP cache while shown, and keeps the page on an unreachable server', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const sentInit: RequestInit[] = [];
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      sentInit.push(init ?? {});
      return realFetch(input, init);
    });
    siteOpening.reportNotSetUp(SERVER_MESSAGE);
    render(<FirstLoadLanding initialShareToken={null} initialSettings={null} settingsRequest={Promise.resolve(null)} onLeave={vi.fn()} />);
    expectOpeningSoon();

    act(() => vi.advanceTimersByTime(OPENING_SOON_RECHECK_MS - 1));
    expect(prefixCalls()).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    await waitFor(() => expect(prefixCalls()).toBe(1));
    expect(sentInit[0]?.cache).toBe('no-store');

    server.use(http.get(onPath('/v2/prefix'), () => HttpResponse.error()));
    await waitFor(() => expect((screen.getByTestId('opening-soon-check') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('opening-soon-check'));
    await waitFor(() => expect(prefixCalls()).toBe(2));
    await waitFor(() => expect((screen.getByTestId('opening-soon-check') as HTMLButtonElement).disabled).toBe(false));
    expectOpeningSoon();
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('leaves SITE_CLOSED (maintenance) to what the site does with it: no opening-soon page', async () => {
    server.use(
      http.get(onPath('/v2/prefix'), () =>
        HttpResponse.json({ success: false, code: 'SITE_CLOSED', message: ERRORS.SITE_CLOSED.message, data: null }, { status: 503 }),
      ),
    );
    const { initialSettings, settingsRequest } = startFirstLoadSettings();
    render(<FirstLoadLanding initialShareToken={null} initialSettings={await initialSettings} settingsRequest={settingsRequest} onLeave={vi.fn()} />);
    await settingsRequest;
    expect(screen.getByTestId('visitor-bottom-bar')).toBeTruthy();
    expect(screen.queryByTestId('opening-soon')).toBeNull();
    expect(siteOpening.notSetUpMessage()).toBeNull();
  });
});
