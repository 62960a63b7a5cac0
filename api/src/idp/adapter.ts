import { sql, type Kysely, type Transaction } from 'kysely';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Database, Db } from '../db/database.js';
import { machineNowMs } from '../lib/clock.js';

/**
 * oidc-provider's storage in PostgreSQL: one row per model instance (Session, Interaction, Grant,
 * AuthorizationCode, AccessToken, RefreshToken, ...) keyed by (id, type). Expired rows are never returned
 * and are purged from time to time (`purgeExpired`).
 */
export class PostgresAdapter implements Adapter {
  constructor(
    private readonly type: string,
    private readonly db: Db,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn: number | undefined): Promise<void> {
    const expiresAt = typeof expiresIn === 'number' ? new Date(machineNowMs() + expiresIn * 1000) : null;
    const row = {
      payload: JSON.stringify(payload),
      grant_id: typeof payload.grantId === 'string' ? payload.grantId : null,
      user_code: typeof payload.userCode === 'string' ? payload.userCode : null,
      uid: typeof payload.uid === 'string' ? payload.uid : null,
      expires_at: expiresAt,
    };
    await this.db
      .insertInto('oidc_payloads')
      .values({ id, type: this.type, ...row })
      .onConflict((oc) => oc.columns(['id', 'type']).doUpdateSet(row))
      .execute();
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    return this.findWhere('id', id);
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findWhere('uid', uid);
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findWhere('user_code', userCode);
  }

  async consume(id: string): Promise<void> {
    await this.db
      .updateTable('oidc_payloads')
      .set({ consumed_at: sql<Date>`now()` })
      .where('id', '=', id)
      .where('type', '=', this.type)
      .execute();
  }

  async destroy(id: string): Promise<void> {
    await this.db.deleteFrom('oidc_payloads').where('id', '=', id).where('type', '=', this.type).execute();
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db.deleteFrom('oidc_payloads').where('grant_id', '=', grantId).where('type', '=', this.type).execute();
  }

  private async findWhere(column: 'id' | 'uid' | 'user_code', value: string): Promise<AdapterPayload | undefined> {
    const row = await this.db
      .selectFrom('oidc_payloads')
      .select(['payload', 'consumed_at'])
      .where(column, '=', value)
      .where('type', '=', this.type)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]))
      .executeTakeFirst();
    if (!row) return undefined;
    const payload = row.payload as AdapterPayload;
    return row.consumed_at ? { ...payload, consumed: Math.floor(row.consumed_at.getTime() / 1000) } : payload;
  }
}

/** Deletes expired rows; returns how many. */
export async function purgeExpired(db: Db): Promise<number> {
  const result = await db.deleteFrom('oidc_payloads').where('expires_at', '<', sql<Date>`now()`).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Refuses at the API, on every replica, every access token of `sub` issued until now (`subject_revocations`: its
 * trigger notifies every replica's memory, plugins/revocations.ts): a disabled user, a revoked API client. A caller
 * inside the API hands the answer to its own process's memory once the transaction commits, so that its next request
 * does not wait for the notification.
 */
export async function revokeSubject(db: Kysely<Database> | Transaction<Database>, sub: string): Promise<Revocation> {
  const row = await db
    .insertInto('subject_revocations')
    .values({ sub, revoked_at: sql<Date>`clock_timestamp()` })
    .onConflict((oc) => oc.column('sub').doUpdateSet({ revoked_at: sql<Date>`clock_timestamp()` }))
    .returning(sql<number>`extract(epoch from revoked_at)::float8`.as('at'))
    .executeTakeFirstOrThrow();
  return { sub, at: row.at };
}

/** A subject's tokens issued up to `at` (seconds since the epoch, fractional) are refused. */
export interface Revocation {
  sub: string;
  at: number;
}

/**
 * Ends everything a user holds at the provider: sessions, grants and every token or code issued under
 * those grants, and refuses their access tokens issued until now at the API (`subject_revocations`: its trigger
 * notifies every replica in this transaction, plugins/revocations.ts). Used when a user is disabled or their password
 * changes.
 */
export async function revokeUserSessions(db: Db, userId: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await revokeSubject(trx, userId);
    const grants = await trx
      .selectFrom('oidc_payloads')
      .select('id')
      .where('type', '=', 'Grant')
      .where(sql<string>`payload->>'accountId'`, '=', userId)
      .execute();
    const grantIds = grants.map((grant) => grant.id);
    let deleted = 0;
    if (grantIds.length) {
      const tokens = await trx.deleteFrom('oidc_payloads').where('grant_id', 'in', grantIds).executeTakeFirst();
      deleted += Number(tokens.numDeletedRows);
    }
    const owned = await trx
      .deleteFrom('oidc_payloads')
      .where('type', 'in', ['Session', 'Grant', 'AccessToken', 'RefreshToken', 'AuthorizationCode', 'Interaction'])
      .where(sql<string>`payload->>'accountId'`, '=', userId)
      .executeTakeFirst();
    deleted += Number(owned.numDeletedRows);
    return deleted;
  });
}
