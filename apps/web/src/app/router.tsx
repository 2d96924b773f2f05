import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { MEMBER_FEATURES, paths, type MemberFeature } from '../config/paths.ts';
import type { RouteHandle } from '../config/route-names.ts';
import { RootLayout, Splash } from './root-layout.tsx';
import { routeModules } from './route-modules.ts';

/**
 * Routes of spec §2. Every page is its own chunk (lazy) so the landing page loads only what it
 * needs. Member pages sit under one guard route (routes/user/member-guard.tsx); the session rules
 * run after each navigation (SessionWatcher).
 */
const named = (name: RouteHandle['name']): RouteHandle => ({ name });

const { landing, register, home, unavailable, history, play } = routeModules;

/** Member features that are built; every other feature route says honestly that it is not yet. */
const BUILT_FEATURES: Partial<Record<MemberFeature, RouteObject['lazy']>> = {
  deposit: routeModules.deposit,
  withdraw: routeModules.withdraw,
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
  cash_back: routeModules.cashBack,
  affiliate: routeModules.affiliate,
  free_credit: routeModules.freeCredit,
  spinner: routeModules.spinner,
  promotion: routeModules.promotion,
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
        lazy: routeModules.userLayout,
        children: [
          { index: true, element: <Navigate to={paths.user.home} replace /> },
          { path: 'login', handle: named('Login'), lazy: routeModules.login },
          // Named Login (spec §2 has no name for it): a public page without chrome, as the login page is.
          { path: 'forgot-password', handle: named('Login'), lazy: routeModules.forgotPassword },
          { path: 'register/:shareToken?', handle: named('Signup'), lazy: register },
          { path: 'join/:shareToken?', handle: named('Join'), lazy: register },
          {
            // Member pages: one guard for all of them (signed out → the public site).
            lazy: routeModules.memberGuard,
            children: [
              { path: 'home/:shareToken?', handle: named('Home'), lazy: home },
              { path: 'profile', handle: named('Profile'), lazy: routeModules.profile },
              { path: 'responsible-gaming', handle: named('Feature'), lazy: routeModules.responsibleGaming },
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
