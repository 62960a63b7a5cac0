import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import * as oidc from 'openid-client';
import { createLocalJWKSet, jwtVerify, decodeJwt } from 'jose';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/db.test-utils.js';
import { runCli } from '../../../tests/support/cli.test-utils.js';
import { CookieJar, formAction, oidcBrowser, startPortalWithIdp, type OidcBrowser, type PortalWithIdp, type Step } from '../../../tests/support/idp.test-utils.js';
import type { Config } from '../config.js';
import { DEMO_PASSWORD, NORDIC_SPRINGS, demoUser, seedUsers } from '../db/seed/users.seed.js';
import { createEmbeddedIdp, type EmbeddedIdentityProvider } from './index.js';
import { delayAfter } from './brute-force.js';
import { sessionLifetimes } from './sessions.js';
import { sql } from 'kysely';

let database: TestDatabase;
let portal: PortalWithIdp;
let app: FastifyInstance;
let idp: EmbeddedIdentityProvider;
let config: Config;
let baseUrl: string;
let client: oidc.Configuration;
let browser: OidcBrowser;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedUsers(database.db);
  portal = await startPortalWithIdp(database.db, { WEB_DEV_ORIGINS: 'http://localhost:5173', LOGIN_DELAY_STEP_MS: '1' });
  ({ app, idp, config, baseUrl, client } = portal);
  browser = oidcBrowser(portal);
});

const usersCli = (...args: string[]) => runCli('users', database, ...args);
const startSignIn = (jar: CookieJar, redirectUri?: string) => browser.startSignIn(jar, redirectUri);
const submitLogin = (jar: CookieJar, page: Step, username: string, password: string) => browser.submitLogin(jar, page, username, password);
const signIn = (username: string, password = DEMO_PASSWORD) => browser.signIn(username, password);
const browse = (jar: CookieJar, url: string, init?: RequestInit) => browser.browse(jar, url, init);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

async function verifyAccessToken(token: string) {
  const { payload, protectedHeader } = await jwtVerify(token, createLocalJWKSet(idp.jwks), {
    issuer: config.issuer,
    audience: config.OIDC_AUDIENCE,
  });
  return { payload, protectedHeader };
}

describe('embedded identity provider', () => {
  it('publishes discovery for the issuer at /idp with PKCE and the portal scopes', async () => {
    const metadata = client.serverMetadata();
    expect(metadata.issuer).toBe(`${baseUrl}/idp`);
    expect(metadata.code_challenge_methods_supported).toContain('S256');
    expect(metadata.scopes_supported).toEqual(expect.arrayContaining(['openid', 'profile', 'email', 'offline_access']));
    expect(metadata.end_session_endpoint).toBe(`${baseUrl}/idp/session/end`);
  });

  it('renders its own login page in the portal look, without scripts', async () => {
    const { loginPage } = await startSignIn(new CookieJar());
    expect(loginPage.response.status).toBe(200);
    expect(loginPage.url).toMatch(/\/idp\/interaction\/[\w-]+$/);
    expect(loginPage.body).toContain('<title>Sign in · Orders Portal</title>');
    expect(loginPage.body).toContain('>Username</label>');
    expect(loginPage.body).toContain('>Password</label>');
    expect(loginPage.body).toContain('>Sign in</button>');
    expect(loginPage.body).toContain('#1971c2'); // the web app's primary, blue 8
    expect(loginPage.body).not.toContain('<script');
    const csp = loginPage.response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toMatch(/form-action 'self' http:\/\/127\.0\.0\.1:\d+ http:\/\/localhost:5173/);
  });

  it('completes Authorization Code + PKCE with openid-client and issues a JWT access token for the API', async () => {
    const { tokens } = await signIn('client');
    const { payload, protectedHeader } = await verifyAccessToken(tokens.access_token);
    const clara = demoUser('client');
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload.sub).toBe(clara.id);
    expect(payload.resource_access).toEqual({ 'orders-public': { roles: ['client'] } });
    expect(payload.realm_access).toEqual({ roles: [] });
    expect(payload).toMatchObject({
      name: 'Clara Client',
      email: clara.email,
      preferred_username: 'client',
      companyId: NORDIC_SPRINGS,
      company: 'Nordic Springs AB',
      fbs: ['FB-101', 'FB-102'],
      clientType: '0',
    });
    expect(payload.exp! - payload.iat!).toBe(config.ACCESS_TOKEN_TTL);
    expect(tokens.refresh_token).toBeTruthy();
    // The ID token carries the same claims for the web app.
    const idClaims = tokens.claims()!;
    expect(idClaims).toMatchObject({ sub: clara.id, name: 'Clara Client', companyId: NORDIC_SPRINGS, resource_access: { 'orders-public': { roles: ['client'] } } });
  });

  it('puts realm roles and staff roles where the API reads them, and the API accepts the token', async () => {
    const buyer = await verifyAccessToken((await signIn('buyer')).tokens.access_token);
    expect(buyer.payload.realm_access).toEqual({ roles: ['buyer'] });
    expect(buyer.payload.clientType).toBe('1');
    const admin = (await signIn('admin')).tokens;
    const adminClaims = await verifyAccessToken(admin.access_token);
    expect(adminClaims.payload.resource_access).toEqual({ 'orders-public': { roles: ['admin'] } });
    expect(adminClaims.payload.companyId).toBeUndefined();
    const response = await fetch(`${baseUrl}/api/admin/manufacturers/get`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ pagination: { page: 1, rowsPerPage: 10 } }),
    });
    expect(response.status).toBe(200);
  });

  it('rotates refresh tokens: the new one works, the old one is refused', async () => {
    const { tokens } = await signIn('operator');
    const refreshed = await oidc.refreshTokenGrant(client, tokens.refresh_token!);
    expect(refreshed.refresh_token).toBeTruthy();
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    const { payload } = await verifyAccessToken(refreshed.access_token);
    expect(payload.resource_access).toEqual({ 'orders-public': { roles: ['operator'] } });
    await expect(oidc.refreshTokenGrant(client, tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('shows the error for a wrong password and issues no code', async () => {
    const jar = new CookieJar();
    const { loginPage } = await startSignIn(jar);
    const result = await submitLogin(jar, loginPage, 'client', 'wrong-password');
    expect(result.response.status).toBe(400);
    expect(result.url).not.toContain('code=');
    expect(result.body).toContain('Invalid username or password.');
    expect(result.body).toContain('value="client"');
    const unknown = await submitLogin(jar, result, 'nobody', 'whatever-1');
    expect(unknown.body).toContain('Invalid username or password.');
    // The same form still works with the right password.
    const ok = await submitLogin(jar, unknown, 'client', DEMO_PASSWORD);
    expect(ok.url).toContain('code=');
  });

  it('refuses a disabled user, and `pnpm users disable` ends their refresh tokens', async () => {
    const { tokens } = await signIn('client2');
    const disabled = await usersCli('disable', 'client2');
    expect(disabled.stdout).toMatch(/^Disabled client2; ended [1-9]\d* session and token records/);
    await expect(oidc.refreshTokenGrant(client, tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    const remaining = await database.db
      .selectFrom('oidc_payloads')
      .select('id')
      .where((eb) => eb(eb.ref('payload', '->>').key('accountId' as never), '=', demoUser('client2').id))
      .execute();
    expect(remaining).toEqual([]);
    const jar = new CookieJar();
    const { loginPage } = await startSignIn(jar);
    const result = await submitLogin(jar, loginPage, 'client2', DEMO_PASSWORD);
    expect(result.body).toContain('Invalid username or password.');
    expect(result.url).not.toContain('code=');
    await usersCli('enable', 'client2');
    expect((await signIn('client2')).tokens.access_token).toBeTruthy();
  });

  it('refuses refresh for a user disabled without revoking (findAccount checks the user)', async () => {
    const { tokens } = await signIn('seller');
    const user = demoUser('seller');
    await database.db.updateTable('users').set({ enabled: false }).where('id', '=', user.id).execute();
    await expect(oidc.refreshTokenGrant(client, tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    await database.db.updateTable('users').set({ enabled: true }).where('id', '=', user.id).execute();
  });

  it('logs out at the end_session endpoint without a confirmation page and redirects to the web app', async () => {
    const { jar, tokens } = await signIn('accountant');
    const url = oidc.buildEndSessionUrl(client, { id_token_hint: tokens.id_token!, post_logout_redirect_uri: `${baseUrl}/`, state: 'bye' });
    const response = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.store(response);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`${baseUrl}/?state=bye`);
    await expect(oidc.refreshTokenGrant(client, tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    // The session is gone: a new authorization request asks for the password again.
    const again = await startSignIn(jar);
    expect(again.loginPage.body).toContain('>Sign in</button>');
  });

  it('asks for confirmation (one "Log out" button, no script) when the logout request names no user', async () => {
    const { jar } = await signIn('accountant');
    const url = oidc.buildEndSessionUrl(client, { post_logout_redirect_uri: `${baseUrl}/` });
    const page = await browse(jar, url.href);
    expect(page.response.status).toBe(200);
    expect(page.body).toContain('>Log out</button>');
    expect(page.body).not.toContain('<script');
    const confirmed = await browse(jar, formAction(page.body, page.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf: /name="xsrf" value="([^"]+)"/.exec(page.body)![1], logout: 'yes' }).toString(),
    });
    expect(confirmed.url).toBe(`${baseUrl}/`);
  });

  it('accepts the dev origin from WEB_DEV_ORIGINS as a redirect URI', async () => {
    const jar = new CookieJar();
    const { loginPage } = await startSignIn(jar, 'http://localhost:5173/');
    const done = await submitLogin(jar, loginPage, 'guest', DEMO_PASSWORD);
    expect(done.url).toMatch(/^http:\/\/localhost:5173\/\?code=/);
  });

  it('keeps its keys: a second provider on the same database publishes the same jwks and accepts the first one\'s tokens', async () => {
    const { tokens } = await signIn('guest');
    const second = await createEmbeddedIdp({ db: database.db, config, log: portal.log });
    expect(second.jwks).toEqual(idp.jwks);
    expect(second.jwks.keys[0]).not.toHaveProperty('d');
    const { payload } = await jwtVerify(tokens.access_token, createLocalJWKSet(second.jwks), { issuer: config.issuer, audience: config.OIDC_AUDIENCE });
    expect(payload.sub).toBe(demoUser('guest').id);
    expect(decodeJwt(tokens.access_token).resource_access).toEqual({ 'orders-public': { roles: [] } });
  });
});

describe('session lifetimes', () => {
  const sessionRows = (accountId: string) =>
    database.db
      .selectFrom('oidc_payloads')
      .select(['type', sql<number>`extract(epoch FROM expires_at - clock_timestamp())`.as('seconds')])
      .where('type', 'in', ['Session', 'RefreshToken'])
      .where(sql<string>`payload->>'accountId'`, '=', accountId)
      .where('consumed_at', 'is', null)
      .execute();

  it('ends the session and the refresh token after SESSION_IDLE_MINUTES without use, not after 14 days', async () => {
    const accountant = demoUser('accountant');
    await database.db.deleteFrom('oidc_payloads').where(sql<string>`payload->>'accountId'`, '=', accountant.id).execute();
    await signIn('accountant');
    const rows = await sessionRows(accountant.id);
    expect(rows.map((row) => row.type).sort()).toEqual(['RefreshToken', 'Session']);
    for (const row of rows) expect(Number(row.seconds)).toBeGreaterThan(config.SESSION_IDLE_MINUTES * 60 - 30);
    for (const row of rows) expect(Number(row.seconds)).toBeLessThanOrEqual(config.SESSION_IDLE_MINUTES * 60);
  });

  it('counts a refresh as use: the session idle end moves on, so a reload after it still finds the session', async () => {
    const operator = demoUser('operator');
    await database.db.deleteFrom('oidc_payloads').where(sql<string>`payload->>'accountId'`, '=', operator.id).execute();
    const { tokens } = await signIn('operator');
    // The session is about to end (as after 29 idle minutes).
    await database.db
      .updateTable('oidc_payloads')
      .set({
        expires_at: sql<Date>`clock_timestamp() + interval '60 seconds'`,
        payload: sql<string>`jsonb_set(payload, '{exp}', to_jsonb(extract(epoch FROM clock_timestamp())::bigint + 60))`,
      })
      .where('type', '=', 'Session')
      .where(sql<string>`payload->>'accountId'`, '=', operator.id)
      .execute();
    await oidc.refreshTokenGrant(client, tokens.refresh_token!);
    await expect
      .poll(async () => Number((await sessionRows(operator.id)).find((row) => row.type === 'Session')?.seconds ?? 0))
      .toBeGreaterThan(config.SESSION_IDLE_MINUTES * 60 - 30);
  });

  it('gives what is left of both limits: never past SESSION_MAX_HOURS after the password', () => {
    const { sessionSeconds } = sessionLifetimes({ SESSION_IDLE_MINUTES: 30, SESSION_MAX_HOURS: 12 });
    const now = 1_000_000;
    expect(sessionSeconds(now, now)).toBe(30 * 60);
    expect(sessionSeconds(now - 12 * 3600 + 600, now)).toBe(600);
    expect(sessionSeconds(now - 13 * 3600, now)).toBe(1);
  });
});

describe('failed sign-in tracking', () => {
  it('answers a repeated failure of one account progressively later, up to 5 s', () => {
    expect([1, 2, 3, 4, 10, 40].map((failures) => delayAfter(failures, 250))).toEqual([0, 0, 250, 500, 2000, 5000]);
  });

  it('answers the login form with 429 once locked, even with the right password', async () => {
    const jar = new CookieJar();
    let { loginPage: page } = await startSignIn(jar);
    for (let i = 0; i < 10; i += 1) page = await submitLogin(jar, page, 'admin', `wrong-${i}`);
    const locked = await submitLogin(jar, page, 'admin', DEMO_PASSWORD);
    expect(locked.response.status).toBe(429);
    expect(locked.body).toContain('Too many failed sign-in attempts');
    expect(locked.url).not.toContain('code=');
  });
});
