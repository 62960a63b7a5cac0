import { InMemoryWebStorage, UserManager, WebStorageStateStore, type User } from 'oidc-client-ts';
import { nowMs } from '../components/clock';
import type { SignedIn } from './session';

export interface AppConfig {
  issuer: string;
  clientId: string;
  contactEmail: string;
  /** The identity service offers a second factor that users turn on themselves (the embedded one does). */
  secondFactor?: boolean;
  /** Minutes without the user's input after which the portal signs out (SESSION_IDLE_MINUTES). */
  sessionIdleMinutes?: number;
}

/** What counts as the user being there. */
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

/** How often the session is checked, and the validity below which the token is refreshed (part 9). */
export const SESSION_CHECK_MS = 10_000;
export const MIN_VALIDITY_SECONDS = 70;

/**
 * Signs the user in with Authorization Code + PKCE before the router mounts (login is required on load).
 * The redirect URI is the origin: a redirect URI cannot carry the hash route, so the route the user asked
 * for travels in the OIDC state and is restored after the callback.
 * Resolves to a sign-in (who the user is, the app asks `GET /api/me`), or never resolves because the browser is redirected to the identity service.
 *
 * Tokens live in memory only (never in sessionStorage or localStorage, where any script of the origin could read
 * the refresh token). A reload therefore starts a new authorization request: the identity service still has the
 * browser session (its cookie), so it answers with a code at once and the user does not type a password again.
 */
export async function signIn(config: AppConfig): Promise<SignedIn> {
  const origin = window.location.origin;
  const manager = new UserManager({
    authority: config.issuer,
    client_id: config.clientId,
    redirect_uri: `${origin}/`,
    post_logout_redirect_uri: `${origin}/`,
    response_type: 'code',
    scope: 'openid profile email offline_access',
    automaticSilentRenew: false,
    userStore: new WebStorageStateStore({ store: new InMemoryWebStorage() }),
  });

  const url = new URL(window.location.href);
  let user: User | null = null;
  if (url.searchParams.has('code') || url.searchParams.has('error')) {
    user = await manager.signinRedirectCallback();
    const route = typeof user.state === 'string' && user.state.startsWith('#/') ? user.state : '#/';
    window.history.replaceState(null, '', `${origin}/${route}`);
  } else {
    user = await manager.getUser();
    if (user?.expired && user.refresh_token) user = await manager.signinSilent().catch(() => null);
  }
  if (!user || user.expired) {
    // A reload (tokens were in memory) or a first visit: the identity service answers at once while its session lasts.
    await manager.signinRedirect({ state: window.location.hash || '#/' });
    return new Promise<SignedIn>(() => undefined);
  }

  let current = user;
  // Signed out after SESSION_IDLE_MINUTES without input (the provider session and refresh token expire after
  // the same time without use, so a tab left open does not keep the sign-in alive by refreshing on its own).
  const idleMs = (config.sessionIdleMinutes ?? 30) * 60_000;
  let lastActivity = nowMs();
  const active = () => {
    lastActivity = nowMs();
  };
  for (const event of ACTIVITY_EVENTS) window.addEventListener(event, active, { passive: true });
  const logout = async () => {
    window.clearInterval(timer);
    for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, active);
    await manager.signoutRedirect({ id_token_hint: current.id_token }).catch(async () => {
      await manager.removeUser();
      window.location.assign(`${origin}/`);
    });
  };
  const timer = window.setInterval(async () => {
    if (nowMs() - lastActivity > idleMs) {
      await logout();
      return;
    }
    // oidc-client-ts counts expires_in down from the answer's expires_in on the browser's own clock, never from the
    // token's exp: a browser clock set to another day (the end-to-end run pins it) refreshes on time all the same.
    if ((current.expires_in ?? 0) >= MIN_VALIDITY_SECONDS) return;
    try {
      const renewed = await manager.signinSilent();
      if (!renewed) throw new Error('no session');
      current = renewed;
    } catch {
      await logout();
    }
  }, SESSION_CHECK_MS);

  return {
    accessToken: () => current.access_token,
    logout,
    // Signs in again (password first) with the request to set up the second factor; back on the same route.
    setUpSecondFactor: config.secondFactor
      ? () => manager.signinRedirect({ prompt: 'login', extraQueryParams: { portal_action: 'mfa' }, state: window.location.hash || '#/' })
      : undefined,
  };
}
