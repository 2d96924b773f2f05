import { useEffect, useState } from 'react';
import { NavLink, Navigate, Route, Routes, useLocation } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { setupChecklistResponse, staffDoneResponse, staffMeResponse } from '@sabai/contracts';
import { apiGet, apiPost, ApiError, session, SESSION_EXPIRED_EVENT } from '../lib/api';
import { useI18n } from '../lib/i18n';
import { useBilingual } from '../lib/bilingual';
import { ChangePassword, SignIn } from '../features/auth/sign-in';
import { Button, Dialog } from '../ui';
import { isChimeMuted, setChimeMuted, unlockChime } from './chime';
import { LiveQueuesProvider, useLiveQueues } from './live-queues';
import { SCREENS, ScreenElement, screenPath, type Screen, type ScreenId } from './routes';

/**
 * The signed-in back office (issue 25 §4): the menu of the screens this staff member's role may
 * see, each at its own address under /admin/ (reload and Back keep the page and its filters, which
 * live in the address's search params); live queue badges and the chime on every page; the
 * language switch, the chime's mute switch and sign-out. An expired session opens the sign-in
 * dialog over the page, so what was typed stays (app/session-expired in this file).
 */
export function BackOffice() {
  const { t, toggle } = useI18n();
  const tx = useBilingual();
  const client = useQueryClient();
  const [signedIn, setSignedIn] = useState(() => session.get() !== null);
  const [expired, setExpired] = useState(false);
  const me = useQuery({ queryKey: ['me', signedIn], queryFn: () => apiGet('/auth/me', staffMeResponse), enabled: signedIn && !expired, retry: false });
  const ready = signedIn && me.data !== undefined && !me.data.mustChangePassword;
  // Issue 24 §1: until the site is open, the back office opens on the setup checklist.
  const setup = useQuery({ queryKey: ['setup'], queryFn: () => apiGet('/setup', setupChecklistResponse), enabled: ready && (me.data?.permissions.includes('setup.view') ?? false), retry: false });
  useEffect(() => {
    const onExpired = () => setExpired(true);
    window.addEventListener(SESSION_EXPIRED_EVENT, onExpired);
    // The chime may sound only after the person's first press (the browsers' autoplay rule).
    window.addEventListener('pointerdown', unlockChime, { once: true });
    window.addEventListener('keydown', unlockChime, { once: true });
    return () => window.removeEventListener(SESSION_EXPIRED_EVENT, onExpired);
  }, []);

  if (!signedIn || (expired && !me.data)) {
    return (
      <SignIn
        onSignedIn={() => {
          setExpired(false);
          setSignedIn(true);
          void client.invalidateQueries({ queryKey: ['me'] });
        }}
      />
    );
  }
  if (!me.data) return <p className="p-8 text-slate-600">…</p>;
  if (me.data.mustChangePassword) return <ChangePassword onChanged={() => void client.invalidateQueries({ queryKey: ['me'] })} />;
  const permissions = me.data.permissions;
  const may = (permission: string) => permissions.includes(permission);
  const allowed: Screen[] = SCREENS.filter((screen) => may(screen.permission));
  const siteIsClosed = setup.data !== undefined && setup.data.openedAt === null;
  const home: ScreenId | undefined = siteIsClosed ? 'setup' : (allowed.find((screen) => screen.id !== 'setup') ?? allowed[0])?.id;
  // The first screen waits for the checklist's answer: sent on before it, a closed site would open
  // on the dashboard instead of the setup checklist (issue 24 §1).
  const homeUndecided = may('setup.view') && setup.isPending;
  const username = me.data.username;
  const signOut = async () => {
    try {
      await apiPost('/auth/logout', undefined, staffDoneResponse);
    } catch (caught) {
      // Signed out here whatever the server answers: an expired or revoked session answers 401.
      if (!(caught instanceof ApiError)) throw caught;
    } finally {
      session.clear();
      client.clear();
      setExpired(false);
      setSignedIn(false);
    }
  };

  return (
    <LiveQueuesProvider enabled={!expired} mayDecideApprovals={may('approvals.decide')}>
      <div className="flex min-h-screen">
        <Menu screens={allowed} />
        <div className="min-w-0 flex-1">
          <header className="flex items-center justify-end gap-3 border-b border-slate-200 bg-white px-6 py-3 text-sm">
            <span data-testid="who">
              {me.data.username} · {me.data.role}
            </span>
            <MuteSwitch />
            <Button variant="plain" onClick={toggle}>{t('language')}</Button>
            <Button variant="plain" onClick={() => void signOut()}>{t('signout')}</Button>
          </header>
          <main className="p-6">
            <Routes>
              {allowed.map((screen) => (
                <Route key={screen.id} path={screenPath(screen.id)} element={<ScreenElement id={screen.id} may={may} />} />
              ))}
              <Route
                path="*"
                element={
                  homeUndecided ? (
                    <p className="text-slate-600">…</p>
                  ) : home ? (
                    <Navigate to={screenPath(home)} replace />
                  ) : (
                    <p>{tx('ไม่มีหน้าที่คุณเข้าถึงได้', 'No screen for your role')}</p>
                  )
                }
              />
            </Routes>
          </main>
        </div>
      </div>
      {expired && (
        <SessionExpiredDialog
          onSignedIn={(who) => {
            setExpired(false);
            if (who === username) {
              // Same person: the page and what was typed stay; everything refetches.
              void client.invalidateQueries();
            } else {
              // Someone else signed in at this desk: nothing of the previous person stays (their
              // typed input included): the app starts again with the new session.
              client.clear();
              window.location.assign('/admin/');
            }
          }}
          onSignOut={() => void signOut()}
        />
      )}
    </LiveQueuesProvider>
  );
}

/** The menu: one link per screen; a queue's entry shows its count, in red with what is new since last looked at. */
function Menu({ screens }: { screens: Screen[] }) {
  const { t } = useI18n();
  const tx = useBilingual();
  const { counts, newSince, seen } = useLiveQueues();
  const location = useLocation();
  useEffect(() => {
    // Opening a queue's page is looking at what is new.
    if (newSince && screens.some((screen) => screen.queue && location.pathname === screenPath(screen.id) && newSince[screen.queue] > 0)) seen();
  }, [location.pathname, newSince, screens, seen]);
  return (
    <nav className="sticky top-0 h-screen w-60 shrink-0 overflow-y-auto bg-slate-900 p-4 text-slate-100" aria-label={tx('เมนู', 'Menu')}>
      <p className="mb-6 text-lg font-semibold">{t('app.title')}</p>
      <ul className="space-y-1">
        {screens.map((screen) => {
          const count = screen.queue && counts ? counts[screen.queue] : 0;
          const fresh = screen.queue && newSince ? newSince[screen.queue] : 0;
          return (
            <li key={screen.id}>
              <NavLink to={screenPath(screen.id)} className={({ isActive }) => `flex w-full items-center justify-between rounded-md px-3 py-1.5 text-left text-sm ${isActive ? 'bg-indigo-600' : 'hover:bg-slate-800'}`}>
                <span>{tx(screen.th, screen.en)}</span>
                {count > 0 && (
                  <span
                    className={`ml-2 rounded-full px-2 py-0.5 text-xs font-semibold ${fresh > 0 ? 'bg-red-600 text-white' : 'bg-slate-600 text-white'}`}
                    data-testid={`nav-${screen.id}-badge`}
                    title={fresh > 0 ? tx(`ใหม่ ${fresh} รายการ`, `${fresh} new`) : undefined}
                  >
                    {count}
                  </span>
                )}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The chime's switch (kept in localStorage); the sound itself waits for the first press (autoplay rule). */
function MuteSwitch() {
  const tx = useBilingual();
  const [muted, setMuted] = useState(isChimeMuted);
  return (
    <Button
      variant="plain"
      aria-pressed={muted}
      data-testid="chime-mute"
      onClick={() => {
        setChimeMuted(!muted);
        setMuted(!muted);
      }}
    >
      {muted ? tx('เสียงเตือน: ปิด', 'Alert sound: off') : tx('เสียงเตือน: เปิด', 'Alert sound: on')}
    </Button>
  );
}

/**
 * The session is over (idle, expired or revoked: the server answered 401 UNAUTHENTICATED): the
 * sign-in dialog opens over the page, which stays mounted underneath with everything typed into
 * it; signing in again as the same person closes the dialog and refetches (issue 25 §4).
 */
function SessionExpiredDialog({ onSignedIn, onSignOut }: { onSignedIn: (username: string) => void; onSignOut: () => void }) {
  const tx = useBilingual();
  return (
    <Dialog label={tx('เซสชันหมดอายุ', 'Session expired')} onClose={() => undefined} z="z-50">
      <div className="space-y-2">
        <SignIn embedded onSignedIn={onSignedIn} notice={tx('เซสชันหมดอายุ กรุณาเข้าสู่ระบบอีกครั้ง ข้อมูลที่กรอกไว้ในหน้านี้ยังอยู่', 'Your session has expired. Sign in again: what you typed on this page is kept.')} />
        <p className="text-center">
          <button type="button" className="text-sm text-white underline" onClick={onSignOut}>
            {tx('ออกจากระบบแทน', 'Sign out instead')}
          </button>
        </p>
      </div>
    </Dialog>
  );
}
