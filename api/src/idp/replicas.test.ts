import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/db.test-utils.js';
import { runCli } from '../../../tests/support/cli.test-utils.js';
import { CookieJar, formAction, oidcBrowser, startPortalWithIdp, type PortalWithIdp, type Step } from '../../../tests/support/idp.test-utils.js';
import { DEMO_PASSWORD, seedUsers } from '../db/seed/users.seed.js';

/**
 * Issue 18, item 1: two replicas of the portal (API and embedded provider) on one database, as behind a load balancer
 * without sticky sessions. A token signed by one is accepted by the other (the signing key is in `oidc_keys`), a
 * refresh token of one is redeemed at the other and a sign-in started at one is finished at the other (sessions,
 * interactions and grants in `oidc_payloads`), disabling a user refuses their tokens on
 * both at once (`subject_revocations`, looked up on every request, also after the other replica cached the token's
 * signature check), and a lockout caused through one holds on the other (`login_failures`).
 */
let database: TestDatabase;
let one: PortalWithIdp;
let two: PortalWithIdp;
// No shedding on event loop delay: a busy test machine lags without being overloaded (as tests/support/app.test-utils.ts).
const env = { LOGIN_DELAY_STEP_MS: '1', PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0' };
const PAGE = { pagination: { page: 1, rowsPerPage: 10, sortBy: 'id', descending: false } };

beforeAll(async () => {
  database = await createTestDatabase();
  await seedUsers(database.db);
  one = await startPortalWithIdp(database.db, env);
  // The same public origin (issuer) as the first, as two replicas behind one load balancer.
  two = await startPortalWithIdp(database.db, { ...env, PUBLIC_URL: one.baseUrl });
});
afterAll(async () => {
  await one?.app.close();
  await two?.app.close();
  await database?.drop();
});

const claims = (portal: PortalWithIdp, token: string) =>
  fetch(`${portal.baseUrl}/api/client/claims/filter`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(PAGE),
  });

const refresh = (portal: PortalWithIdp, refreshToken: string) =>
  fetch(`${portal.baseUrl}/idp/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: one.config.OIDC_CLIENT_ID }).toString(),
  });

describe('replicas on one database', () => {
  it("accept each other's tokens and refresh tokens; disabling the user refuses them on every replica at once", async () => {
    const { tokens } = await oidcBrowser(one).signIn('client');
    expect((await claims(one, tokens.access_token)).status).toBe(200);
    expect((await claims(two, tokens.access_token)).status).toBe(200);

    const refreshed = await refresh(two, tokens.refresh_token!);
    expect(refreshed.status).toBe(200);
    const renewed = (await refreshed.json()) as { access_token: string; refresh_token: string };
    expect((await claims(one, renewed.access_token)).status).toBe(200);
    expect((await claims(two, renewed.access_token)).status).toBe(200);

    await runCli('users', database, 'disable', 'client');

    for (const portal of [one, two]) {
      expect((await claims(portal, tokens.access_token)).status, portal.baseUrl).toBe(401);
      expect((await claims(portal, renewed.access_token)).status, portal.baseUrl).toBe(401);
    }
    expect((await refresh(one, renewed.refresh_token)).status).toBe(400);
    expect((await refresh(two, renewed.refresh_token)).status).toBe(400);
  });

  it('a sign-in started at one replica is finished at the other (no sticky sessions)', async () => {
    const browser = oidcBrowser(one);
    const jar = new CookieJar();
    const { codeVerifier, state, loginPage } = await browser.startSignIn(jar);
    const action = formAction(loginPage.body, loginPage.url);
    expect(action.startsWith(one.baseUrl)).toBe(true);
    const done = await browser.browse(jar, action.replace(one.baseUrl, two.baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'accountant', password: DEMO_PASSWORD }).toString(),
    });
    expect(done.url).toContain('code=');
    const tokens = await oidc.authorizationCodeGrant(one.client, new URL(done.url), { pkceCodeVerifier: codeVerifier, expectedState: state });
    expect(tokens.access_token).toBeTruthy();
  });

  it('a lockout caused through one replica holds on the other, even for the right password', async () => {
    const attempt = async (portal: PortalWithIdp, jar: CookieJar, page: Step, password: string) =>
      oidcBrowser(portal).browse(jar, formAction(page.body, page.url).replace(one.baseUrl, portal.baseUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username: 'operator', password }).toString(),
      });
    const jar = new CookieJar();
    let page = (await oidcBrowser(one).startSignIn(jar)).loginPage;
    for (let i = 0; i < one.config.LOGIN_MAX_FAILURES; i += 1) {
      page = await attempt(one, jar, page, `wrong-${i}`);
      expect(page.response.status, `attempt ${i + 1}`).toBe(400);
    }
    const other = new CookieJar();
    const fresh = (await oidcBrowser(one).startSignIn(other)).loginPage;
    const locked = await attempt(two, other, fresh, DEMO_PASSWORD);
    expect(locked.response.status).toBe(429);
    expect(locked.body).toContain('Too many failed sign-in attempts');
  });
});
