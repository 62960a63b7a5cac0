import { createHash } from 'node:crypto';
import { Kysely, PostgresDialect, type CompiledQuery } from 'kysely';
import Cursor from 'pg-cursor';
import type { ApiclientsTables } from './tables/apiclients.js';
import type { AuditTables } from './tables/audit.js';
import type { ClaimsTables } from './tables/claims.js';
import type { ClientsTables } from './tables/clients.js';
import type { CoreTables } from './tables/core.js';
import type { DowntimeTables } from './tables/downtime.js';
import type { EventsTables } from './tables/events.js';
import type { InvoicesTables } from './tables/invoices.js';
import type { LotsTables } from './tables/lots.js';
import type { MachinesTables } from './tables/machines.js';
import type { ManufacturersTables } from './tables/manufacturers.js';
import type { NotificationsTables } from './tables/notifications.js';
import type { OrdersTables } from './tables/orders.js';
import type { PlansTables } from './tables/plans.js';
import type { PreformsTables } from './tables/preforms.js';
import type { SessionTables } from './tables/session.js';
import type { StatsTables } from './tables/stats.js';
import type { StockTables } from './tables/stock.js';
import type { SupplyTables } from './tables/supply.js';
import type { SustainabilityTables } from './tables/sustainability.js';
import type { WebhooksTables } from './tables/webhooks.js';
import pg from 'pg';

// numeric and bigint come back as strings by default; the portal's quantities fit a JS number exactly
// (below 2^53), so they are parsed as numbers. `date` columns stay YYYY-MM-DD strings, as on the wire.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

/**
 * Every table of the portal, declared in tables/: one file per contract tag (the domain that owns the tables: only
 * code in api/src/features/<tag>/ writes them), plus core.ts (column types and the request plumbing's tables);
 * tests/contract/layout.test.ts keeps it so.
 */
export interface Database
  extends ApiclientsTables, AuditTables, ClaimsTables, ClientsTables, CoreTables, DowntimeTables, EventsTables, InvoicesTables, LotsTables, MachinesTables,
    ManufacturersTables, NotificationsTables, OrdersTables, PlansTables, PreformsTables, SessionTables, StatsTables, StockTables, SupplyTables, SustainabilityTables, WebhooksTables {}

export type Db = Kysely<Database>;

// Keyed by the dialect's adapter, which a `db.withPlugin(...)` copy shares with the instance createDb made.
const pools = new WeakMap<object, pg.Pool>();
const poolOf = (db: Db) => pools.get(db.getExecutor().adapter);

/** How busy the pool behind `db` is: queries waiting for a connection, connections open and idle. */
export function poolLoad(db: Db): { waiting: number; total: number; idle: number } | undefined {
  const pool = poolOf(db);
  return pool && { waiting: pool.waitingCount, total: pool.totalCount, idle: pool.idleCount };
}

/**
 * A connection of its own (not from the pool, not connected yet) with the pool's settings, named `applicationName` in
 * pg_stat_activity: for a session that must stay open, such as a LISTEN. Undefined for a `db` createDb did not make.
 */
export function dedicatedClient(db: Db, applicationName: string): pg.Client | undefined {
  const pool = poolOf(db);
  return pool && new pg.Client({ ...pool.options, application_name: applicationName });
}

/** Statements that run as named prepared statements, by their text: see `prepared`. */
const preparedNames = new Map<string, string>();

/**
 * Runs `query` as a named prepared statement (pg's `name`): PostgreSQL parses and plans it once per connection instead
 * of on every execution. For the few statements every request runs (the gate), planning
 * is most of their cost (docs/performance.md, "Standing design choices"). Kysely has no prepared statements, so
 * each pooled client maps these texts to their names as it sends them (createDb). The name is derived from the text, so
 * two texts never share a name; the set is bounded by the code that calls this (a few fixed statements), and beyond
 * 100 texts a statement simply runs unnamed.
 */
export function prepared<Row>(query: CompiledQuery<Row>): CompiledQuery<Row> {
  if (!preparedNames.has(query.sql) && preparedNames.size < 100)
    preparedNames.set(query.sql, `portal_${createHash('sha256').update(query.sql).digest('hex').slice(0, 24)}`);
  return query;
}

/**
 * Runs a read (a query builder or an `sql` template) as a named prepared statement (`prepared`), compiled against `db`.
 * Only for texts that are fixed (the values are parameters) and few, and whose generic plan is as good as the custom
 * plans for every realistic parameter: PostgreSQL switches to the generic plan after five executions when its
 * estimated cost is not above theirs, and a generic plan cannot drop an `(true or …)` branch or pick an index for a
 * value it does not know. Each caller checked its statements with `plan_cache_mode = force_generic_plan` (docs/performance.md).
 * A page's statement (`limit $n offset $m`) keeps custom plans in practice, its generic plan being costed for 10 % of
 * the rows: for it only the parse is saved.
 */
export function executePrepared<Row>(db: Kysely<Database>, query: { compile(executorProvider: Kysely<Database>): CompiledQuery<Row> }) {
  return db.executeQuery(prepared(query.compile(db)));
}

/**
 * A builder's rows, as a named prepared statement when `prepare` is true (`executePrepared`), else unnamed: for the
 * lists whose first page load (the default sort, no search) is prepared and whose other texts are not.
 */
export async function executeRows<Row>(
  db: Kysely<Database>,
  query: { compile(executorProvider: Kysely<Database>): CompiledQuery<Row>; execute(): Promise<Row[]> },
  prepare: boolean,
): Promise<Row[]> {
  return prepare ? (await executePrepared(db, query)).rows : query.execute();
}

/** The longest timer Node keeps (about 24.8 days): a cursor's own `query_timeout`, which pg then never reaches. */
const NEVER_MS = 2_147_483_647;

/**
 * pg-cursor's Cursor, with pg's read timeout on each batch instead of on the cursor's whole life, and closed so that pg
 * forgets it. pg arms one read timer (`query_timeout`) as a query is sent and clears it only through the query's
 * callback, which pg-cursor never calls (brianc/node-postgres#3497):
 * - over a cursor's life, that timer cut off an export streaming longer than it (a slow reader, a year's XLSX), however
 *   fast PostgreSQL answered each batch; the cursor sets its own `query_timeout` out of reach, and each read gets the
 *   pool's timeout instead: PostgreSQL that stops answering a read fails it, and the connection is dropped (the pool
 *   replaces it), as pg does for a query;
 * - a finished cursor, with its last batch of rows, stayed reachable until that timer ran out: `close()` calls the
 *   callback, which clears it. Kysely closes every cursor it streams.
 */
function cursorClass(readTimeoutMs: number) {
  return class ClosingCursor<Row> extends Cursor<Row> {
    readonly query_timeout = NEVER_MS;

    /**
     * Fails the read in progress and drops the connection as pg drops one that fails: its client is told first (it is
     * then not queryable, so the pool discards it on release), then the socket is closed. The cursor is done, so
     * `close()` waits for nothing.
     */
    #timeRead() {
      return setTimeout(() => {
        const error = new Error('Query read timeout');
        const cursor = this as unknown as { handleError(error: Error): void; state: string; connection?: pg.Connection };
        cursor.handleError(error);
        cursor.state = 'done';
        cursor.connection?.emit('error', error);
        cursor.connection?.stream.destroy();
      }, readTimeoutMs);
    }

    override read(rows: number): Promise<Row[]>;
    override read(rows: number, callback: Cursor.ResultCallback<Row>): undefined;
    override read(rows: number, callback?: Cursor.ResultCallback<Row>): Promise<Row[]> | undefined;
    override read(rows: number, callback?: Cursor.ResultCallback<Row>): Promise<Row[]> | undefined {
      const timer = this.#timeRead();
      if (!callback) return super.read(rows).finally(() => clearTimeout(timer));
      return super.read(rows, (error, read, result) => {
        clearTimeout(timer);
        callback(error, read, result);
      });
    }

    override close(): Promise<void>;
    override close(callback: (error: Error) => void): undefined;
    override close(callback?: (error: Error) => void): Promise<void> | undefined;
    override close(callback?: (error: Error) => void): Promise<void> | undefined {
      (this as { callback?: (error: Error | null) => void }).callback?.(null);
      return super.close(callback);
    }
  };
}

/** Sends the statements marked by `prepared` by name; everything else (other texts, cursors) goes through unchanged. */
function sendPreparedByName(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const name = typeof args[0] === 'string' ? preparedNames.get(args[0]) : undefined;
    return name ? query({ name, text: args[0], values: args[1] }, ...args.slice(2)) : query(...args);
  }) as typeof client.query;
}

export interface DbOptions {
  /** Most connections the pool opens (default 10). */
  max?: number;
  /** How long a query may wait for a free connection, or for a new one to open, before it fails (ms). */
  acquireTimeoutMs?: number;
  /** PostgreSQL cancels a statement running longer than this (ms); the client gives up a little later. */
  statementTimeoutMs?: number;
  /** When the client gives up on a database that does not answer (ms): a query, or a cursor's read (default 5 s after the statement timeout). */
  readTimeoutMs?: number;
  /** Told of every statement sent to PostgreSQL, once it has answered (the bench counts a request's statements). */
  onQuery?: (query: CompiledQuery) => void;
  /** Where lost connections are reported; they are never fatal. */
  log?: { warn(details: object, message: string): void };
}

/**
 * A Kysely instance on a pg pool. The pool reconnects by itself: after a PostgreSQL restart the next
 * query opens a new connection, so the API survives it without a restart.
 *
 * A connection that PostgreSQL drops (restart, `pg_terminate_backend`, network) makes its pg Client emit
 * 'error'. The pool listens only while the client is idle; a client checked out by Kysely (between the
 * statements of a transaction, or just acquired) has no listener, and Node turns the event into an
 * uncaught exception that ended the process. So every client gets a listener of its own as it connects:
 * the error is logged, the query in flight fails (and answers 503), and the pool discards the client on
 * release because it is no longer queryable.
 */
export function createDb(connectionString: string, options: DbOptions = {}): Db {
  const statementTimeout = options.statementTimeoutMs ?? 15_000;
  const readTimeout = options.readTimeoutMs ?? statementTimeout + 5_000;
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: options.acquireTimeoutMs ?? 5_000,
    statement_timeout: statementTimeout,
    // A database that stops answering altogether (no TCP reset) cannot cancel anything: give up client-side.
    query_timeout: readTimeout,
    keepAlive: true,
    // Days are UTC days everywhere in the portal: a date cast to a timestamp, or back, must not follow the server's zone.
    options: '-c TimeZone=UTC',
  });
  // pg hangs the whole client (its buffers, statements and parser) on an idle client's error: log the error alone.
  const lost = (error: Error) =>
    options.log?.warn(
      { err: { type: error.name, message: error.message, code: (error as { code?: string }).code, stack: error.stack }, component: 'postgres' },
      'database connection lost; the pool replaces it',
    );
  pool.on('error', lost);
  pool.on('connect', (client) => {
    client.on('error', lost);
    sendPreparedByName(client);
  });
  // A cursor lets a long read (a year's CSV) stream through `.stream()` in batches, in constant memory.
  const onQuery = options.onQuery;
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool, cursor: cursorClass(readTimeout) }),
    ...(onQuery ? { log: (event) => onQuery(event.query) } : {}),
  });
  pools.set(db.getExecutor().adapter, pool);
  return db;
}
