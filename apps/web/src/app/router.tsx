import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { MEMBER_FEATURES, paths, type MemberFeature } from '../config/paths.ts';
import type { RouteHandle } from '../config/route-names.ts';
import { RootLayout, Splash } from './root-layout.tsx';

/**
 * Routes of spec §2. Every page is its own chunk (lazy) so the landing page loads only what it
 * needs. Member pages sit under one guard route (routes/user/member-guard.tsx); the session rules
 * run after each navigation (SessionWatcher).
 */
const named = (name: RouteHandle['name']): RouteHandle => ({ name });

const landing = () => import('./routes/landing.tsx');
const register = () => import('./routes/user/register.tsx');
const home = () => import('./routes/user/home.tsx');
const unavailable = () => import('./routes/user/unavailable.tsx');
const history = () => import('./routes/user/history.tsx');
const play = () => import('./routes/user/play.tsx');

/** Member features that are built; every other feature route says honestly that it is not yet. */
const BUILT_FEATURES: Partial<Record<MemberFeature, RouteObject['lazy']>> = {
  deposit: () => import('./routes/user/deposit.tsx'),
  withdraw: () => import('./routes/user/withdraw.tsx'),
  history,
  transactions: history,
  'transactions-deposit': history,
  'transactions-withdraw': history,
  // The game lobby and its category shortcuts (slot, baccarat = casino, poker, trading).
  play,
  slot: play,
  baccarat: play,
  poker: play,
  trading: play,
  cash_back: () => import('./routes/user/cash-back.tsx'),
  affiliate: () => import('./routes/user/affiliate.tsx'),
  free_credit: () => import('./routes/user/free-credit.tsx'),
  spinner: () => import('./routes/user/spinner.tsx'),
  promotion: () => import('./routes/user/promotion.tsx'),
};

const featureRoutes: RouteObject[] = MEMBER_FEATURES.map((feature) => ({
  path: feature === 'play' ? 'play/:category?/:gameType?/:ch?' : feature,
  handle: named('Feature'),
  lazy: BUILT_FEATURES[feature] ?? unavailable,
}));

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    hydrateFallbackElement: <Splash />,
    children: [
      { path: '/', handle: named('Index'), lazy: landing },
      // The signed-out header and bottom bar name /login and /register (spec §2).
      { path: '/login', element: <Navigate to={paths.user.login} replace /> },
      { path: '/register', element: <Navigate to={paths.user.register()} replace /> },
      { path: '/:shareToken', handle: named('Index'), lazy: landing },
      {
        path: '/user',
        lazy: () => import('./routes/user/layout.tsx'),
        children: [
          { index: true, element: <Navigate to={paths.user.home} replace /> },
          { path: 'login', handle: named('Login'), lazy: () => import('./routes/user/login.tsx') },
          { path: 'register/:shareToken?', handle: named('Signup'), lazy: register },
          { path: 'join/:shareToken?', handle: named('Join'), lazy: register },
          {
            // Member pages: one guard for all of them (signed out → the public site).
            lazy: () => import('./routes/user/member-guard.tsx'),
            children: [
              { path: 'home/:shareToken?', handle: named('Home'), lazy: home },
              { path: 'profile', handle: named('Profile'), lazy: () => import('./routes/user/profile.tsx') },
              { path: 'responsible-gaming', handle: named('Feature'), lazy: () => import('./routes/user/responsible-gaming.tsx') },
              ...featureRoutes,
            ],
          },
          { path: '*', handle: named('NotFound'), element: <Navigate to={paths.user.home} replace /> },
        ],
      },
      { path: '*', handle: named('NotFound'), element: <Navigate to={paths.index} replace /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
