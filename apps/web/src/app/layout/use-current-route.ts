import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { matchAppRoute, type MatchedRoute } from '../route-table';

export function useCurrentRoute(): MatchedRoute {
  const { pathname } = useLocation();
  return useMemo(() => matchAppRoute(pathname), [pathname]);
}
