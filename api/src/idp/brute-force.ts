import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';

export interface LoginLimits {
  /** Failures of one account within the window that lock it, whatever address they come from. */
  maxFailures: number;
  /** Failures from one address within the window that lock the address (password spraying). */
  maxFailuresPerIp: number;
  windowMs: number;
  /** Each failure after the second answers this much later than the one before (capped at 5 s). */
  delayStepMs: number;
}

const MAX_DELAY_MS = 5_000;

/** How long the answer to an account's n-th failure within the window waits: 0, 0, 1 step, 2 steps … at most 5 s. */
export function delayAfter(failures: number, stepMs: number): number {
  return Math.min(MAX_DELAY_MS, Math.max(0, failures - 2) * stepMs);
}

const normalized = (username: string) => username.trim().toLowerCase();

/**
 * Failed sign-ins in PostgreSQL (ASVS 5.0 V6.3.1), so the lockout holds on every replica and after a restart:
 * an account is locked after `maxFailures` failures within the window, from whatever address (X-Forwarded-For
 * changes nothing), and an address after `maxFailuresPerIp` failures over any accounts. The lock lasts until
 * the oldest of those failures leaves the window. A success clears the account's failures.
 */
export class FailedLoginTracker {
  constructor(
    private readonly db: Db,
    private readonly limits: LoginLimits,
  ) {}

  private get window() {
    return sql<Date>`clock_timestamp() - make_interval(secs => ${this.limits.windowMs / 1000})`;
  }

  /** Milliseconds until the account (and the address) may try again; 0 when neither is locked. */
  async lockedFor(username: string, ip: string): Promise<number> {
    const nth = (column: 'username' | 'ip', value: string, limit: number) =>
      this.db
        .selectFrom('login_failures')
        .select(sql<number>`extract(epoch FROM failed_at + make_interval(secs => ${this.limits.windowMs / 1000}) - clock_timestamp()) * 1000`.as('ms'))
        .where(column, '=', value)
        .where('failed_at', '>', this.window)
        .orderBy('failed_at', 'desc')
        .offset(limit - 1)
        .limit(1);
    const row = await this.db
      .selectNoFrom((eb) => [
        eb.selectFrom(nth('username', normalized(username), this.limits.maxFailures).as('a')).select('a.ms').as('account'),
        eb.selectFrom(nth('ip', ip, this.limits.maxFailuresPerIp).as('i')).select('i.ms').as('address'),
      ])
      .executeTakeFirstOrThrow();
    return Math.max(0, Math.ceil(Math.max(Number(row.account ?? 0), Number(row.address ?? 0))));
  }

  /** Failures of the account within the window so far. */
  async count(username: string): Promise<number> {
    const row = await this.db
      .selectFrom('login_failures')
      .select((eb) => eb.fn.countAll<number>().as('failures'))
      .where('username', '=', normalized(username))
      .where('failed_at', '>', this.window)
      .executeTakeFirstOrThrow();
    return Number(row.failures);
  }

  /** Records a failure, then waits longer the more the account failed (slows down guessing one account). */
  async fail(username: string, ip: string): Promise<void> {
    await this.db.insertInto('login_failures').values({ username: normalized(username), ip }).execute();
    const wait = delayAfter(await this.count(username), this.limits.delayStepMs);
    if (wait > 0) await sleep(wait);
  }

  async succeed(username: string): Promise<void> {
    await this.db.deleteFrom('login_failures').where('username', '=', normalized(username)).execute();
  }

  /** Forgets failures that left the window. */
  async purge(): Promise<number> {
    const result = await this.db.deleteFrom('login_failures').where('failed_at', '<=', this.window).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
