import { useNavigate } from 'react-router';
import { beginSignOut, logout } from '../../lib/auth';
import { LOGIN_PATH } from '../route-table';

/**
 * Leaves the console, then ends the session. flushSync: the router renders in a
 * transition otherwise, and the console, still mounted when the session was
 * cleared, refetched its queries without a token (401s).
 */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  return async () => {
    beginSignOut();
    await navigate(LOGIN_PATH, { flushSync: true });
    await logout();
  };
}
