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
    await showFailure(error);
  }
}

/**
 * The app's own failure screen; or, when the app itself could not be loaded (its chunk gone after a new deployment,
 * the network down: importing it again fails the same way), a plain message with a reload button written into
 * #root, which needs nothing of the app.
 */
async function showFailure(error: unknown) {
  try {
    const { mountFailure } = await import('./app/start');
    await mountFailure(error);
  } catch (loadError) {
    console.error('The app could not be loaded', loadError);
    const box = document.createElement('div');
    box.setAttribute('role', 'alert');
    box.style.cssText = 'font-family: system-ui, sans-serif; max-width: 480px; margin: 30vh auto 0; padding: 0 16px; color: #212529';
    const title = document.createElement('p');
    title.style.fontWeight = '600';
    title.textContent = 'The portal could not start';
    const detail = document.createElement('p');
    detail.textContent = 'The portal could not be loaded. Check your connection, then reload the page.';
    const reload = document.createElement('button');
    reload.type = 'button';
    reload.textContent = 'Reload';
    reload.addEventListener('click', () => window.location.reload());
    box.append(title, detail, reload);
    document.getElementById('root')?.replaceChildren(box);
  }
}

void boot();
