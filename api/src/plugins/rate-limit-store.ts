import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database.js';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * The upsert of one hit on the counter named by `key` (an SQL expression), returning `hits` and `ttl` (ms), and
 * `returning` after them: a statement of its own (`hit`) or the end of the API gate's (api-limits.ts).
 */
export const hitStatement = (key: RawBuilder<string>, windowMs: number, returning: RawBuilder<unknown> = sql``) => sql`
    INSERT INTO rate_limits AS r (key, hits, reset_at)
    VALUES (${key}, 1, clock_timestamp() + make_interval(secs => ${windowMs / 1000}))
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN r.reset_at <= clock_timestamp() THEN 1 ELSE r.hits + 1 END,
      reset_at = CASE WHEN r.reset_at <= clock_timestamp() THEN excluded.reset_at ELSE r.reset_at END
    RETURNING hits, greatest(0, ceil(extract(epoch FROM reset_at - clock_timestamp()) * 1000))::int8 AS ttl${returning}`;

/** One hit on `key`: a fixed window of `windowMs` that starts with the first hit. One statement, one round trip. */
export async function hit(db: Db, key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
  const { rows } = await sql<{ hits: number; ttl: number }>`${hitStatement(sql<string>`${key}`, windowMs)}`.execute(db);
  return { current: rows[0].hits, ttl: rows[0].ttl };
}

/** The counter of `key` without counting a hit. */
export async function peek(db: Db, key: string): Promise<{ current: number; ttl: number }> {
  const { rows } = await sql<{ hits: number; ttl: number }>`
    SELECT hits, ceil(extract(epoch FROM reset_at - clock_timestamp()) * 1000)::int8 AS ttl
    FROM rate_limits WHERE key = ${key} AND reset_at > clock_timestamp()`.execute(db);
  return rows[0] ? { current: rows[0].hits, ttl: rows[0].ttl } : { current: 0, ttl: 0 };
}

/** Forgets windows that ended (run from time to time; a counter past its window is reset on its next hit anyway). */
export async function purgeRateLimits(db: Db): Promise<number> {
  const result = await db.deleteFrom('rate_limits').where('reset_at', '<', sql<Date>`clock_timestamp()`).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * A `store` for @fastify/rate-limit in PostgreSQL, so that every replica counts against the same limits and a
 * restart forgets nothing: one upsert per hit on the `rate_limits` table.
 */
export function postgresRateLimitStore(db: Db) {
  return class PostgresRateLimitStore {
    incr(key: string, callback: Callback, timeWindow: number): void {
      hit(db, key, timeWindow).then((result) => callback(null, result), (error: Error) => callback(error));
    }

    read(key: string, callback: Callback): void {
      peek(db, key).then((result) => callback(null, result), (error: Error) => callback(error));
    }

    child(): PostgresRateLimitStore {
      return new PostgresRateLimitStore();
    }
  };
}
