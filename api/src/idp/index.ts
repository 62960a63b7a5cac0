import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import formbody from '@fastify/formbody';
import type { JSONWebKeySet } from 'jose';
import Provider, { errors, type Configuration, type Interaction, type KoaContextWithOIDC } from 'oidc-provider';
import type { Config } from '../config.js';
import { isDatabaseUnavailable } from '../plugins/problems.js';
import type { Db } from '../db/database.js';
import { findActiveAccount, findActiveAccountByUsername, portalClaims, type AccountRecord } from './accounts.js';
import { PostgresAdapter, purgeExpired } from './adapter.js';
import { ApiClientAdapter, apiClientClaims, compareHashedSecret } from './api-clients.js';
import { FailedLoginTracker } from './brute-force.js';
import { recordIdentityEvent } from './events.js';
import { sessionLifetimes, touchSession, trustedForwarding } from './sessions.js';
import { clientAddress, enforce, type Limiter } from '../plugins/rate-limit.js';
import { loadProviderKeys } from './keys.js';
import { verifyPassword } from './passwords.js';
import { createSecondFactor } from './second-factor.js';
import { errorPage, INVALID_CREDENTIALS, lockedOutMessage, loggedOutPage, loginPage, logoutPage } from './views.js';

/** The embedded OpenID Connect provider (oidc-provider), mounted under /idp. */
export interface EmbeddedIdentityProvider {
  /** Public keys that sign the access tokens; the API verifies tokens with them. */
  jwks: JSONWebKeySet;
  /** Mounts the provider and its login page at /idp on the app. */
  register(app: FastifyInstance): Promise<void>;
}

/** Scopes the portal's web app may ask for; all of them are granted to it without a consent screen. */
export const PORTAL_SCOPES = ['openid', 'profile', 'email', 'offline_access'] as const;
/** The scope of the API as a resource server (its access tokens carry it). */
export const API_SCOPE = 'api';

const PURGE_INTERVAL_MS = 10 * 60 * 1000;

/** Origins allowed besides the public URL (e.g. the Vite dev server), from WEB_DEV_ORIGINS. */
export function devOrigins(config: Pick<Config, 'WEB_DEV_ORIGINS'>): string[] {
  return (config.WEB_DEV_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean)
    .map((origin) => new URL(origin).origin);
}

/**
 * The resource indicator of the API. oidc-provider wants an absolute URI there; the token's `aud` is
 * OIDC_AUDIENCE either way (the value the API checks).
 */
export function apiResourceIndicator(config: Pick<Config, 'OIDC_AUDIENCE' | 'publicUrl'>): string {
  return URL.canParse(config.OIDC_AUDIENCE) && /^[a-z][a-z0-9+.-]*:/i.test(config.OIDC_AUDIENCE)
    ? config.OIDC_AUDIENCE
    : `${config.publicUrl}/api`;
}

/** Replaces the form-action directive of a CSP so that a form's redirects may reach the web app's origins. */
function withFormAction(csp: string | undefined, sources: string[]): string | undefined {
  if (!csp) return undefined;
  const directives = csp
    .split(';')
    .map((directive) => directive.trim())
    .filter((directive) => directive && !directive.toLowerCase().startsWith('form-action'));
  directives.push(`form-action ${sources.join(' ')}`);
  return directives.join(';');
}

export async function createEmbeddedIdp(options: { db: Db; config: Config; log: FastifyBaseLogger }): Promise<EmbeddedIdentityProvider> {
  const { db, config, log } = options;
  const keys = await loadProviderKeys(db);
  const issuerPath = new URL(config.issuer).pathname.replace(/\/$/, '');
  const homeUrl = `${config.publicUrl}/`;
  const webOrigins = [...new Set([new URL(config.publicUrl).origin, ...devOrigins(config)])];
  const redirectUris = [...new Set([homeUrl, ...devOrigins(config).map((origin) => `${origin}/`)])];
  const resource = apiResourceIndicator(config);
  const secureCookies = config.secureCookies;
  const formActionSources = ["'self'", ...webOrigins];
  const failedLogins = new FailedLoginTracker(db, {
    maxFailures: config.LOGIN_MAX_FAILURES,
    maxFailuresPerIp: config.LOGIN_MAX_FAILURES_PER_IP,
    windowMs: config.LOGIN_FAILURE_WINDOW_MINUTES * 60_000,
    delayStepMs: config.LOGIN_DELAY_STEP_MS,
  });
  const { sessionSeconds, idleSeconds, maxSeconds } = sessionLifetimes(config);

  const cookieOptions = { httpOnly: true, sameSite: 'lax', secure: secureCookies, path: '/' };

  const configuration: Configuration = {
    // Clients other than the web app are the API clients of `api_clients`, read on every token request.
    adapter: (model: string) => (model === 'Client' ? new ApiClientAdapter(db) : new PostgresAdapter(model, db)),
    clients: [
      {
        client_id: config.OIDC_CLIENT_ID,
        client_name: 'Orders Portal',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: redirectUris,
        post_logout_redirect_uris: redirectUris,
      },
    ],
    responseTypes: ['code'],
    // portal_action=mfa: the web app's 'Two-step verification' button asks to set up the second factor at sign-in.
    extraParams: ['portal_action'],
    pkce: { required: () => true },
    jwks: keys.privateJwks,
    cookies: {
      keys: keys.cookieKeys,
      long: { ...cookieOptions },
      short: { ...cookieOptions },
    },
    scopes: [...PORTAL_SCOPES],
    claims: {
      openid: ['sub'],
      profile: [
        'name',
        'given_name',
        'family_name',
        'preferred_username',
        'resource_access',
        'realm_access',
        'companyId',
        'company',
        'fbs',
        'address',
        'clientType',
      ],
      email: ['email'],
    },
    // The web app reads the person and the roles from the ID token, as it does with Keycloak.
    conformIdTokenClaims: false,
    findAccount: async (_ctx: KoaContextWithOIDC, sub: string) => {
      const account = await findActiveAccount(db, sub);
      if (!account) return undefined;
      return { accountId: account.id, claims: () => ({ sub: account.id, ...portalClaims(account) }) };
    },
    extraTokenClaims: async (_ctx: KoaContextWithOIDC, token: { accountId?: string; kind?: string; clientId?: string }) => {
      if (token.kind === 'ClientCredentials' && token.clientId) return apiClientClaims(db, token.clientId);
      if (!token.accountId) return undefined;
      const account = await findActiveAccount(db, token.accountId);
      return account ? portalClaims(account) : undefined;
    },
    // Refresh tokens for the web app without asking for offline_access; they rotate on every use, and a
    // reused one is refused (the provider revokes the whole grant when a consumed token comes back).
    issueRefreshToken: async (_ctx: KoaContextWithOIDC, client: { grantTypeAllowed(type: string): boolean }) =>
      client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    // The portal's own client gets every scope it asks for: no consent screen.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { client, session } = ctx.oidc;
      const grantId = ctx.oidc.result?.consent?.grantId || session.grantIdFor(client.clientId);
      const existing = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
      if (client.clientId !== config.OIDC_CLIENT_ID || !session.accountId) return existing;
      if (existing && existing.accountId === session.accountId) return existing;
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope(PORTAL_SCOPES.join(' '));
      grant.addResourceScope(resource, API_SCOPE);
      await grant.save();
      return grant;
    },
    interactions: {
      url: (_ctx: KoaContextWithOIDC, interaction: Interaction) => `${issuerPath}/interaction/${interaction.uid}`,
    },
    clientBasedCORS: (_ctx: KoaContextWithOIDC, origin: string) => webOrigins.includes(origin),
    // The sign-in ends after SESSION_IDLE_MINUTES without use and SESSION_MAX_HOURS after the password was
    // entered, whichever comes first: the session (saved again on every authorization request, and touched by
    // every refresh below) and each rotated refresh token get what is left of both.
    ttl: {
      AccessToken: config.ACCESS_TOKEN_TTL,
      AuthorizationCode: 60,
      IdToken: config.ACCESS_TOKEN_TTL,
      Interaction: 60 * 60,
      Session: (_ctx: KoaContextWithOIDC, session: { loginTs?: number }) => sessionSeconds(session.loginTs),
      Grant: maxSeconds,
      RefreshToken: (_ctx: KoaContextWithOIDC, token: { authTime?: number; iat?: number }) => sessionSeconds(token.authTime ?? token.iat),
    },
    // Refresh tokens end with the provider session (logout, idle timeout, a disabled user), offline_access or not.
    expiresWithSession: async () => true,
    // An API client's secret is stored hashed (compareHashedSecret), so nothing may use it as a key: no
    // client_secret_jwt.
    clientAuthMethods: ['none', 'client_secret_basic', 'client_secret_post', 'private_key_jwt'],
    features: {
      devInteractions: { enabled: false },
      // API clients: unattended systems get access tokens for the API with their own credentials.
      clientCredentials: { enabled: true },
      revocation: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx: KoaContextWithOIDC, form: string) => {
          // A request that names the signed-in user (id_token_hint) logs out at once; anything else could be
          // a forged link, so it is confirmed with one button.
          const hint = ctx.oidc.entities.IdTokenHint as { payload?: { sub?: string } } | undefined;
          if (hint?.payload?.sub && hint.payload.sub === ctx.oidc.session.accountId) {
            await logoutNow(ctx);
            return;
          }
          const csp = withFormAction(ctx.response.get('content-security-policy') || undefined, formActionSources);
          if (csp) ctx.set('content-security-policy', csp);
          ctx.type = 'html';
          ctx.body = logoutPage(form);
        },
        postLogoutSuccessSource: async (ctx: KoaContextWithOIDC) => {
          ctx.type = 'html';
          ctx.body = loggedOutPage(homeUrl);
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: async () => resource,
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx: KoaContextWithOIDC, indicator: string) => {
          if (indicator !== resource) throw new errors.InvalidTarget();
          return {
            audience: config.OIDC_AUDIENCE,
            scope: API_SCOPE,
            accessTokenTTL: config.ACCESS_TOKEN_TTL,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    renderError: async (ctx: KoaContextWithOIDC, out: { error?: string; error_description?: string }) => {
      ctx.type = 'html';
      ctx.body = errorPage(out.error_description ?? out.error ?? 'Something went wrong.', homeUrl);
    },
  };

  /** What the provider's own confirm step does, without the confirmation: revoke, end the session, redirect. */
  async function logoutNow(ctx: KoaContextWithOIDC): Promise<void> {
    const session = ctx.oidc.session;
    const { postLogoutRedirectUri, state } = session.state ?? {};
    const grantIds = Object.values((session.authorizations ?? {}) as Record<string, { grantId?: string }>)
      .map((authorization) => authorization.grantId)
      .filter((grantId): grantId is string => Boolean(grantId));
    if (grantIds.length) await db.deleteFrom('oidc_payloads').where('grant_id', 'in', grantIds).execute();
    if (grantIds.length) await db.deleteFrom('oidc_payloads').where('type', '=', 'Grant').where('id', 'in', grantIds).execute();
    await session.destroy();
    ctx.cookies.set(ctx.oidc.provider.cookieName('session'), null, cookieOptions);
    let target = ctx.oidc.urlFor('end_session_success');
    if (postLogoutRedirectUri) {
      const url = new URL(postLogoutRedirectUri);
      if (state != null) url.searchParams.set('state', String(state));
      target = url.href;
    }
    ctx.oidc.provider.emit('end_session.success', ctx);
    ctx.status = 303;
    ctx.redirect(target);
  }

  const provider = new Provider(config.issuer, configuration);
  provider.Client.prototype.compareClientSecret = compareHashedSecret;
  // The provider (Koa) reads the client address and protocol from X-Forwarded-*, which `trustedForwarding`
  // rewrites on every request from what Fastify decided (TRUST_PROXY) and PUBLIC_URL: a client cannot choose them.
  provider.proxy = true;
  provider.on('server_error', (ctx: KoaContextWithOIDC, error: Error) => {
    // Its database briefly away: 503 with Retry-After (as the API answers), not 500; the body stays the provider's.
    if (isDatabaseUnavailable(error)) {
      log.warn({ err: error }, 'identity provider: database unavailable');
      ctx.status = 503;
      ctx.set('Retry-After', '5');
      return;
    }
    log.error({ err: error }, 'identity provider error');
  });
  provider.on('grant.error', (_ctx: unknown, error: Error) => log.info({ reason: error.message }, 'token request refused'));
  provider.on('end_session.success', () => log.info('signed out'));
  // A refresh is use: the provider session lives on (within its absolute end), so a reload still finds it.
  provider.on('grant.success', (ctx: KoaContextWithOIDC) => {
    const token = ctx.oidc.entities.RefreshToken as { sessionUid?: string } | undefined;
    if (!token?.sessionUid) return;
    touchSession(db, token.sessionUid, idleSeconds, maxSeconds).catch((error: unknown) => log.warn({ err: error }, 'could not extend the session'));
  });

  await purgeExpired(db).catch((error: unknown) => log.warn({ err: error }, 'could not purge expired identity records'));

  function pageReply(reply: FastifyReply, status: number, html: string): FastifyReply {
    const csp = withFormAction(reply.raw.getHeader('content-security-policy')?.toString(), formActionSources);
    if (csp) reply.header('content-security-policy', csp);
    return reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
  }

  async function interactionOf(request: FastifyRequest<{ Params: { uid: string } }>, reply: FastifyReply): Promise<Interaction | undefined> {
    try {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      if (details.uid !== request.params.uid) return undefined;
      return details;
    } catch (error) {
      if (error instanceof errors.SessionNotFound) return undefined;
      throw error;
    }
  }

  const expired = (reply: FastifyReply) =>
    pageReply(reply, 400, errorPage('This sign-in page has expired. Go back to the Orders Portal and sign in again.', homeUrl));

  /** Ends a successful sign-in: clears the failures, records it, and hands the account to the provider. */
  async function finishSignIn(request: FastifyRequest, reply: FastifyReply, account: AccountRecord, username: string, amr: string[]) {
    await failedLogins.succeed(username);
    request.log.info({ sub: account.id }, 'signed in');
    await recordIdentityEvent(db, request, 'sign_in', { account, username, details: { amr } });
    // remember: false makes the session cookie a browser-session cookie (no persistent cookie).
    const returnTo = await provider.interactionResult(
      request.raw,
      reply.raw,
      { login: { accountId: account.id, amr, remember: false } },
      { mergeWithLastSubmission: false },
    );
    return reply.header('cache-control', 'no-store').redirect(returnTo, 303);
  }

  const secondFactor = await createSecondFactor({ db, config, issuerPath, interactionOf, pageReply, expired, failedLogins, finishSignIn });

  /** Grants the portal's own client what the consent prompt asks for (no consent screen). */
  async function autoConsent(request: FastifyRequest, reply: FastifyReply, details: Interaction) {
    const accountId = details.session?.accountId;
    if (details.params.client_id !== config.OIDC_CLIENT_ID || !accountId) {
      return pageReply(reply, 403, errorPage('This application is not allowed to use the Orders Portal sign-in.', homeUrl));
    }
    const grant = (details.grantId ? await provider.Grant.find(details.grantId) : undefined) ??
      new provider.Grant({ accountId, clientId: config.OIDC_CLIENT_ID });
    const missing = details.prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    if (missing.missingOIDCScope?.length) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims?.length) grant.addOIDCClaims(missing.missingOIDCClaims);
    for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) grant.addResourceScope(indicator, scopes.join(' '));
    const grantId = await grant.save();
    const returnTo = await provider.interactionResult(request.raw, reply.raw, { consent: { grantId } }, { mergeWithLastSubmission: true });
    return reply.header('cache-control', 'no-store').redirect(returnTo, 303);
  }

  let loginsPerAddress: Limiter = async () => 0;
  let loginsPerAccount: Limiter = async () => 0;

  async function register(app: FastifyInstance): Promise<void> {
    const timer = setInterval(() => {
      purgeExpired(db).catch((error: unknown) => log.warn({ err: error }, 'could not purge expired identity records'));
      failedLogins.purge().catch((error: unknown) => log.warn({ err: error }, 'could not purge old sign-in failures'));
    }, PURGE_INTERVAL_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));

    loginsPerAddress = app.limiter({ name: 'login-ip', max: config.RATE_LIMIT_LOGIN_PER_MINUTE, windowMs: 60_000, key: clientAddress });
    loginsPerAccount = app.limiter({
      name: 'login-account',
      max: 2 * config.LOGIN_MAX_FAILURES,
      windowMs: 60_000,
      key: (request) => {
        const username = (request.body as { username?: unknown } | undefined)?.username;
        return typeof username === 'string' ? username.trim().toLowerCase().slice(0, 100) : '';
      },
    });
    const tokenRequests = app.limiter({ name: 'token', max: config.RATE_LIMIT_TOKEN_PER_MINUTE, windowMs: 60_000, key: clientAddress });
    const forwarding = trustedForwarding(config);

    // The web app's 'Two-step verification' button: the sign-in page explains the set-up and offers the way back.
    const purposeOf = (details: Interaction) => ({ setUpSecondFactor: details.params.portal_action === 'mfa', homeUrl });

    // The login page: its own scope, with form bodies parsed.
    await app.register(async (pages) => {
      pages.addHook('onRequest', forwarding);
      await pages.register(formbody, { bodyLimit: 16 * 1024 });

      pages.get<{ Params: { uid: string } }>(`${issuerPath}/interaction/:uid`, async (request, reply) => {
        const details = await interactionOf(request, reply);
        if (!details) return expired(reply);
        if (details.prompt.name === 'login') {
          const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint : undefined;
          return pageReply(reply, 200, loginPage({ action: `${issuerPath}/interaction/${details.uid}/login`, username: hint, ...purposeOf(details) }));
        }
        if (details.prompt.name === 'consent') return autoConsent(request, reply, details);
        return pageReply(reply, 400, errorPage('This sign-in request cannot be completed.', homeUrl));
      });

      pages.post<{ Params: { uid: string }; Body: { username?: unknown; password?: unknown } }>(
        `${issuerPath}/interaction/:uid/login`,
        async (request, reply) => {
          const details = await interactionOf(request, reply);
          if (!details) return expired(reply);
          const action = `${issuerPath}/interaction/${details.uid}/login`;
          const body = request.body ?? {};
          const username = typeof body.username === 'string' ? body.username.trim().slice(0, 100) : '';
          const password = typeof body.password === 'string' ? body.password.slice(0, 128) : '';
          if (details.prompt.name !== 'login') return autoConsent(request, reply, details);

          // Refused before argon2 runs: too many attempts from this address or on this account within a
          // minute, or the account (or the address) is locked after repeated failures.
          const attemptWait = Math.max(await loginsPerAddress(request, reply), await loginsPerAccount(request, reply));
          const lockedMs = attemptWait > 0 ? attemptWait * 1000 : await failedLogins.lockedFor(username, request.ip);
          const account = username ? await findActiveAccountByUsername(db, username) : undefined;
          if (lockedMs > 0) {
            request.log.warn({ username }, 'sign-in locked after repeated failures');
            await recordIdentityEvent(db, request, 'sign_in_locked', { account, username });
            reply.header('Retry-After', Math.ceil(lockedMs / 1000));
            return pageReply(reply, 429, loginPage({ action, username, error: lockedOutMessage(lockedMs), ...purposeOf(details) }));
          }

          const valid = await verifyPassword(account?.passwordHash, password);
          if (!account || !valid || !password) {
            await failedLogins.fail(username, request.ip);
            request.log.info({ username }, 'sign-in failed');
            await recordIdentityEvent(db, request, 'sign_in_failed', { account, username, details: { reason: 'password' } });
            return pageReply(reply, 400, loginPage({ action, username, error: INVALID_CREDENTIALS, ...purposeOf(details) }));
          }
          // The failures are cleared only when the whole sign-in succeeds (after the second factor, if any).
          return secondFactor.afterPassword(request, reply, details, account, username);
        },
      );
      secondFactor.register(pages);
    });

    // Everything else under /idp goes to oidc-provider (a Koa app) with the raw request and response.
    await app.register(async (oidc) => {
      oidc.addHook('onRequest', forwarding);
      oidc.addHook('onRequest', async (request, reply) => {
        if (request.method !== 'POST' || request.url.split('?')[0] !== `${issuerPath}/token`) return;
        await enforce(tokenRequests, request, reply);
        // The provider answers on the raw response (the reply is hijacked): carry the limit's headers over.
        for (const [name, value] of Object.entries(reply.getHeaders())) {
          if (name.startsWith('ratelimit-') && value !== undefined) reply.raw.setHeader(name, value);
        }
      });
      oidc.removeAllContentTypeParsers();
      // oidc-provider reads request bodies itself: leave the stream untouched.
      oidc.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
      const callback = provider.callback();
      const handler = async (request: FastifyRequest, reply: FastifyReply) => {
        reply.hijack();
        const raw = request.raw as IncomingMessage & { originalUrl?: string };
        const url = raw.url ?? '/';
        raw.originalUrl = url;
        raw.url = url.slice(issuerPath.length) || '/';
        if (!raw.url.startsWith('/')) raw.url = `/${raw.url}`;
        callback(raw, reply.raw);
      };
      oidc.all(issuerPath || '/', handler);
      oidc.all(`${issuerPath}/*`, handler);
    });
  }

  return { jwks: keys.publicJwks, register };
}
