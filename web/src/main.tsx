import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import 'mantine-datatable/styles.css';
import { StrictMode, useMemo } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import { AppProviders, createQueryClient } from './app/providers';
import { AppContext } from './app/context';
import { faceFor } from './app/faces';
import { createFaceRouter } from './app/router';
import { setAccessTokenProvider } from './api/http';
import type { Session } from './app/session';
import type { AppConfig } from './app/auth';

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

/** Login is required on load: the app mounts only with a session. A start-up failure is shown and logged. */
async function start() {
  render(
    <Center mih="100vh">
      <Loader aria-label="Signing in" />
    </Center>,
  );
  try {
    let config: AppConfig;
    let session: Session;
    if (import.meta.env.MODE === 'mock') {
      const { mockSession } = await import('./app/mockSession');
      config = { issuer: '', clientId: '', contactEmail: 'support@orders-portal.local' };
      session = mockSession(import.meta.env.VITE_MOCK_ROLE);
    } else {
      const response = await fetch('/app-config.json');
      if (!response.ok) throw new Error(`The portal's configuration could not be loaded (HTTP ${response.status}).`);
      config = (await response.json()) as AppConfig;
      const { signIn } = await import('./app/auth');
      session = await signIn(config);
    }
    setAccessTokenProvider(() => session.accessToken());
    render(<App session={session} config={config} />);
  } catch (error) {
    console.error('Start-up failed', error);
    render(
      <Center mih="100vh" p="md">
        <Stack maw={480}>
          <Alert color="red" title="The portal could not start">
            {error instanceof Error ? error.message : String(error)}
          </Alert>
          <Button onClick={() => window.location.assign(window.location.origin + '/')}>Try again</Button>
        </Stack>
      </Center>,
    );
  }
}

void start();
