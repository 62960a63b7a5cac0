import { sql } from 'kysely';
import type { Db } from '../db/database.js';

/** A counter as the store answered: the hits of its window (all replicas) and the milliseconds left of it. */
export interface Count {
  current: number;
  ttl: number;
}

/**
 * Adds `hits[i]` to the counter `keys[i]` (a fixed window of `windows[i]` ms that starts with its first hit), for
 * every i in one statement, and returns each counter's hits and ttl (ms). Keys are locked in sorted order, so two
 * replicas flushing at once cannot deadlock.
 */
export async function addHits(db: Db, batch: { key: string; hits: number; windowMs: number }[]): Promise<Map<string, Count>> {
  const sorted = [...batch].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const { rows } = await sql<{ key: string; hits: number; ttl: number }>`
    INSERT INTO rate_limits AS r (key, hits, reset_at)
    SELECT k, h, clock_timestamp() + make_interval(secs => w)
    FROM unnest(${sorted.map((entry) => entry.key)}::text[], ${sorted.map((entry) => entry.hits)}::int[],
      ${sorted.map((entry) => entry.windowMs / 1000)}::float8[]) WITH ORDINALITY AS t(k, h, w, n)
    ORDER BY n
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN r.reset_at <= clock_timestamp() THEN excluded.hits ELSE r.hits + excluded.hits END,
      reset_at = CASE WHEN r.reset_at <= clock_timestamp() THEN excluded.reset_at ELSE r.reset_at END
    RETURNING key, hits, greatest(0, ceil(extract(epoch FROM reset_at - clock_timestamp()) * 1000))::int8 AS ttl`.execute(db);
  return new Map(rows.map((row) => [row.key, { current: row.hits, ttl: row.ttl }]));
}

/** One hit on `key`, counted in the store at once. */
export async function hit(db: Db, key: string, windowMs: number): Promise<Count> {
  return (await addHits(db, [{ key, hits: 1, windowMs }])).get(key)!;
}

/** Forgets windows that ended (run from time to time; a counter past its window is reset on its next hit anyway). */
export async function purgeRateLimits(db: Db): Promise<number> {
  const result = await db.deleteFrom('rate_limits').where('reset_at', '<', sql<Date>`clock_timestamp()`).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Of a limit of `max` hits a window, what one replica may count without the store between two of its flushes. */
export const localShare = (max: number) => Math.floor(max / 100);
/** How many local shares below the limit a replica goes to the store for every hit. */
const NEAR_SHARES = 10;
/** How often hits counted in the process are written to the store. */
export const FLUSH_EVERY_MS = 250;
/** Counters kept in memory at most; beyond, a new key is counted in the store at once. */
const MAX_KEYS = 100_000;

interface Counter {
  /** The store's count as last answered (this replica's flushed hits and every other replica's). */
  known: number;
  /** Hits admitted here and not yet sent to the store. */
  pending: number;
  /** Hits sent to the store and not yet answered. */
  inflight: number;
  /** performance.now() at which the window ends, as the store last said (or as guessed from the first hit). */
  resetAt: number;
  windowMs: number;
  share: number;
}

/**
 * Rate-limit counters shared by every replica through the `rate_limits` table, counted in the process and written in
 * batches (docs/decisions.md, "Rate limits"). A hit is admitted without the store while the replica's hits not yet
 * answered by the store stay below its local share (1 % of the limit) and its estimate (the store's last count plus
 * those hits) stays more than ten shares below the limit; otherwise the hit goes to the store at once, with the hits
 * waiting, and the store's count decides. Every 250 ms the waiting hits of every key go in one statement, and earlier
 * when a key has half its share waiting. A limit below 100 a window has no local share: every hit goes to the store.
 *
 * The bound: hits a replica admitted and the store had not counted are at most its share at any moment, and once
 * the store's count passes the limit a replica learns it at its next answer, before it admits more than that share;
 * so N replicas admit at most N × share hits beyond the limit in a window (N % of it). A crash loses at most the hits
 * of the last 250 ms.
 */
export class SharedCounters {
  private readonly counters = new Map<string, Counter>();
  private flushing: Promise<void> | undefined;
  private flushSoon = false;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly db: Db,
    private readonly onError: (error: unknown) => void,
  ) {
    this.timer = setInterval(() => void this.flush(), FLUSH_EVERY_MS);
    this.timer.unref();
  }

  /**
   * Counts a hit on `key` against `max` a window of `windowMs`: `current` is the window's hits as this replica knows
   * them (this one included), `ttl` the ms left. Over the limit the hit is refused and not counted again; a store
   * failure lets the hit through (the database being down fails the request anyway).
   */
  hit(key: string, max: number, windowMs: number): Count | Promise<Count> {
    const now = performance.now();
    let counter = this.counters.get(key);
    if (!counter) {
      if (this.counters.size >= MAX_KEYS) return hit(this.db, key, windowMs).catch((error: unknown) => this.failedOpen(error));
      counter = { known: 0, pending: 0, inflight: 0, resetAt: now + windowMs, windowMs, share: localShare(max) };
      this.counters.set(key, counter);
    } else if (counter.resetAt <= now) {
      counter.known = 0;
      counter.resetAt = now + windowMs;
    }
    const unanswered = counter.pending + counter.inflight;
    const estimate = counter.known + unanswered + 1;
    const ttl = Math.max(0, Math.ceil(counter.resetAt - now));
    if (estimate > max) return { current: estimate, ttl };
    if (unanswered < counter.share && estimate <= max - NEAR_SHARES * counter.share) {
      counter.pending += 1;
      if (counter.pending * 2 >= counter.share) this.flushEarly();
      return { current: estimate, ttl };
    }
    return this.count(key, counter);
  }

  /** Near the limit: this hit and the waiting ones in the store now, and the store's count decides. */
  private async count(key: string, counter: Counter): Promise<Count> {
    const hits = counter.pending + 1;
    counter.pending = 0;
    counter.inflight += hits;
    const sentAt = performance.now();
    try {
      const answered = (await addHits(this.db, [{ key, hits, windowMs: counter.windowMs }])).get(key)!;
      counter.inflight -= hits;
      this.adopt(counter, answered, sentAt);
      return answered;
    } catch (error) {
      counter.inflight -= hits;
      counter.pending += hits;
      return this.failedOpen(error);
    }
  }

  private failedOpen(error: unknown): Count {
    this.onError(error);
    return { current: 0, ttl: 0 };
  }

  /** The store's answer about a counter: a later window replaces what was known, the same window only grows. */
  private adopt(counter: Counter, answered: Count, sentAt: number): void {
    const resetAt = sentAt + answered.ttl;
    if (resetAt > counter.resetAt + Math.min(1_000, counter.windowMs / 2)) counter.known = answered.current;
    else counter.known = Math.max(counter.known, answered.current);
    counter.resetAt = resetAt;
  }

  private flushEarly(): void {
    if (this.flushSoon) return;
    this.flushSoon = true;
    setImmediate(() => {
      this.flushSoon = false;
      void this.flush();
    });
  }

  /**
   * Writes every key's waiting hits in one statement, after the batch in flight if any (one at a time), and forgets
   * counters whose window ended. Resolves once every hit counted before the call was answered.
   */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    const now = performance.now();
    const batch: { key: string; hits: number; windowMs: number; counter: Counter }[] = [];
    for (const [key, counter] of this.counters) {
      if (counter.pending > 0) {
        batch.push({ key, hits: counter.pending, windowMs: counter.windowMs, counter });
        counter.inflight += counter.pending;
        counter.pending = 0;
      } else if (counter.inflight === 0 && counter.resetAt <= now) this.counters.delete(key);
    }
    if (!batch.length) return;
    const sentAt = performance.now();
    this.flushing = addHits(this.db, batch)
      .then(
        (answers) => {
          for (const entry of batch) {
            entry.counter.inflight -= entry.hits;
            const answered = answers.get(entry.key);
            if (answered) this.adopt(entry.counter, answered, sentAt);
          }
        },
        (error: unknown) => {
          for (const entry of batch) {
            entry.counter.inflight -= entry.hits;
            entry.counter.pending += entry.hits;
          }
          this.onError(error);
        },
      )
      .finally(() => {
        this.flushing = undefined;
      });
    return this.flushing;
  }

  /** Stops the timer and writes what is waiting (a clean stop loses no hit). */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flushing;
    await this.flush();
  }
}
