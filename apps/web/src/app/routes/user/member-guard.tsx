import { Navigate, Outlet } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useSession } from '../../../lib/session.ts';

/**
 * The layout route of every member page (issue 10 §7): signed out, a member page sends the visitor
 * to the public site (spec §2); signed in, it renders the page. One check for all of them.
 */
export function Component() {
  const { token } = useSession();
  if (!token) return <Navigate to={paths.index} replace />;
  return <Outlet />;
}
