/**
 * The member app's route modules, one chunk each (router.tsx hands them to the router as `lazy`).
 * Kept apart from the router so an entry can start loading a page's code before the router and
 * its libraries are in (app-main.tsx): without that, a member page's own chunks were asked for
 * only once the member app had loaded and evaluated, a second round of requests (docs/adr/0025).
 * This module imports nothing else, so it costs an entry no code.
 */
export const routeModules = {
  landing: () => import('./routes/landing.tsx'),
  userLayout: () => import('./routes/user/layout.tsx'),
  memberGuard: () => import('./routes/user/member-guard.tsx'),
  login: () => import('./routes/user/login.tsx'),
  forgotPassword: () => import('./routes/user/forgot-password.tsx'),
  register: () => import('./routes/user/register.tsx'),
  home: () => import('./routes/user/home.tsx'),
  profile: () => import('./routes/user/profile.tsx'),
  unavailable: () => import('./routes/user/unavailable.tsx'),
  history: () => import('./routes/user/history.tsx'),
  play: () => import('./routes/user/play.tsx'),
  deposit: () => import('./routes/user/deposit.tsx'),
  withdraw: () => import('./routes/user/withdraw.tsx'),
  cashBack: () => import('./routes/user/cash-back.tsx'),
  affiliate: () => import('./routes/user/affiliate.tsx'),
  freeCredit: () => import('./routes/user/free-credit.tsx'),
  spinner: () => import('./routes/user/spinner.tsx'),
  promotion: () => import('./routes/user/promotion.tsx'),
  responsibleGaming: () => import('./routes/user/responsible-gaming.tsx'),
} as const;

type RouteModuleName = keyof typeof routeModules;

/**
 * The route modules the router will ask for on a first load of `pathname` under `/user/` (the
 * layout, and the guard for member pages, and the page for the common first pages): started at
 * once, in parallel with the member app's own code. Other pages load theirs through the router as
 * before; asking twice for a module costs nothing (one module instance, one request).
 */
export function preloadRouteModules(pathname: string): void {
  const segments = pathname.split('/').filter((segment) => segment !== '');
  if (segments[0] !== 'user') return;
  const page = segments[1] ?? 'home';
  const names: RouteModuleName[] = ['userLayout'];
  if (page === 'login') names.push('login');
  else if (page === 'forgot-password') names.push('forgotPassword');
  else if (page === 'register' || page === 'join') names.push('register');
  else names.push('memberGuard');
  if (page === 'home') names.push('home');
  else if (page === 'profile') names.push('profile');
  for (const name of names) {
    // A failed preload is no error: the router asks again and shows what it gets.
    routeModules[name]().catch(() => undefined);
  }
}
