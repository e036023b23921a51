import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './request';

function shouldRetry(failureCount: number, error: unknown): boolean {
  // Client and session errors will not heal by asking again.
  if (error instanceof ApiError && error.status > 0 && error.status < 500) return false;
  return failureCount < 1;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
