import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { dedicatedClient, type Db } from '../db/database.js';
import type { Revocation } from '../idp/adapter.js';

/** The channel the trigger on `subject_revocations` notifies (migration 2026-12-06-1730-revocation-notify). */
export const REVOCATIONS_CHANNEL = 'subject_revocations';
/** How the listening connection is named in pg_stat_activity. */
export const REVOCATIONS_LISTENER = 'portal-revocations';

/** How often the listening connection is asked to answer, and how old its last answer may be for memory to be trusted. */
const HEARTBEAT_MS = 250;
const TRUSTED_FOR_MS = 1_000;
/** The reconnection's backoff: the first wait, doubled after every failed attempt up to the last. */
const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 30_000;

export interface RevocationLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/**
 * The revoked subjects of `subject_revocations`, kept in memory by every API process so that the gate asks the
 * database nothing on a request. They are loaded when a dedicated connection starts listening, and every new
 * revocation arrives by NOTIFY (sent by a trigger, in the revoking transaction).
 *
 * Memory answers only while it is known to be current: the listening connection is open, the table was loaded after
 * LISTEN, and a heartbeat sent less than a second ago came back. The heartbeat is a NOTIFY on a channel of this
 * process's own, heard on the same connection: PostgreSQL delivers notifications in the order their transactions
 * committed, so once it is heard every revocation committed before it was sent is in memory (and a connection that
 * cannot hear, such as one through a pooler in transaction mode, is never trusted). Otherwise (before the first load, after the connection
 * dropped, or when it stopped answering without dropping) `check` answers undefined and the gate asks the database
 * for that request: nothing is let through on stale data. The connection reconnects with a backoff and reloads.
 */
export class RevocationWatch {
  /** Subject → the last revocation's instant, in seconds since the epoch (fractional). */
  private readonly revokedAt = new Map<string, number>();
  private client: pg.Client | undefined;
  private loaded = false;
  /** performance.now() at which the last answered heartbeat was sent. */
  private answeredSentAt = -Infinity;
  /** Heartbeats sent before this (performance.now()) prove nothing: the table was being loaded. */
  private trustFrom = Infinity;
  private heartbeat: NodeJS.Timeout | undefined;
  private retry: NodeJS.Timeout | undefined;
  private retryMs = RETRY_FIRST_MS;
  private closed = false;
  /** This process's heartbeat channel. */
  private readonly probe = `${REVOCATIONS_CHANNEL}_${randomBytes(8).toString('hex')}`;

  constructor(
    private readonly db: Db,
    private readonly log: RevocationLog,
  ) {}

  /** Whether memory answers now (see the class); false means every request is checked in the database. */
  get live(): boolean {
    return this.loaded && performance.now() - this.answeredSentAt <= TRUSTED_FOR_MS;
  }

  /**
   * Whether the subject's tokens issued at `issuedAt` (seconds) were revoked since, from memory; undefined when memory
   * is not known to be current and the database must answer.
   */
  check(sub: string, issuedAt: number): boolean | undefined {
    if (!this.live) return undefined;
    const at = this.revokedAt.get(sub);
    return at !== undefined && at >= issuedAt;
  }

  /**
   * A revocation this process committed: known here at once, as its own notification may arrive after the next
   * request. Other replicas learn of it by the notification, within the heartbeat's bound.
   */
  remember(revocation: Revocation): void {
    this.revoke(revocation.sub, revocation.at);
  }

  /** Connects and starts listening; resolves once the first attempt succeeded or failed (it keeps retrying). */
  async start(): Promise<void> {
    await this.connect();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    this.drop();
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = dedicatedClient(this.db, REVOCATIONS_LISTENER);
    if (!client) return; // not a pool createDb made: the gate asks the database on every request
    this.client = client;
    // Every notification is applied as it comes, also during the load (keeping the later instant makes the order moot).
    client.on('notification', (message) => {
      if (message.channel === REVOCATIONS_CHANNEL) this.apply(message.payload ?? '');
      else if (message.channel === this.probe) this.heard(client, Number(message.payload));
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('connection ended')));
    try {
      await client.connect();
      await client.query(`LISTEN ${REVOCATIONS_CHANNEL}`);
      await client.query(`LISTEN ${this.probe}`);
      await this.load(client);
      if (this.client !== client) return;
      this.loaded = true;
      this.retryMs = RETRY_FIRST_MS;
      this.trustFrom = performance.now();
      this.beat(client);
      this.heartbeat = setInterval(() => this.beat(client), HEARTBEAT_MS);
      this.heartbeat.unref();
      this.log.info({ component: 'revocations', subjects: this.revokedAt.size }, 'listening for revocations');
    } catch (error) {
      this.lost(client, error as Error);
    }
  }

  /** Reads the whole table: after LISTEN, so that a revocation committed meanwhile is in the load or notified. */
  private async load(client: pg.Client): Promise<void> {
    const { rows } = await client.query<{ sub: string; at: number }>('select sub, extract(epoch from revoked_at)::float8 as at from subject_revocations');
    for (const row of rows) this.revoke(row.sub, row.at);
  }

  private apply(payload: string): void {
    const space = payload.indexOf(' ');
    const at = Number(payload.slice(0, space));
    if (space > 0 && Number.isFinite(at)) this.revoke(payload.slice(space + 1), at);
    else if (this.client) {
      // A subject too long for a payload: reload the table, and trust memory only once that is done.
      const client = this.client;
      this.answeredSentAt = -Infinity;
      this.trustFrom = Infinity;
      this.load(client).then(
        () => {
          this.trustFrom = performance.now();
          this.beat(client);
        },
        (error: Error) => this.lost(client, error),
      );
    }
  }

  private revoke(sub: string, at: number): void {
    if (!(at <= (this.revokedAt.get(sub) ?? -Infinity))) this.revokedAt.set(sub, at);
  }

  private beat(client: pg.Client): void {
    client.query('select pg_notify($1, $2)', [this.probe, String(performance.now())]).catch((error: Error) => this.lost(client, error));
  }

  /** A heartbeat sent at `sentAt` came back: every revocation committed before then was heard. */
  private heard(client: pg.Client, sentAt: number): void {
    if (this.client === client && sentAt >= this.trustFrom && sentAt > this.answeredSentAt) this.answeredSentAt = sentAt;
  }

  /** The listening connection failed: memory stops answering at once, and a new connection is tried after a wait. */
  private lost(client: pg.Client, error: Error): void {
    if (this.client !== client) return;
    this.log.warn({ component: 'revocations', err: { message: error.message, code: (error as { code?: string }).code }, retryMs: this.retryMs },
      'revocation listener lost: every request is checked in the database until it is back');
    this.drop();
    if (this.closed) return;
    this.retry = setTimeout(() => void this.connect(), this.retryMs);
    this.retry.unref();
    this.retryMs = Math.min(RETRY_MAX_MS, this.retryMs * 2);
  }

  private drop(): void {
    this.loaded = false;
    this.answeredSentAt = -Infinity;
    this.trustFrom = Infinity;
    clearInterval(this.heartbeat);
    const client = this.client;
    this.client = undefined;
    if (client) {
      client.removeAllListeners('notification');
      // A dropped connection may still emit 'error': keep a listener so that it is not an uncaught exception.
      client.on('error', () => {});
      client.end().catch(() => {});
    }
  }
}
