import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Interaction } from 'oidc-provider';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { findActiveAccount, type AccountRecord } from './accounts.js';
import { recordIdentityEvent } from './events.js';
import { confirmEnrolment, loadMfaKey, mfaState, pendingEnrolment, requiredMfaRoles, startEnrolment, verifySecondFactor } from './mfa.js';
import { enrolmentPage, INVALID_CODE, recoveryCodesPage, secondFactorPage } from './mfa-views.js';
import { lockedOutMessage } from './views.js';
import { machineNowMs } from '../lib/clock.js';

/** Where a sign-in stands after a right password, kept in the provider's interaction (bound to the browser's cookie). */
interface PendingSignIn {
  accountId: string;
  username: string;
  /** code: enrolled, the code is asked; enrol: the enrolment page is shown; enrolled: the recovery codes were shown. */
  step: 'code' | 'enrol' | 'enrolled';
  /** The user's roles require a second factor (otherwise the enrolment can be skipped). */
  required: boolean;
}

type UidRequest = FastifyRequest<{ Params: { uid: string }; Body: { code?: unknown } }>;

/** What the login page's module lends the second factor. */
export interface SecondFactorHost {
  db: Db;
  config: Config;
  issuerPath: string;
  interactionOf(request: UidRequest, reply: FastifyReply): Promise<Interaction | undefined>;
  pageReply(reply: FastifyReply, status: number, html: string): FastifyReply;
  expired(reply: FastifyReply): FastifyReply;
  /** Failed attempts per username and address: a wrong code counts like a wrong password. */
  failedLogins: { lockedFor(username: string, ip: string): number | Promise<number>; fail(username: string, ip: string): unknown };
  finishSignIn(request: FastifyRequest, reply: FastifyReply, account: AccountRecord, username: string, amr: string[]): Promise<FastifyReply>;
}

export interface SecondFactor {
  /** After a right password: asks for the code, shows the enrolment, or finishes the sign-in. */
  afterPassword(request: FastifyRequest, reply: FastifyReply, details: Interaction, account: AccountRecord, username: string): Promise<FastifyReply>;
  /** The code, enrolment and continue steps. */
  register(pages: FastifyInstance): void;
}

/**
 * TOTP at sign-in (see mfa.ts). Enrolled users give a code (or a recovery code) after their password. Users whose
 * roles are in REQUIRE_MFA enrol on their first sign-in; anyone may enrol by starting a sign-in with
 * `portal_action=mfa` (the web app's 'Two-step verification' button), and skip it there.
 */
export async function createSecondFactor(host: SecondFactorHost): Promise<SecondFactor> {
  const { db, issuerPath, pageReply, expired, failedLogins } = host;
  const key = await loadMfaKey(db, host.config);
  const requiredRoles = requiredMfaRoles(host.config);
  const url = (details: Interaction, step: string) => `${issuerPath}/interaction/${details.uid}/${step}`;

  async function remember(details: Interaction, pending: PendingSignIn): Promise<void> {
    details.result = { portal: pending };
    await details.save(details.exp - Math.floor(machineNowMs() / 1000));
  }

  async function showEnrolment(reply: FastifyReply, details: Interaction, account: AccountRecord, pending: PendingSignIn, error?: string, status = 400) {
    const enrolment = error ? await pendingEnrolment(db, key, account) : await startEnrolment(db, key, account);
    if (!enrolment) return expired(reply);
    return pageReply(
      reply,
      error ? status : 200,
      enrolmentPage({
        action: url(details, 'enrol'),
        skipAction: pending.required ? undefined : url(details, 'continue'),
        qrSvg: enrolment.qrSvg,
        secret: enrolment.secret,
        required: pending.required,
        error,
      }),
    );
  }

  async function afterPassword(request: FastifyRequest, reply: FastifyReply, details: Interaction, account: AccountRecord, username: string) {
    const state = await mfaState(db, account.id);
    const required = account.resourceRoles.some((role) => requiredRoles.includes(role));
    if (state === 'enrolled') {
      await remember(details, { accountId: account.id, username, step: 'code', required });
      return pageReply(reply, 200, secondFactorPage({ action: url(details, 'mfa') }));
    }
    if (!required && details.params.portal_action !== 'mfa') return host.finishSignIn(request, reply, account, username, ['pwd']);
    const pending: PendingSignIn = { accountId: account.id, username, step: 'enrol', required };
    await remember(details, pending);
    return showEnrolment(reply, details, account, pending);
  }

  /** The interaction, its pending sign-in at the expected step and the (still active) account; else undefined. */
  async function pendingAt(request: UidRequest, reply: FastifyReply, steps: PendingSignIn['step'][]) {
    const details = await host.interactionOf(request, reply);
    const pending = (details?.result as { portal?: PendingSignIn } | undefined)?.portal;
    if (!details || details.prompt.name !== 'login' || !pending || !steps.includes(pending.step)) return undefined;
    const account = await findActiveAccount(db, pending.accountId);
    return account ? { details, pending, account } : undefined;
  }

  const codeOf = (request: UidRequest) => (typeof request.body?.code === 'string' ? request.body.code.trim().slice(0, 64) : '');

  /**
   * While the username is locked out, the message to show (and the refused attempt is recorded); undefined when
   * the step may go on. (A reply is thenable: it is never handed back through an await.)
   */
  async function lockedOut(request: UidRequest, pending: PendingSignIn, account: AccountRecord, step: string): Promise<string | undefined> {
    const lockedMs = await failedLogins.lockedFor(pending.username, request.ip);
    if (lockedMs <= 0) return undefined;
    await recordIdentityEvent(db, request.ip, 'sign_in_locked', { account, username: pending.username, details: { step } });
    return lockedOutMessage(lockedMs);
  }

  async function failed(request: UidRequest, pending: PendingSignIn, account: AccountRecord) {
    await failedLogins.fail(pending.username, request.ip);
    request.log.info({ sub: account.id }, 'second factor refused');
    await recordIdentityEvent(db, request.ip, 'sign_in_failed', { account, username: pending.username, details: { reason: 'second_factor' } });
  }

  function register(pages: FastifyInstance): void {
    pages.post<{ Params: { uid: string }; Body: { code?: unknown } }>(`${issuerPath}/interaction/:uid/mfa`, async (request, reply) => {
      const found = await pendingAt(request, reply, ['code']);
      if (!found) return expired(reply);
      const { details, pending, account } = found;
      const action = url(details, 'mfa');
      const locked = await lockedOut(request, pending, account, 'second_factor');
      if (locked) return pageReply(reply, 429, secondFactorPage({ action, error: locked }));
      const passed = await verifySecondFactor(db, key, account.id, codeOf(request));
      if (!passed) {
        await failed(request, pending, account);
        return pageReply(reply, 400, secondFactorPage({ action, error: INVALID_CODE }));
      }
      if (passed === 'recovery') await recordIdentityEvent(db, request.ip, 'mfa_recovery_code_used', { account, username: pending.username });
      return host.finishSignIn(request, reply, account, pending.username, ['pwd', 'otp']);
    });

    pages.post<{ Params: { uid: string }; Body: { code?: unknown } }>(`${issuerPath}/interaction/:uid/enrol`, async (request, reply) => {
      const found = await pendingAt(request, reply, ['enrol']);
      if (!found) return expired(reply);
      const { details, pending, account } = found;
      const locked = await lockedOut(request, pending, account, 'enrolment');
      if (locked) return showEnrolment(reply, details, account, pending, locked, 429);
      const codes = await confirmEnrolment(db, key, account.id, codeOf(request));
      if (!codes) {
        await failed(request, pending, account);
        return showEnrolment(reply, details, account, pending, INVALID_CODE);
      }
      await recordIdentityEvent(db, request.ip, 'mfa_enrolled', { account, username: pending.username, details: { recoveryCodes: codes.length } });
      await remember(details, { ...pending, step: 'enrolled' });
      return pageReply(reply, 200, recoveryCodesPage({ action: url(details, 'continue'), codes }));
    });

    pages.post<{ Params: { uid: string }; Body: { code?: unknown } }>(`${issuerPath}/interaction/:uid/continue`, async (request, reply) => {
      const found = await pendingAt(request, reply, ['enrolled', 'enrol']);
      if (!found || (found.pending.step === 'enrol' && found.pending.required)) return expired(reply);
      const amr = found.pending.step === 'enrolled' ? ['pwd', 'otp'] : ['pwd'];
      return host.finishSignIn(request, reply, found.account, found.pending.username, amr);
    });
  }

  return { afterPassword, register };
}
