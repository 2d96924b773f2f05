import { isShareToken } from '../../config/paths.ts';

/** Single segments the router gives another route (app/router.tsx): not share tokens. */
const OTHER_ROUTES = new Set(['login', 'register', 'user']);

/**
 * Whether `pathname` is the landing page (route Index: `/` or `/{shareToken}`): the share token,
 * null on `/`, or undefined for any other address (the member app's).
 */
export function landingShareTokenOf(pathname: string): string | null | undefined {
  if (pathname === '/') return null;
  const segment = pathname.slice(1);
  return !OTHER_ROUTES.has(segment) && isShareToken(segment) ? segment : undefined;
}
