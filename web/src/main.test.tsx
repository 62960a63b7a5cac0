import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

/**
 * The boot (main.tsx) when the app's chunk cannot be loaded after sign-in (a new deployment removed it, the network
 * dropped): the page does not stay on 'Signing in…' but says the portal could not start, with a Reload button.
 */
vi.mock('./app/auth', () => ({ signIn: async () => ({ accessToken: async () => 'token' }) }));
vi.mock('./app/start', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/start-1a2b3c.js');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the boot', () => {
  it('shows a plain failure with a Reload button when the app cannot be loaded', async () => {
    document.body.innerHTML = '<div id="root"><p role="status">Signing in…</p></div>';
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ issuer: 'http://idp.test', clientId: 'web', contactEmail: 'x@y.z' })));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });

    await import('./main');

    expect(await screen.findByRole('alert')).toHaveTextContent('The portal could not start');
    expect(screen.queryByText('Signing in…')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
