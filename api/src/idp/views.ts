/**
 * Server-rendered pages of the embedded identity provider, in the portal's look (the web app's theme: system font,
 * blue 8 #1971c2 primary, a centered card), with the app's contrast (WCAG 1.4.3, 4.5:1: blue 8 and gray 7 text, red 9
 * for errors). No scripts at all, so the app's CSP holds as is.
 */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"'`]/g, (char) => `&#${char.charCodeAt(0)};`);
}

const STYLE = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:16px;
  font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Helvetica,Arial,sans-serif,"Apple Color Emoji","Segoe UI Emoji";
  font-size:16px;line-height:1.55;color:#000;background:#f8f9fa;-webkit-font-smoothing:antialiased}
.card{width:100%;max-width:420px;background:#fff;border:1px solid #dee2e6;border-radius:8px;padding:32px;
  box-shadow:0 1px 3px rgba(0,0,0,.05),0 1px 2px rgba(0,0,0,.1)}
.brand{margin:0 0 4px;font-size:26px;font-weight:700;line-height:1.35;text-align:center}
.sub{margin:0 0 24px;color:#495057;font-size:14px;text-align:center}
label{display:block;font-size:14px;font-weight:500;margin-bottom:4px;color:#212529}
.field{margin-bottom:16px}
input[type=text],input[type=password]{display:block;width:100%;height:36px;padding:0 12px;font:inherit;font-size:14px;
  color:#000;background:#fff;border:1px solid #ced4da;border-radius:4px;outline:none;transition:border-color .1s}
input[type=text]:focus,input[type=password]:focus{border-color:#1971c2}
input[aria-invalid=true]{border-color:#e03131;color:#c92a2a}
.error{margin:0 0 16px;padding:8px 12px;font-size:14px;color:#c92a2a;background:#fff5f5;border-radius:4px}
button{display:block;width:100%;height:36px;padding:0 18px;font:inherit;font-size:14px;font-weight:600;color:#fff;
  background:#1971c2;border:1px solid transparent;border-radius:4px;cursor:pointer}
button:hover{background:#1864ab}
button:focus-visible{outline:2px solid #1971c2;outline-offset:2px}
a{color:#1971c2;text-decoration:none}a:hover{text-decoration:underline}
p.text{margin:0 0 16px;font-size:14px;text-align:center;color:#495057}
.qr{display:block;width:200px;height:200px;margin:0 auto 16px}
.secret{display:block;margin:0 0 16px;padding:8px;font-family:ui-monospace,Menlo,Consolas,monospace;font-size:15px;text-align:center;
  word-break:break-all;background:#f1f3f5;border-radius:4px}
ul.codes{columns:2;margin:0 0 16px;padding:0;list-style:none;font-family:ui-monospace,Menlo,Consolas,monospace;font-size:15px;text-align:center}
button.secondary{margin-top:8px;color:#1971c2;background:#fff;border-color:#ced4da}button.secondary:hover{background:#f8f9fa}
h2.title{margin:0 0 4px;font-size:20px;font-weight:700;line-height:1.35;text-align:center}
p.step{margin:0 0 16px;color:#495057;font-size:14px;text-align:center}
p.explain{margin:0 0 16px;font-size:14px;color:#212529}
ol.steps{margin:0 0 16px;padding-left:22px;font-size:14px;color:#212529}ol.steps li{margin-bottom:6px}
ol.steps li[aria-current=step]{font-weight:600}
p.back{margin:16px 0 0;font-size:14px;text-align:center}
`;

export function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${STYLE}</style>
</head>
<body>
<main class="card">
<h1 class="brand">Orders Portal</h1>
${body}
</main>
</body>
</html>`;
}

export const INVALID_CREDENTIALS = 'Invalid username or password.';

export function lockedOutMessage(lockedMs: number): string {
  const minutes = Math.max(1, Math.ceil(lockedMs / 60_000));
  return `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/** The three steps of setting up two-step verification, the current one marked (1-based). */
export function enrolmentSteps(current: 1 | 2 | 3): string {
  const steps = [
    '<strong>Confirm it is you</strong>: sign in with your password, so that nobody else can change how your account is protected.',
    '<strong>Connect your authenticator app</strong>: scan a QR code with it and type the code it shows.',
    '<strong>Keep your recovery codes</strong>: each signs you in once if you lose your phone.',
  ];
  return `<ol class="steps" aria-label="Steps of the set-up">${steps
    .map((step, index) => `<li${index + 1 === current ? ' aria-current="step"' : ''}>${step}</li>`)
    .join('')}</ol>`;
}

/**
 * The sign-in page. With `setUpSecondFactor` (the portal's 'Two-step verification' button) it first says what
 * two-step verification is and why the password is asked again, with the steps ahead and a way back to the portal.
 */
export function loginPage(options: { action: string; username?: string; error?: string; setUpSecondFactor?: boolean; homeUrl?: string }): string {
  const invalid = options.error ? ' aria-invalid="true" aria-describedby="login-error"' : '';
  if (options.setUpSecondFactor) {
    return page(
      'Set up two-step verification · Orders Portal',
      `<h2 class="title">Set up two-step verification</h2>
<p class="step">Step 1 of 3: confirm it is you</p>
<p class="explain">${escapeHtml(
        'Two-step verification protects your account with a second step after your password: a 6-digit code from an ' +
          'authenticator app on your phone, which changes every 30 seconds. Someone who learns your password still cannot ' +
          'sign in without your phone.',
      )}</p>
${enrolmentSteps(1)}
<p class="explain">If it is on already, you give your code after the password and return to the portal.</p>
${loginForm(options, invalid, 'Sign in and continue')}
${options.homeUrl ? `<p class="back"><a href="${escapeHtml(options.homeUrl)}">Back to the Orders Portal</a></p>` : ''}`,
    );
  }
  return page(
    'Sign in · Orders Portal',
    `<p class="sub">Sign in to your account</p>
${loginForm(options, invalid, 'Sign in')}`,
  );
}

function loginForm(options: { action: string; username?: string; error?: string }, invalid: string, submit: string): string {
  return `${options.error ? `<p class="error" id="login-error" role="alert">${escapeHtml(options.error)}</p>` : ''}
<form method="post" action="${escapeHtml(options.action)}" autocomplete="on">
<div class="field"><label for="username">Username</label>
<input id="username" name="username" type="text" autocomplete="username" autocapitalize="none" spellcheck="false" required maxlength="100" value="${escapeHtml(options.username ?? '')}"${invalid}${options.username ? '' : ' autofocus'}></div>
<div class="field"><label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required maxlength="128"${invalid}${options.username ? ' autofocus' : ''}></div>
<button type="submit">${escapeHtml(submit)}</button>
</form>`;
}

/** The confirmation asked only when a logout request cannot prove it comes from the signed-in user. */
export function logoutPage(form: string): string {
  return page(
    'Log out · Orders Portal',
    `<p class="sub">Do you want to log out of the Orders Portal?</p>
${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes">Log out</button>`,
  );
}

export function loggedOutPage(homeUrl: string): string {
  return page(
    'Logged out · Orders Portal',
    `<p class="text">You are logged out.</p><p class="text"><a href="${escapeHtml(homeUrl)}">Back to the Orders Portal</a></p>`,
  );
}

export function errorPage(message: string, homeUrl: string): string {
  return page(
    'Sign-in problem · Orders Portal',
    `<p class="error" role="alert">${escapeHtml(message)}</p><p class="text"><a href="${escapeHtml(homeUrl)}">Back to the Orders Portal</a></p>`,
  );
}
