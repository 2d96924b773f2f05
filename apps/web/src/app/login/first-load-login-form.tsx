import type { ComponentProps } from 'react';
import { DialogProvider } from '../../components/ui/dialogs.tsx';
import { LoginForm } from '../../features/auth/components/login-form.tsx';

/**
 * The login form of `/user/login`'s first load (first-load-login.tsx), a chunk of its own: the form
 * and the dialogs that show its refusals, without TanStack Query, zod or the register flow (the
 * landing slide-in's chunk brings those). The login call itself loads when the form is first
 * touched (login-form.tsx, docs/adr/0032).
 */
export function FirstLoadLoginForm(props: ComponentProps<typeof LoginForm>) {
  return (
    <DialogProvider>
      <LoginForm {...props} />
    </DialogProvider>
  );
}
