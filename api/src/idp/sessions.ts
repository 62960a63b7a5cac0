import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { machineNowMs } from '../lib/clock.js';

/**
 * The lifetimes of a sign-in: SESSION_IDLE_MINUTES without use, SESSION_MAX_HOURS in all (ASVS 5.0 V7.3).
 * `sessionSeconds(start)` is what is left of both for a session or refresh token whose sign-in was at `start`.
 */
export function sessionLifetimes(config: Pick<Config, 'SESSION_IDLE_MINUTES' | 'SESSION_MAX_HOURS'>) {
  const idleSeconds = config.SESSION_IDLE_MINUTES * 60;
  const maxSeconds = config.SESSION_MAX_HOURS * 60 * 60;
  const sessionSeconds = (start: number | undefined, now = Math.floor(machineNowMs() / 1000)) =>
    Math.max(1, Math.floor(Math.min(idleSeconds, (start ?? now) + maxSeconds - now)));
  return { idleSeconds, maxSeconds, sessionSeconds };
}

/** Moves the idle end of the provider session `uid` to now + idle (never past its absolute end). */
export async function touchSession(db: Db, uid: string, idleSeconds: number, maxSeconds: number): Promise<void> {
  const end = sql<Date>`least(clock_timestamp() + make_interval(secs => ${idleSeconds}), to_timestamp((payload->>'loginTs')::bigint + ${maxSeconds}))`;
  await db
    .updateTable('oidc_payloads')
    .set({
      expires_at: end,
      payload: sql<string>`jsonb_set(payload, '{exp}', to_jsonb(floor(extract(epoch FROM ${end}))::bigint))`,
    })
    .where('type', '=', 'Session')
    .where('uid', '=', uid)
    .where(sql<string>`payload->>'loginTs'`, 'is not', null)
    .execute();
}

/**
 * The provider (Koa, with proxy on) takes the client address, protocol and host from X-Forwarded-*. They are set
 * here from what Fastify decided (only proxies named by TRUST_PROXY count) and from PUBLIC_URL, whatever the
 * client sent: the address is the one the lockout and the limits saw, and Secure cookies are set when required.
 */
export function trustedForwarding(config: Pick<Config, 'publicUrl' | 'secureCookies'>) {
  const publicUrl = new URL(config.publicUrl);
  const protocol = config.secureCookies ? 'https' : publicUrl.protocol.replace(':', '');
  return async (request: FastifyRequest) => {
    const ip = request.ip;
    const headers = request.raw.headers;
    delete headers.forwarded;
    headers['x-forwarded-for'] = ip;
    headers['x-forwarded-proto'] = protocol;
    headers['x-forwarded-host'] = publicUrl.host;
  };
}
