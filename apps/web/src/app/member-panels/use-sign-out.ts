import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { signOut } from '../../lib/auth.ts';

/** Spec §4 sign-out: the session is revoked and forgotten, cached member data dropped, then `/`. */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    await signOut();
    queryClient.clear();
    void navigate(paths.index, { replace: true });
  };
}
