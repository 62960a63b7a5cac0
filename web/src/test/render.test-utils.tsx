import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
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

/**
 * Puts `text` into a text field at once, as pasting it does: one input event instead of one per key. Typing re-renders
 * the whole form for every character; where a test is about what is entered (trimmed, saved, refused), not about
 * keystrokes, this spares it that.
 */
export async function enterText(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}
