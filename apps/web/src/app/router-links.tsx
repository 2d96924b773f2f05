import { useMemo, type ReactNode } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { AppLinksProvider, type AppLinkProps, type AppLinks, type AppNavLinkProps } from '../components/ui/app-link.tsx';

const RouterLink = (props: AppLinkProps) => <Link {...props} />;
const RouterNavLink = ({ children, ...props }: AppNavLinkProps) => <NavLink {...props}>{({ isActive }) => children({ isActive })}</NavLink>;

/**
 * Inside the router: the shared components' links (components/ui/app-link.tsx) are react-router's.
 * Mounted by the root layout (and the component tests' renderAt).
 */
export function RouterLinks({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const links = useMemo<AppLinks>(() => ({ Link: RouterLink, NavLink: RouterNavLink, navigate: (to) => void navigate(to) }), [navigate]);
  return <AppLinksProvider value={links}>{children}</AppLinksProvider>;
}
