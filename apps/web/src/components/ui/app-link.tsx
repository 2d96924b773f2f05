import { createContext, useContext, type AnchorHTMLAttributes, type ComponentType, type MouseEvent, type ReactNode } from 'react';

/**
 * Links of components that are drawn both inside the member app and before it has loaded (the
 * first load of /user/home draws the member shell and the home page from the stored session with
 * React alone, docs/adr/0030). Inside the app they are react-router's `Link` and `NavLink`
 * (app/router-links.tsx puts them here); before it, plain anchors whose clicks go to the page's
 * `onNavigate` (the member app takes over and goes there). The markup is the same either way, so
 * nothing moves when the app takes over.
 */
export interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'className' | 'children'> {
  /** A path of the site (config/paths.ts). */
  to: string;
  className?: string;
  children?: ReactNode;
}

export interface AppNavLinkProps extends Omit<AppLinkProps, 'children'> {
  /** Drawn with whether the current page is `to` or under it (react-router NavLink's rule). */
  children: (state: { isActive: boolean }) => ReactNode;
}

export interface AppLinks {
  Link: ComponentType<AppLinkProps>;
  NavLink: ComponentType<AppNavLinkProps>;
  /** Goes to a path of the site (a button's action, e.g. the signed-out bottom bar's register). */
  navigate: (to: string) => void;
}

/**
 * Plain anchors for a page drawn without the router: a plain left click calls `onNavigate(to)`
 * (a new tab or window stays the browser's). Active state and classes as NavLink draws them
 * (`aria-current="page"` and the `active` class when the current path is `to` or under it).
 */
export function plainLinks(onNavigate: (to: string) => void, currentPath: () => string = () => window.location.pathname): AppLinks {
  const follow = (to: string, onClick?: (event: MouseEvent<HTMLAnchorElement>) => void) => (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onNavigate(to);
  };
  const Link = ({ to, onClick, ...rest }: AppLinkProps) => <a href={to} onClick={follow(to, onClick)} {...rest} />;
  const NavLink = ({ to, onClick, className, children, ...rest }: AppNavLinkProps) => {
    const path = currentPath();
    const isActive = path === to || path.startsWith(to.endsWith('/') ? to : `${to}/`);
    return (
      <a
        href={to}
        onClick={follow(to, onClick)}
        aria-current={isActive ? 'page' : undefined}
        className={isActive ? [className, 'active'].filter(Boolean).join(' ') : className}
        {...rest}
      >
        {children({ isActive })}
      </a>
    );
  };
  return { Link, NavLink, navigate: onNavigate };
}

/** Outside any provider: a full page load (what an anchor does). */
const defaultLinks = plainLinks((to) => window.location.assign(to));

const AppLinksContext = createContext<AppLinks>(defaultLinks);

export const AppLinksProvider = AppLinksContext.Provider;

export const useAppLinks = (): AppLinks => useContext(AppLinksContext);

/** `Link` of the surrounding page: react-router's in the member app, a plain anchor before it. */
export function AppLink(props: AppLinkProps) {
  const { Link } = useAppLinks();
  return <Link {...props} />;
}

/** `NavLink` of the surrounding page. */
export function AppNavLink(props: AppNavLinkProps) {
  const { NavLink } = useAppLinks();
  return <NavLink {...props} />;
}
