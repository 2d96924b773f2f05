/**
 * Route names of spec §2. Each route declares its name in `handle.name`; the session rules
 * (spec §4, §6) and the shell (which pages hide header and bottom bar) key on these names.
 */
export const ROUTE_NAMES = [
  'Index',
  'Login',
  'Signup',
  'Join',
  'Home',
  'Profile',
  'Feature',
  'NotFound',
] as const;
export type RouteName = (typeof ROUTE_NAMES)[number];

export interface RouteHandle {
  name: RouteName;
}

export const isRouteHandle = (value: unknown): value is RouteHandle =>
  typeof value === 'object' &&
  value !== null &&
  'name' in value &&
  (ROUTE_NAMES as readonly unknown[]).includes((value as { name: unknown }).name);

/** Spec §2: header and bottom bar are hidden on these. */
export const ROUTES_WITHOUT_CHROME: ReadonlySet<RouteName> = new Set(['Login', 'Signup', 'Profile', 'Join']);

/** Pages a visitor may see; a failed session refresh there does not send anyone away (spec §4). */
export const PUBLIC_ROUTES: ReadonlySet<RouteName> = new Set(['Index', 'Login', 'Signup', 'Join', 'NotFound']);

/** Spec §6: a 401 sends the member to `/` unless already on one of these. */
export const ROUTES_EXEMPT_FROM_UNAUTHORIZED_REDIRECT: ReadonlySet<RouteName> = new Set([
  'Index',
  'Login',
  'Signup',
  'Home',
  'Join',
  'NotFound',
]);
