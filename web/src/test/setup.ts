import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import * as React from 'react';
import { cleanup, configure } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { server } from '../../../mocks/node';
import { i18n } from '@lingui/core';
import { messages as english } from '../locales/en/messages.po';

// React's development build captures a stack trace (an Error) for every element it creates, for the owner stacks of its
// warnings; V8's stack capture took an eighth of the web tests' CPU. React stops capturing after 10,000 elements until
// its next render resets the count: a count pinned above that keeps it stopped. Warnings lose their owner stack only.
const reactInternals = (React as unknown as Record<string, object | undefined>)
  .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
if (reactInternals && 'recentlyCreatedOwnerStacks' in reactInternals) {
  Object.defineProperty(reactInternals, 'recentlyCreatedOwnerStacks', { get: () => Infinity, set: () => undefined, configurable: true });
}

// Components speak English in tests (the spec's texts), as a person with no other language chosen reads them.
i18n.loadAndActivate({ locale: 'en', messages: english });

// Lazily loaded dialogs take longer than the default 1 s to appear on a busy 2-core machine.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks what Mantine and mantine-datatable measure with.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: query === '' || query.includes('min-width'),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView = () => undefined;
Element.prototype.scrollTo = () => undefined;
window.scrollTo = (() => undefined) as typeof window.scrollTo;
Object.defineProperty(document, 'fonts', { value: { ready: Promise.resolve() }, configurable: true });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// An invalid submit logs 'Invalid!' (part 5, components/invalidForm.ts): kept out of the test output; the tests
// that check it spy on console.info themselves.
let info: ReturnType<typeof vi.spyOn> | undefined;
beforeEach(() => {
  info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
});
// Tests stub the browser's file hand-over (jsdom has no URL.createObjectURL) by assignment: each test ends without its
// stub, or a later file's photo thumbnails would meet the stub that refused a download.
const { createObjectURL, revokeObjectURL } = URL;
afterEach(() => {
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
  info?.mockRestore();
  cleanup();
  // The notifications store outlives a rendered tree: a toast of one test must not show in the next.
  notifications.clean();
  server.resetHandlers();
});
afterAll(() => server.close());
