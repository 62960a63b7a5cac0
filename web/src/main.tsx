import type { AppConfig } from './app/auth';
import type { Session, SignedIn } from './app/session';

/**
 * The boot: login is required on load, so the browser first loads only this and the sign-in client, finds or makes the
 * session (a redirect to the identity provider when there is none), and only then the app (app/start.tsx: React,
 * Mantine, the router). A person on the sign-in page has not downloaded the app; a start-up failure is shown and logged.
 * index.html shows 'Signing in…' meanwhile.
 */
async function boot() {
  try {
    let config: AppConfig;
    let session: SignedIn | Session;
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
    const { mount } = await import('./app/start');
    await mount(session, config);
  } catch (error) {
    console.error('Start-up failed', error);
    const { mountFailure } = await import('./app/start');
    mountFailure(error);
  }
}

void boot();
