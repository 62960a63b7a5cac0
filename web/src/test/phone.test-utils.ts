import { onTestFinished } from 'vitest';

/**
 * A phone's screen (390 px) for the rest of the test: no `min-width` media query matches, as on a screen below
 * Mantine's `sm`, so the pages render their phone layout (components/useWideScreen.ts).
 */
export function onAPhone() {
  const wide = window.matchMedia;
  window.matchMedia = ((query: string) => ({ ...wide(query), matches: query === '' })) as typeof window.matchMedia;
  onTestFinished(() => {
    window.matchMedia = wide;
  });
}
