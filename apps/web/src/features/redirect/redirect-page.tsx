import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

const PREFIX = '/redirect';

/** /redirect/<path> re-opens <path>; used to remount a page, never shown as a tab. */
export function RedirectPage() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  useEffect(() => {
    const target = pathname.slice(PREFIX.length) || '/dashboard/workplace';
    void navigate(target.startsWith('/') ? target + search : `/${target}${search}`, { replace: true });
  }, [navigate, pathname, search]);
  return null;
}
