import { createHash, randomBytes } from 'node:crypto';

/**
 * Signs in through the embedded identity provider's real login page over HTTP (authorization code flow
 * with PKCE, as the web app does) and returns the access token: what a person does in the browser,
 * without one.
 */
export async function signIn(baseUrl: string, username: string, password: string): Promise<string> {
  const cookies = new Map<string, string>();
  const remember = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      cookies.set(pair!.slice(0, at).trim(), pair!.slice(at + 1));
    }
  };
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const request = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(new URL(url, baseUrl), { ...init, redirect: 'manual', headers: { ...init.headers, cookie: cookieHeader() } });
    remember(response);
    return response;
  };

  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const redirectUri = `${baseUrl}/`;
  const authorize = new URL('/idp/auth', baseUrl);
  authorize.search = new URLSearchParams({
    client_id: 'orders-public',
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid profile email offline_access',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    prompt: 'consent',
  }).toString();

  let response = await request(authorize.href);
  let location = response.headers.get('location');
  let loginPosted = false;
  for (let hops = 0; location && hops < 10; hops++) {
    const target = new URL(location, baseUrl);
    if (target.href.startsWith(redirectUri) && target.searchParams.has('code')) break;
    if (!loginPosted && /\/interaction\/[^/]+$/.test(target.pathname)) {
      const page = await request(target.href);
      if (page.status === 200) {
        const action = /action="([^"]+)"/.exec(await page.text())?.[1];
        if (!action) throw new Error('no login form on the sign-in page');
        response = await request(action, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ username, password }).toString(),
        });
        loginPosted = true;
      } else response = page;
    } else response = await request(target.href);
    location = response.headers.get('location');
  }
  const code = location ? new URL(location, baseUrl).searchParams.get('code') : null;
  if (!code) throw new Error(`sign-in of ${username} did not end with a code (HTTP ${response.status})`);
  const token = await fetch(new URL('/idp/token', baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: 'orders-public', code_verifier: verifier }).toString(),
  });
  const body = (await token.json()) as { access_token?: string; error_description?: string };
  if (!body.access_token) throw new Error(`token request for ${username} failed: ${body.error_description ?? token.status}`);
  return body.access_token;
}
