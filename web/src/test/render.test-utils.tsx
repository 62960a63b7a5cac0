import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { AppProviders, createQueryClient } from '../app/providers';

/** Renders inside the app's providers (Mantine in test mode, a fresh QueryClient without retries). */
export function renderWithProviders(ui: ReactElement) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 0 } });
  return render(
    <AppProviders queryClient={queryClient} env="test">
      {ui}
    </AppProviders>,
  );
}
