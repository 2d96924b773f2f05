import type { ReactNode } from 'react';

interface AuthFrameProps {
  /** The operator's logo, linked to the public site (a router `Link`, or a plain link on a first load). */
  logoLink: ReactNode;
  title: string;
  subtitle?: string;
  children: ReactNode;
}

/**
 * Full-screen frame of the login and register pages (no header or bottom bar, spec §2). Router-free,
 * so the first load of /user/login (app/login/) draws the same markup as the member app's route.
 */
export function AuthFrame({ logoLink, title, subtitle, children }: AuthFrameProps) {
  return (
    <div className="px-5 pb-10 pt-8">
      {logoLink}
      <div className="card mt-6 p-5">
        <h1 className="text-gold-gradient text-2xl font-extrabold">{title}</h1>
        {subtitle && <p className="mt-1 text-sm text-ink/60">{subtitle}</p>}
        <div className="mt-5">{children}</div>
      </div>
    </div>
  );
}

/** Class of the logo's link in the frame. */
export const AUTH_FRAME_LOGO_LINK_CLASS = 'mx-auto flex w-fit justify-center';
