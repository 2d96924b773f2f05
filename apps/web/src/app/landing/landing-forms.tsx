import type { ComponentProps } from 'react';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { RegisterFlow } from '../../features/auth/components/register-flow.tsx';
import { AppProvider } from '../provider.tsx';

/**
 * The landing slide-ins' forms, a chunk of their own (app/landing/landing-page.tsx). On a first
 * load there is no member app around them yet, so they bring its providers (the same query client
 * the member app uses once it starts).
 */
interface WithProviders {
  hasAppProviders: boolean;
}

export function LandingLoginForm({ hasAppProviders, ...props }: WithProviders & ComponentProps<typeof LoginForm>) {
  const form = <LoginForm {...props} />;
  return hasAppProviders ? form : <AppProvider>{form}</AppProvider>;
}

export function LandingRegisterFlow({ hasAppProviders, ...props }: WithProviders & ComponentProps<typeof RegisterFlow>) {
  const form = <RegisterFlow {...props} />;
  return hasAppProviders ? form : <AppProvider>{form}</AppProvider>;
}
