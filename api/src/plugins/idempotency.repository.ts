import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';

export interface KeyRef {
  caller: string;
  key: string;
  /** The claim of this request: only it may store or free the key. */
  attempt: string;
}

export type Claim =
  | { kind: 'claimed'; attempt: string }
  | { kind: 'running' }
  | { kind: 'mismatch' }
  | { kind: 'done'; statusCode: number; contentType: string | null; body: string };

/**
 * Takes the key for this request, or says why not. A new key, an expired one, or one whose earlier attempt
 * failed without releasing it (lease over, no response, same request) is taken; otherwise the row says
 * whether the first request is still running, was a different request, or what it answered.
 */
type ClaimRequest = Omit<KeyRef, 'attempt'> & { operation: string; fingerprint: string; leaseMs: number; ttlHours: number };

export async function claimKey(db: Db, ref: ClaimRequest): Promise<Claim> {
  // The row can vanish between the two statements (a failed attempt's key freed meanwhile): then try again.
  for (let round = 1; ; round++) {
    const claim = await tryClaim(db, ref);
    if (claim || round === 3) return claim ?? { kind: 'running' };
  }
}

async function tryClaim(db: Db, ref: ClaimRequest): Promise<Claim | undefined> {
  const attempt = randomUUID();
  const lockedUntil = sql<Date>`now() + make_interval(secs => ${ref.leaseMs / 1000})`;
  const row = {
    operation: ref.operation,
    fingerprint: ref.fingerprint,
    attempt,
    locked_until: lockedUntil,
    expires_at: sql<Date>`now() + make_interval(hours => ${ref.ttlHours})`,
  };
  const taken = await db
    .insertInto('idempotency_keys')
    .values({ caller: ref.caller, key: ref.key, ...row })
    .onConflict((oc) =>
      oc
        .columns(['caller', 'key'])
        .doUpdateSet({ ...row, status_code: null, content_type: null, response_body: null })
        .where((eb) =>
          eb.or([
            eb('idempotency_keys.expires_at', '<', sql<Date>`now()`),
            eb.and([
              eb('idempotency_keys.status_code', 'is', null),
              eb('idempotency_keys.locked_until', '<', sql<Date>`now()`),
              eb('idempotency_keys.fingerprint', '=', eb.ref('excluded.fingerprint')),
            ]),
          ]),
        ),
    )
    .returning('caller')
    .executeTakeFirst();
  if (taken) return { kind: 'claimed', attempt };
  const existing = await db
    .selectFrom('idempotency_keys')
    .select(['fingerprint', 'status_code', 'content_type', 'response_body'])
    .where('caller', '=', ref.caller)
    .where('key', '=', ref.key)
    .executeTakeFirst();
  if (!existing) return undefined;
  if (existing.fingerprint !== ref.fingerprint) return { kind: 'mismatch' };
  if (existing.status_code === null) return { kind: 'running' };
  return { kind: 'done', statusCode: existing.status_code, contentType: existing.content_type, body: existing.response_body ?? '' };
}

/** Keeps the response a repeat will get. */
export async function storeResponse(db: Db, ref: KeyRef & { statusCode: number; contentType: string | null; body: string }): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ status_code: ref.statusCode, content_type: ref.contentType, response_body: ref.body })
    .where('caller', '=', ref.caller)
    .where('key', '=', ref.key)
    .where('attempt', '=', ref.attempt)
    .execute();
}

/** The request failed: the key is free for a retry of the same attempt. */
export async function releaseKey(db: Db, ref: KeyRef): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('caller', '=', ref.caller)
    .where('key', '=', ref.key)
    .where('attempt', '=', ref.attempt)
    .where('status_code', 'is', null)
    .execute();
}

/** Deletes expired keys; returns how many. */
export async function purgeExpiredKeys(db: Db): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('expires_at', '<', sql<Date>`now()`).executeTakeFirst();
  return Number(result.numDeletedRows);
}
