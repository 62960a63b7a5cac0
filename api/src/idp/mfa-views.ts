import { enrolmentSteps, escapeHtml, page } from './views.js';

/** Pages of the second factor, in the login page's look (no scripts). */
export const INVALID_CODE = 'That code is not valid. Enter the current code from your app, or an unused recovery code.';

function codeField(options: { error?: string; label: string }): string {
  const invalid = options.error ? ' aria-invalid="true" aria-describedby="code-error"' : '';
  return `${options.error ? `<p class="error" id="code-error" role="alert">${escapeHtml(options.error)}</p>` : ''}
<div class="field"><label for="code">${escapeHtml(options.label)}</label>
<input id="code" name="code" type="text" autocomplete="one-time-code" autocapitalize="none" spellcheck="false" required maxlength="64" autofocus${invalid}></div>`;
}

/** Later sign-ins: the code (or a recovery code) after the password. */
export function secondFactorPage(options: { action: string; error?: string }): string {
  return page(
    'Two-step verification · Orders Portal',
    `<p class="sub">Two-step verification</p>
<p class="text">Enter the 6-digit code from your authenticator app, or one of your recovery codes.</p>
<form method="post" action="${escapeHtml(options.action)}" autocomplete="off">
${codeField({ error: options.error, label: 'Authentication code' })}
<button type="submit">Verify</button>
</form>`,
  );
}

/** Enrolment: the QR code and the secret as text, then the first code. Optional enrolments can be skipped. */
export function enrolmentPage(options: { action: string; skipAction?: string; qrSvg: string; secret: string; required: boolean; error?: string }): string {
  const grouped = options.secret.match(/.{1,4}/g)?.join(' ') ?? options.secret;
  return page(
    'Set up two-step verification · Orders Portal',
    `<h2 class="title">Set up two-step verification</h2>
<p class="step">Step 2 of 3: connect your authenticator app</p>
${
  options.required
    ? `<p class="explain">${escapeHtml(
        'Your account needs two-step verification: after your password, the portal will ask for a 6-digit code from an ' +
          'authenticator app on your phone, so that a password alone cannot open your account.',
      )}</p>`
    : ''
}
${enrolmentSteps(2)}
<p class="text">Scan this QR code with an authenticator app (for example Google Authenticator, Microsoft Authenticator or 1Password).</p>
<div class="qr" role="img" aria-label="QR code of your authenticator key">${options.qrSvg}</div>
<p class="text">Or enter this key in the app:</p>
<code class="secret" data-testid="totp-secret">${escapeHtml(grouped)}</code>
<form method="post" action="${escapeHtml(options.action)}" autocomplete="off">
${codeField({ error: options.error, label: 'Code from the app' })}
<button type="submit">Turn on two-step verification</button>
</form>
${options.skipAction ? `<form method="post" action="${escapeHtml(options.skipAction)}"><button type="submit" class="secondary">Not now, back to the portal</button></form>` : ''}`,
  );
}

/** After enrolment: the recovery codes, shown this once. */
export function recoveryCodesPage(options: { action: string; codes: string[] }): string {
  return page(
    'Recovery codes · Orders Portal',
    `<h2 class="title">Two-step verification is on</h2>
<p class="step">Step 3 of 3: keep your recovery codes</p>
<p class="explain">From your next sign-in on, the portal asks for the code from your app after your password.</p>
<p class="text">Save these recovery codes somewhere safe. Each one signs you in once if you lose your authenticator app. They are shown only now.</p>
<ul class="codes" aria-label="Recovery codes">${options.codes.map((code) => `<li><code>${escapeHtml(code)}</code></li>`).join('')}</ul>
<form method="post" action="${escapeHtml(options.action)}"><button type="submit">Continue to the portal</button></form>`,
  );
}
