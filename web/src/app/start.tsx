import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import 'mantine-datatable/styles.css';
import { StrictMode, useMemo } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { Alert, Button, Center, Stack } from '@mantine/core';
import { AppProviders, createQueryClient } from './providers';
import { AppContext } from './context';
import { faceFor } from './faces';
import { createFaceRouter } from './router';
import { getSessionGetMeQueryOptions } from '@generated/endpoints/session/session';
import { setAccessTokenProvider } from '../api/http';
import { userFromMe, type Session, type SignedIn } from './session';
import type { AppConfig } from './auth';
import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { activateLocale, pseudoLocaleOn } from '../i18n/i18n';
import { chooseLanguage, PSEUDO_LOCALE } from '../i18n/locales';

/**
 * The app itself, loaded by the boot (main.tsx) once the user has a session: React, Mantine, the router and the
 * face's menu. Before that, the browser has loaded only the boot and the sign-in client.
 */
const root = createRoot(document.getElementById('root')!);
const queryClient = createQueryClient();

function App({ session, config }: { session: Session; config: AppConfig }) {
  const face = useMemo(() => faceFor(session.user), [session]);
  const router = useMemo(() => createFaceRouter(face), [face]);
  return (
    <AppContext.Provider value={{ session, face, contactEmail: config.contactEmail }}>
      <RouterProvider router={router} />
    </AppContext.Provider>
  );
}

function render(node: React.ReactNode) {
  root.render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>{node}</AppProviders>
    </StrictMode>,
  );
}

/**
 * Mounts the face of the signed-in user. Who that is (face, client type, documents role) is what `GET /api/me`
 * answers, asked again briefly while the service is unavailable; a mock session brings its own user.
 */
export async function mount(signedIn: SignedIn | Session, config: AppConfig) {
  setAccessTokenProvider(() => signedIn.accessToken());
  const session = 'user' in signedIn ? signedIn : { ...signedIn, user: userFromMe(await queryClient.fetchQuery(getSessionGetMeQueryOptions())) };
  await activateLocale(pseudoLocaleOn() ? PSEUDO_LOCALE : chooseLanguage(session.user, browserLanguages()));
  render(<App session={session} config={config} />);
}

/** The browser's languages, most wanted first. */
export const browserLanguages = (): readonly string[] => (navigator.languages?.length ? navigator.languages : [navigator.language]);

/**
 * A start-up failure, shown with a way to try again (and logged by the boot), in the browser's language when its
 * catalogue loads; when nothing is known yet and even that fails, in English.
 */
export async function mountFailure(error: unknown) {
  if (!i18n.locale) await activateLocale(chooseLanguage({}, browserLanguages())).catch(() => undefined);
  // Without any catalogue the messages' ids would show: the plain English words instead.
  /* eslint-disable lingui/no-unlocalized-strings */
  const title = i18n.locale ? t`The portal could not start` : 'The portal could not start';
  const again = i18n.locale ? t`Try again` : 'Try again';
  /* eslint-enable lingui/no-unlocalized-strings */
  render(
    <Center mih="100vh" p="md">
      <Stack maw={480}>
        <Alert color="red" title={title}>
          {error instanceof Error ? error.message : String(error)}
        </Alert>
        <Button onClick={() => window.location.assign(window.location.origin + '/')}>{again}</Button>
      </Stack>
    </Center>,
  );
}
