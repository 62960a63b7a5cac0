/**
 * The portal with its embedded identity provider on a real port, and a scripted browser for its login page:
 * what the identity tests need to sign in as the web app does (Authorization Code + PKCE with openid-client).
 */
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import * as oidc from 'openid-client';
import { buildApp } from '../../api/src/app.js';
import { loadConfig, type Config } from '../../api/src/config.js';
import type { Db } from '../../api/src/db/database.js';
import { freePort } from '../../api/src/db/embedded.js';
import { DEMO_PASSWORD } from '../../api/src/db/seed/users.seed.js';
import { createEmbeddedIdp, type EmbeddedIdentityProvider } from '../../api/src/idp/index.js';

export interface PortalWithIdp {
  app: FastifyInstance;
  idp: EmbeddedIdentityProvider;
  config: Config;
  baseUrl: string;
  client: oidc.Configuration;
  log: FastifyBaseLogger;
}

/**
 * The API and the embedded provider as server.ts wires them, listening on a free port; `env` overrides the configuration.
 * Load shedding on event loop delay is off, as in tests/support/app.test-utils.ts: a busy test machine lags without being overloaded.
 */
export async function startPortalWithIdp(db: Db, env: Record<string, string> = {}): Promise<PortalWithIdp> {
  const log = Fastify({ logger: { level: 'silent' } }).log;
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({ PORT: String(port), PUBLIC_URL: baseUrl, LOG_LEVEL: 'silent', NODE_ENV: 'test', JOBS_WORKERS: '0', MQTT_BROKER: 'false', PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0', ...env });
  const idp = await createEmbeddedIdp({ db, config, log });
  const app = await buildApp({ config, db, keys: idp.jwks, logger: log, extend: (instance) => idp.register(instance) });
  await app.listen({ host: '127.0.0.1', port });
  const client = await oidc.discovery(new URL(config.issuer), config.OIDC_CLIENT_ID, undefined, oidc.None(), {
    execute: [oidc.allowInsecureRequests],
  });
  return { app, idp, config, baseUrl, client, log };
}

/** A browser's cookie jar, just enough for the provider's cookies. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((attribute) => /expires=thu, 01 jan 1970/i.test(attribute.trim()));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
  get size() {
    return this.cookies.size;
  }
}

export interface Step {
  response: Response;
  url: string;
  body: string;
}

export function formAction(html: string, pageUrl: string): string {
  const match = /<form[^>]*method="post"[^>]*action="([^"]+)"/.exec(html);
  if (!match) throw new Error(`no form in page: ${html.slice(0, 200)}`);
  return new URL(match[1].replace(/&#38;/g, '&'), pageUrl).href;
}

export type OidcBrowser = ReturnType<typeof oidcBrowser>;

/** Sign-in steps against one portal, as a browser and the web app take them. */
export function oidcBrowser({ baseUrl, client }: Pick<PortalWithIdp, 'baseUrl' | 'client'>) {
  /** Follows redirects by hand, carrying cookies, until a page answers or the web app's redirect URI is reached. */
  async function browse(jar: CookieJar, url: string, init: RequestInit = {}): Promise<Step> {
    let current = url;
    let request: RequestInit = init;
    for (let hops = 0; hops < 10; hops += 1) {
      if (current.startsWith(`${baseUrl}/?`) || current.startsWith('http://localhost:5173/')) {
        return { response: new Response(null, { status: 200 }), url: current, body: '' };
      }
      const response = await fetch(current, { ...request, redirect: 'manual', headers: { ...(request.headers as Record<string, string>), cookie: jar.header() } });
      jar.store(response);
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        current = new URL(location, current).href;
        request = {};
        continue;
      }
      return { response, url: current, body: await response.text() };
    }
    throw new Error('too many redirects');
  }

  /** `extra` adds authorization parameters (e.g. the web app's portal_action=mfa). */
  async function startSignIn(jar: CookieJar, redirectUri = `${baseUrl}/`, extra: Record<string, string> = {}) {
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const url = oidc.buildAuthorizationUrl(client, {
      redirect_uri: redirectUri,
      scope: 'openid profile email offline_access',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      ...extra,
    });
    const loginPage = await browse(jar, url.href);
    return { codeVerifier, state, loginPage };
  }

  /** Posts the page's form (the first, or the `formIndex`th) with these fields. */
  async function submit(jar: CookieJar, page: Step, fields: Record<string, string>, formIndex = 0): Promise<Step> {
    const forms = [...page.body.matchAll(/<form[^>]*method="post"[^>]*action="([^"]+)"/g)];
    const action = forms[formIndex]?.[1];
    if (!action) throw new Error(`no form ${formIndex} in page: ${page.body.slice(0, 200)}`);
    return browse(jar, new URL(action.replace(/&#38;/g, '&'), page.url).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  }

  async function submitLogin(jar: CookieJar, page: Step, username: string, password: string): Promise<Step> {
    return browse(jar, formAction(page.body, page.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username, password }).toString(),
    });
  }

  /** A complete sign-in of a demo user: tokens as the web app gets them. */
  async function signIn(username: string, password = DEMO_PASSWORD) {
    const jar = new CookieJar();
    const { codeVerifier, state, loginPage } = await startSignIn(jar);
    const done = await submitLogin(jar, loginPage, username, password);
    const tokens = await oidc.authorizationCodeGrant(client, new URL(done.url), { pkceCodeVerifier: codeVerifier, expectedState: state });
    return { jar, tokens };
  }

  return { browse, startSignIn, submit, submitLogin, signIn };
}
