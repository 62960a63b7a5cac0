import type { ReactNode } from 'react';
import { MantineProvider, Notification, createTheme } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications, notifications } from '@mantine/notifications';
import { MutationCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError, isServiceUnavailable } from '../api/http';
import { ServiceStatus } from '../components/ServiceStatus';

export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'sm',
  components: {
    // A toast is a status message (WCAG 4.1.3), read out politely: 'Forecast saved.' is no alert. Failures pass
    // role 'alert' themselves, so a screen has one alert per failure, not a stale success toast beside it.
    Notification: Notification.extend({ defaultProps: { role: 'status' } }),
  },
});

/** What an error means to the person who caused it. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 503) return error.problem.detail ?? 'The service is briefly unavailable. Try again in a moment.';
    if (error.status === 409) return error.problem.detail ?? 'Someone else changed this meanwhile. Reload and try again.';
    // The server says which rule refused (e.g. 'X is a buyer-type client: stock cannot be edited for it'); the
    // generic text only when it gave no reason.
    if (error.status === 403) return error.problem.detail ?? 'Your account may not do this.';
    if (error.status === 404) return error.problem.detail ?? 'It no longer exists.';
    return error.problem.detail ?? error.problem.title;
  }
  return error instanceof Error ? error.message : String(error);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 503 (the service is briefly unavailable, e.g. its database restarts) is asked again with backoff,
        // about half a minute in all, while the banner says so; other failures are retried twice at most.
        retry: (failures, error) =>
          isServiceUnavailable(error) ? failures < 6 : !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
        retryDelay: (attempt) => Math.min(1_000 * 2 ** attempt, 8_000),
        staleTime: 10_000,
        refetchOnWindowFocus: false,
      },
    },
    // A failed save says why, unless the screen handles the error itself (meta.silent).
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.silent) return;
        notifications.show({ color: 'red', role: 'alert', title: 'Not saved', message: describeError(error) });
      },
    }),
  });
}

export function AppProviders({ children, queryClient, env }: { children: ReactNode; queryClient: QueryClient; env?: 'default' | 'test' }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto" env={env}>
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          <Notifications position="top-right" />
          <ServiceStatus />
          {children}
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
