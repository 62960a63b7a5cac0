import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/db.test-utils.js';
import { CookieJar, formAction, oidcBrowser, startPortalWithIdp, type PortalWithIdp, type Step } from '../../../tests/support/idp.test-utils.js';
import { DEMO_PASSWORD, seedUsers } from '../db/seed/users.seed.js';

/**
 * The sign-in lockout and the token endpoint's limit are kept in PostgreSQL: they hold whatever X-Forwarded-For
 * says (no proxy is trusted by default), and a new instance on the same database (a restart, another replica)
 * still refuses.
 */
let database: TestDatabase;
let first: PortalWithIdp | undefined;
let second: PortalWithIdp | undefined;
const env = { LOGIN_DELAY_STEP_MS: '1', LOGIN_MAX_FAILURES_PER_IP: '15', RATE_LIMIT_TOKEN_PER_MINUTE: '4' };

beforeAll(async () => {
  database = await createTestDatabase();
  await seedUsers(database.db);
  first = await startPortalWithIdp(database.db, env);
});
afterAll(async () => {
  await first?.app.close();
  await second?.app.close();
  await database?.drop();
});

/** Posts the login form as if from `forwardedFor`. */
async function attempt(portal: PortalWithIdp, jar: CookieJar, page: Step, username: string, password: string, forwardedFor: string) {
  return oidcBrowser(portal).browse(jar, formAction(page.body, page.url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': forwardedFor },
    body: new URLSearchParams({ username, password }).toString(),
  });
}

describe('sign-in lockout', () => {
  it('refuses the 11th wrong password for one account with 429 whatever X-Forwarded-For says, and still after a restart', async () => {
    const portal = first!;
    const jar = new CookieJar();
    let page = (await oidcBrowser(portal).startSignIn(jar)).loginPage;
    for (let i = 0; i < 10; i += 1) {
      page = await attempt(portal, jar, page, 'operator', `wrong-${i}`, `198.51.100.${i + 1}`);
      expect(page.response.status, `attempt ${i + 1}`).toBe(400);
      expect(page.body).toContain('Invalid username or password.');
    }
    const eleventh = await attempt(portal, jar, page, 'Operator', 'wrong-10', '203.0.113.77');
    expect(eleventh.response.status).toBe(429);
    expect(Number(eleventh.response.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    expect(eleventh.body).toContain('Too many failed sign-in attempts');
    // Even the right password is refused while the account is locked.
    const right = await attempt(portal, jar, eleventh, 'operator', DEMO_PASSWORD, '203.0.113.78');
    expect(right.response.status).toBe(429);
    expect(right.url).not.toContain('code=');

    // A restart: a new instance on the same database, nothing in memory.
    await portal.app.close();
    first = undefined;
    second = await startPortalWithIdp(database.db, env);
    const fresh = new CookieJar();
    const again = await oidcBrowser(second).startSignIn(fresh);
    const afterRestart = await attempt(second, fresh, again.loginPage, 'operator', DEMO_PASSWORD, '192.0.2.1');
    expect(afterRestart.response.status).toBe(429);
    expect(afterRestart.url).not.toContain('code=');
  });

  it('locks only that account: another account signs in from the same address', async () => {
    const { tokens } = await oidcBrowser(second!).signIn('accountant');
    expect(tokens.access_token).toBeTruthy();
  });

  it('locks an address after LOGIN_MAX_FAILURES_PER_IP failures over several accounts (password spraying)', async () => {
    const browser = oidcBrowser(second!);
    const jar = new CookieJar();
    let page = (await browser.startSignIn(jar)).loginPage;
    // 10 failures on operator so far; 5 more on other names reach 15 from this address.
    for (let i = 0; i < 5; i += 1) {
      page = await attempt(second!, jar, page, `someone-${i}`, 'guess-1234', `198.51.100.${i + 50}`);
      expect(page.response.status).toBe(400);
    }
    const sprayed = await attempt(second!, jar, page, 'admin', 'guess-1234', '198.51.100.99');
    expect(sprayed.response.status).toBe(429);
  });
});

describe('token endpoint limit', () => {
  it('answers 429 problem+json with Retry-After and RateLimit-* once the address used its requests of the minute', async () => {
    const token = () =>
      fetch(`${second!.baseUrl}/idp/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': `192.0.2.${Math.floor(Math.random() * 250)}` },
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'not-a-token', client_id: 'orders-public' }).toString(),
      });
    // The accountant's sign-in above used one of the 4 requests of this address.
    for (let i = 0; i < 3; i += 1) {
      const response = await token();
      expect(response.status, `request ${i + 2}`).toBe(400);
      expect(response.headers.get('ratelimit-limit')).toBe('4');
      expect(response.headers.get('ratelimit-remaining')).toBe(String(2 - i));
    }
    const refused = await token();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('ratelimit-limit')).toBe('4');
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    expect(Number(refused.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ status: 429, title: 'Too Many Requests' });
  });
});
