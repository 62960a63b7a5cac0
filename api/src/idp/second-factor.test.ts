import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import * as oidc from 'openid-client';
import { decodeJwt } from 'jose';
import { generate } from 'otplib';
import { runCli } from '../../../tests/support/cli.test-utils.js';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/db.test-utils.js';
import { CookieJar, oidcBrowser, startPortalWithIdp, type OidcBrowser, type Step } from '../../../tests/support/idp.test-utils.js';
import { loadConfig } from '../config.js';
import { DEMO_PASSWORD, demoUser, seedUsers } from '../db/seed/users.seed.js';
import { requiredMfaRoles, unusedRecoveryCodes } from './mfa.js';
import { machineNowMs } from '../lib/clock.js';

let database: TestDatabase;
let app: FastifyInstance;
let baseUrl: string;
let client: oidc.Configuration;
let browser: OidcBrowser;
const startSignIn: OidcBrowser['startSignIn'] = (...args) => browser.startSignIn(...args);
const submit: OidcBrowser['submit'] = (...args) => browser.submit(...args);
const submitLogin: OidcBrowser['submitLogin'] = (...args) => browser.submitLogin(...args);

beforeAll(async () => {
  database = await createTestDatabase();
  await seedUsers(database.db);
  // Admins must use a second factor; everyone else may turn it on.
  const portal = await startPortalWithIdp(database.db, { REQUIRE_MFA: 'admin' });
  ({ app, baseUrl, client } = portal);
  browser = oidcBrowser(portal);
});

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

/** The secret as the enrolment page shows it (grouped by four). */
const shownSecret = (page: Step) => /data-testid="totp-secret">([A-Z2-7 ]+)</.exec(page.body)![1].replace(/ /g, '');
const shownRecoveryCodes = (page: Step) => [...page.body.matchAll(/<li><code>([A-Z2-7-]+)<\/code><\/li>/g)].map((match) => match[1]);

/** A code of the time step `steps` after now (the provider accepts one step either side). */
const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(machineNowMs() / 1000) + steps * 30 });

async function passwordStep(username: string, extra: Record<string, string> = {}) {
  const jar = new CookieJar();
  const started = await startSignIn(jar, `${baseUrl}/`, extra);
  const page = await submitLogin(jar, started.loginPage, username, DEMO_PASSWORD);
  return { jar, page, ...started };
}

async function tokensOf(step: Step, started: { codeVerifier: string; state: string }) {
  expect(step.url).toContain('code=');
  return oidc.authorizationCodeGrant(client, new URL(step.url), { pkceCodeVerifier: started.codeVerifier, expectedState: started.state });
}

async function auditRows(operation: string, subject?: string) {
  let query = database.db.selectFrom('audit_log').selectAll().where('operation', '=', operation);
  if (subject) query = query.where('subject', '=', subject);
  return query.orderBy('seq').execute();
}

let adminSecret = '';
let adminRecoveryCodes: string[] = [];
let lastAdminCode = '';

describe('second factor (TOTP) at the embedded sign-in', () => {
  it('REQUIRE_MFA defaults to admin and accountant in production only; empty means nobody', () => {
    expect(requiredMfaRoles({ NODE_ENV: 'production', REQUIRE_MFA: undefined })).toEqual(['admin', 'accountant']);
    expect(requiredMfaRoles({ NODE_ENV: 'test', REQUIRE_MFA: undefined })).toEqual([]);
    expect(requiredMfaRoles({ NODE_ENV: 'production', REQUIRE_MFA: '' })).toEqual([]);
    expect(requiredMfaRoles({ NODE_ENV: 'test', REQUIRE_MFA: ' admin, client ' })).toEqual(['admin', 'client']);
    expect(() => loadConfig({ REQUIRE_MFA: 'admin,root' })).toThrow(/REQUIRE_MFA/);
  });

  it('a required user enrols on first sign-in: QR code and secret, a wrong code refused, the right one turns it on with 10 recovery codes', async () => {
    const { jar, page, ...started } = await passwordStep('admin');
    expect(page.response.status).toBe(200);
    expect(page.body).toContain('Set up two-step verification');
    expect(page.body).toContain('<svg');
    expect(page.body).not.toContain('Not now'); // required: no way around it
    expect(page.body).not.toContain('<script');
    adminSecret = shownSecret(page);
    expect(adminSecret).toMatch(/^[A-Z2-7]{32}$/);

    // Stored encrypted, never as the secret itself.
    const stored = await database.db.selectFrom('user_mfa').selectAll().where('user_id', '=', demoUser('admin').id).executeTakeFirstOrThrow();
    expect(stored.confirmed_at).toBeNull();
    expect(stored.secret).not.toContain(adminSecret);

    const wrongCode = String((Number(await codeAt(adminSecret)) + 1) % 1_000_000).padStart(6, '0');
    const wrong = await submit(jar, page, { code: wrongCode });
    expect(wrong.response.status).toBe(400);
    expect(wrong.body).toContain('That code is not valid');
    expect(shownSecret(wrong)).toBe(adminSecret); // the same enrolment, shown again

    lastAdminCode = await codeAt(adminSecret);
    const recovery = await submit(jar, wrong, { code: lastAdminCode });
    expect(recovery.response.status).toBe(200);
    expect(recovery.body).toContain('Two-step verification is on');
    adminRecoveryCodes = shownRecoveryCodes(recovery);
    expect(adminRecoveryCodes).toHaveLength(10);
    expect(new Set(adminRecoveryCodes).size).toBe(10);
    expect(recovery.body).not.toContain(adminSecret);

    const done = await submit(jar, recovery, {});
    await tokensOf(done, started);
    expect(await unusedRecoveryCodes(database.db, demoUser('admin').id)).toBe(10);
    const codes = await database.db.selectFrom('user_recovery_codes').select('code_hash').execute();
    expect(codes.map((row) => row.code_hash).join()).not.toContain(adminRecoveryCodes[0]);

    const [enrolled] = await auditRows('mfa_enrolled', demoUser('admin').id);
    expect(enrolled).toMatchObject({ ip: '127.0.0.1', record_type: 'user', record_id: demoUser('admin').id, details: { username: 'admin', recoveryCodes: 10 } });
    const [signIn] = await auditRows('sign_in', demoUser('admin').id);
    expect(signIn.details).toEqual({ username: 'admin', amr: ['pwd', 'otp'] });
  });

  it('later sign-ins ask for the code after the password: a wrong code is refused, the right one accepted once (a replay is refused)', async () => {
    const first = await passwordStep('admin');
    expect(first.page.body).toContain('Two-step verification');
    expect(first.page.body).toContain('Authentication code');
    expect(first.page.url).not.toContain('code=');

    // The code that turned the factor on was used: it cannot sign in again.
    const replayed = await submit(first.jar, first.page, { code: lastAdminCode });
    expect(replayed.response.status).toBe(400);
    expect(replayed.body).toContain('That code is not valid');

    lastAdminCode = await codeAt(adminSecret, 1);
    const accepted = await submit(first.jar, replayed, { code: lastAdminCode });
    expect(decodeJwt((await tokensOf(accepted, first)).access_token).sub).toBe(demoUser('admin').id);

    const second = await passwordStep('admin');
    const again = await submit(second.jar, second.page, { code: lastAdminCode });
    expect(again.response.status).toBe(400);
    expect(again.url).not.toContain('code=');
  });

  it('a recovery code signs in once', async () => {
    const first = await passwordStep('admin');
    const code = adminRecoveryCodes[3].toLowerCase().replace(/-/g, ' '); // typed loosely
    const accepted = await submit(first.jar, first.page, { code });
    await tokensOf(accepted, first);
    expect(await unusedRecoveryCodes(database.db, demoUser('admin').id)).toBe(9);
    expect(await auditRows('mfa_recovery_code_used', demoUser('admin').id)).toHaveLength(1);

    const second = await passwordStep('admin');
    const refused = await submit(second.jar, second.page, { code: adminRecoveryCodes[3] });
    expect(refused.response.status).toBe(400);
    expect(refused.url).not.toContain('code=');
  });

  it("the shield button's sign-in explains two-step verification, why the password comes first and the steps, with a way back", async () => {
    const jar = new CookieJar();
    const { loginPage } = await startSignIn(jar, `${baseUrl}/`, { portal_action: 'mfa' });
    expect(loginPage.response.status).toBe(200);
    expect(loginPage.body).toContain('<title>Set up two-step verification · Orders Portal</title>');
    expect(loginPage.body).toContain('<h2 class="title">Set up two-step verification</h2>');
    expect(loginPage.body).toContain('Step 1 of 3: confirm it is you');
    expect(loginPage.body).toContain('a 6-digit code from an authenticator app on your phone');
    expect(loginPage.body).toMatch(/<li aria-current="step"><strong>Confirm it is you<\/strong>: sign in with your password/);
    expect(loginPage.body).toContain(`<a href="${baseUrl}/">Back to the Orders Portal</a>`);
    expect(loginPage.body).not.toContain('<script');
    // A wrong password keeps the explanation.
    const wrong = await submitLogin(jar, loginPage, 'operator', 'wrong-password');
    expect(wrong.response.status).toBe(400);
    expect(wrong.body).toContain('Invalid username or password.');
    expect(wrong.body).toContain('Step 1 of 3: confirm it is you');
    // Then the app step, and the recovery codes as the last.
    const enrol = await submitLogin(jar, wrong, 'accountant', DEMO_PASSWORD);
    expect(enrol.body).toContain('Step 2 of 3: connect your authenticator app');
    expect(enrol.body).toMatch(/<li aria-current="step"><strong>Connect your authenticator app<\/strong>/);
    expect(enrol.body).toContain('Not now, back to the portal');
    const codes = await submit(jar, enrol, { code: await codeAt(shownSecret(enrol)) });
    expect(codes.body).toContain('Step 3 of 3: keep your recovery codes');
    expect(codes.body).toContain('Continue to the portal');
    await database.db.deleteFrom('user_recovery_codes').where('user_id', '=', demoUser('accountant').id).execute();
    await database.db.deleteFrom('user_mfa').where('user_id', '=', demoUser('accountant').id).execute();

    // An ordinary sign-in says none of it.
    const plain = await startSignIn(new CookieJar());
    expect(plain.loginPage.body).toContain('Sign in to your account');
    expect(plain.loginPage.body).not.toContain('two-step');
  });

  it('the code page cannot be reached without the password step', async () => {
    const jar = new CookieJar();
    const { loginPage } = await startSignIn(jar);
    const skipped = await submit(jar, { ...loginPage, body: loginPage.body.replace(/\/login"/, '/mfa"') }, { code: await codeAt(adminSecret, 1) });
    expect(skipped.response.status).toBe(400);
    expect(skipped.body).toContain('This sign-in page has expired');
  });

  it('any user may turn it on for themselves (portal_action=mfa) or skip it; the rest sign in with a password only', async () => {
    const plain = await passwordStep('operator');
    await tokensOf(plain.page, plain); // not required: straight back to the portal

    const skipping = await passwordStep('operator', { portal_action: 'mfa' });
    expect(skipping.page.body).toContain('Set up two-step verification');
    const skipped = await submit(skipping.jar, skipping.page, {}, 1); // 'Not now'
    await tokensOf(skipped, skipping);

    const enrolling = await passwordStep('operator', { portal_action: 'mfa' });
    const secret = shownSecret(enrolling.page);
    const codes = await submit(enrolling.jar, enrolling.page, { code: await codeAt(secret) });
    await tokensOf(await submit(enrolling.jar, codes, {}), enrolling);

    const later = await passwordStep('operator');
    expect(later.page.body).toContain('Authentication code');
    await tokensOf(await submit(later.jar, later.page, { code: await codeAt(secret, 1) }), later);
  });

  it('wrong codes count towards the lockout like wrong passwords', async () => {
    const { jar, page } = await passwordStep('operator');
    let current = page;
    for (let i = 0; i < 10; i += 1) current = await submit(jar, current, { code: '000000' });
    const locked = await submit(jar, current, { code: '123456' });
    expect(locked.response.status).toBe(429);
    expect(locked.body).toContain('Too many failed sign-in attempts');
    const failures = await auditRows('sign_in_failed', demoUser('operator').id);
    expect(failures.filter((row) => (row.details as { reason?: string }).reason === 'second_factor')).toHaveLength(10);
    expect(await auditRows('sign_in_locked', demoUser('operator').id)).toHaveLength(1);
  });

  it('`pnpm users reset-mfa` clears it: the next sign-in enrols again', async () => {
    const { stdout } = await runCli('users', database, 'reset-mfa', 'admin');
    expect(stdout).toContain('Removed the second factor of admin.');
    expect(await database.db.selectFrom('user_mfa').select('user_id').where('user_id', '=', demoUser('admin').id).execute()).toEqual([]);
    expect(await unusedRecoveryCodes(database.db, demoUser('admin').id)).toBe(0);
    const [reset] = await auditRows('users.reset-mfa');
    expect(reset).toMatchObject({ record_type: 'user', record_id: 'admin' });
    expect(reset.subject).toMatch(/^cli:/);

    const next = await passwordStep('admin');
    expect(next.page.body).toContain('Set up two-step verification');
    expect(shownSecret(next.page)).not.toBe(adminSecret);
  });
});

describe('sign-ins in the audit log', () => {
  it('records a sign-in and a failed sign-in with the subject, username, address and time', async () => {
    const before = new Date(machineNowMs() - 1000);
    const jar = new CookieJar();
    const started = await startSignIn(jar);
    const failed = await submitLogin(jar, started.loginPage, 'client', 'wrong-password');
    const unknown = await submitLogin(jar, failed, 'nobody', 'wrong-password');
    await tokensOf(await submitLogin(jar, unknown, 'client', DEMO_PASSWORD), started);

    const client = demoUser('client');
    const [failure] = await auditRows('sign_in_failed', client.id);
    expect(failure).toMatchObject({ ip: '127.0.0.1', company_id: client.companyId, details: { username: 'client', reason: 'password' } });
    expect(failure.at.getTime()).toBeGreaterThan(before.getTime());
    const [nobody] = await auditRows('sign_in_failed', 'unknown');
    expect(nobody).toMatchObject({ ip: '127.0.0.1', record_id: null, details: { username: 'nobody', reason: 'password' } });
    const [success] = await auditRows('sign_in', client.id);
    expect(success).toMatchObject({ ip: '127.0.0.1', record_type: 'user', record_id: client.id, details: { username: 'client', amr: ['pwd'] } });
    expect(success.seq).toBeGreaterThan(nobody.seq);
  });
});
