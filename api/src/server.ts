import path from 'node:path';
import { existsSync } from 'node:fs';
import closeWithGrace from 'close-with-grace';
import { loadConfig } from './config.js';
import { pinClock } from './lib/clock.js';
import { createLogger, withoutPassword } from './lib/logger.js';
import { createDb } from './db/database.js';
import { startEmbeddedPostgres, watchEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.js';
import { migrateAsOwner, prepareEmbeddedRoles } from './db/roles.js';
import { seedDemoData } from './db/seed/index.js';
import { DEMO_COMPANIES, DEMO_PASSWORD, DEMO_USERS } from './db/seed/users.seed.js';
import { buildApp } from './app.js';
import { createEmbeddedIdp } from './idp/index.js';
import { createFirstAdmin, printFirstAdmin } from './idp/first-admin.js';
import { registerWebApp } from './plugins/web.js';
import { loadAuditKey } from './lib/audit.js';
import { auditHeadFile, verifyAndAdvanceHead } from './features/audit/audit.service.js';

/** How often the portal checks the audit chain's new rows and moves its head file to the chain's end. */
const AUDIT_CHECK_EVERY_MS = 5 * 60_000;

/**
 * Starts the portal: database (embedded unless DATABASE_URL), migrations, demo data on first start,
 * the identity provider, the API and the built web app, all on one port.
 */
async function main() {
  const started = performance.now();
  const config = loadConfig();
  if (config.PORTAL_NOW) pinClock(config.PORTAL_NOW);
  // No password of any URL, key or token of the configuration reaches a log line (and the embedded database's once known).
  const { log, hide } = createLogger(config);

  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.DATABASE_URL;
  let ownerUrl = config.DATABASE_OWNER_URL ?? databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres({
      dataDir: path.join(config.DATA_DIR, 'postgres'),
      port: config.EMBEDDED_PG_PORT,
      log: (message) => log.debug({ component: 'postgres' }, message),
      onPasswords: (passwords) => hide(Object.values(passwords)),
    });
    ({ ownerUrl, appUrl: databaseUrl } = await prepareEmbeddedRoles(embedded.url, embedded.passwords));
    log.info('embedded PostgreSQL started');
  }
  // Migrations run as the owner; the API connects as the application role (data rights only).
  const applied = await migrateAsOwner(ownerUrl!, databaseUrl, (names) =>
    log.warn({ migrations: names }, 'the database has migrations this build does not have (a newer release ran them): starting on it as it is'),
  );
  if (applied.length) log.info({ migrations: applied }, 'migrations applied');
  const db = createDb(databaseUrl, {
    max: config.DB_POOL_MAX,
    acquireTimeoutMs: config.DB_ACQUIRE_TIMEOUT_MS,
    statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
    log,
  });
  // The audit chain: checked from the head verified before to its end, and the head moved there, at start and then
  // every few minutes; a broken chain is logged (the portal keeps serving: a rewritten log must not stop the plant).
  const auditKey = await loadAuditKey(config);
  const headFile = auditHeadFile(config.DATA_DIR);
  const checkAuditChain = async () => {
    const result = await verifyAndAdvanceHead(db, auditKey, headFile);
    if (result.broken) log.error({ audit: result.broken, headFile }, 'the audit log chain is broken: run `pnpm audit-log verify`');
  };
  await checkAuditChain();
  const auditChecks = setInterval(() => void checkAuditChain().catch((err: unknown) => log.warn({ err }, 'audit chain check failed')), AUDIT_CHECK_EVERY_MS);
  auditChecks.unref();
  if (config.SEED_DEMO) await seedDemoData(db, log);
  const firstAdmin = config.embeddedIdp && !config.SEED_DEMO ? await createFirstAdmin(db) : undefined;

  const idp = config.embeddedIdp ? await createEmbeddedIdp({ db, config, log }) : undefined;
  const keys = idp ? idp.jwks : new URL(await discoverJwksUri(config.issuer));

  const app = await buildApp({
    config,
    db,
    keys,
    logger: log,
    extend: async (instance) => {
      if (idp) await idp.register(instance);
      const webDist = path.resolve(config.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist'));
      if (existsSync(webDist)) await registerWebApp(instance, webDist);
      else log.warn({ webDist }, 'web app not built: run `pnpm build` (the API runs without it)');
    },
  });

  let unwatch: (() => void) | undefined;
  // Drains: the server stops accepting, in-flight requests finish, the purge timer stops (onClose), then
  // the pool closes once its running queries are done, then PostgreSQL stops.
  const closeAll = async () => {
    unwatch?.();
    clearInterval(auditChecks);
    await app.close();
    await db.destroy();
    await embedded?.stop();
  };
  const grace = closeWithGrace({ delay: 10_000, logger: log }, async ({ err }) => {
    if (err) log.error({ err }, 'shutting down after an error');
    await closeAll();
  });
  if (embedded) {
    unwatch = watchEmbeddedPostgres(embedded, {
      restartAfterMs: config.EMBEDDED_PG_RESTART_AFTER_MS,
      log: log.child({ component: 'postgres' }),
      onGiveUp: (error) => {
        log.fatal({ err: error }, 'the embedded PostgreSQL stopped and could not be started again: the portal exits; fix the cause named above, then start it again');
        grace.uninstall();
        const forced = setTimeout(() => process.exit(1), 10_000);
        forced.unref();
        void closeAll().finally(() => process.exit(1));
      },
    });
  }

  await app.listen({ host: config.HOST, port: config.PORT });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  log.info({ startupMs: Math.round(performance.now() - started) }, `Orders Portal listening on ${config.publicUrl} (port ${port})`);
  if (config.embeddedIdp && config.SEED_DEMO && config.NODE_ENV !== 'test') printBanner(config.publicUrl);
  if (firstAdmin) printFirstAdmin(config.publicUrl, firstAdmin);
}

/** What a person starting the portal needs to see: where it is and how to sign in. */
function printBanner(url: string) {
  const company = (id: string | null) => DEMO_COMPANIES.find((candidate) => candidate.id === id)?.name ?? '';
  const lines = DEMO_USERS.map((user) => {
    const roles = [...user.roles, ...user.realmRoles].join(' + ') || 'no role (guest)';
    return `    ${user.username.padEnd(11)} ${roles.padEnd(18)} ${company(user.companyId)}`;
  });
  process.stdout.write(
    `\n  Orders Portal is running at ${url}\n  API reference: ${url}/api/docs\n\n  Demo users (password: ${DEMO_PASSWORD}):\n${lines.join('\n')}\n\n  Stop with Ctrl+C.\n\n`,
  );
}

async function discoverJwksUri(issuer: string): Promise<string> {
  const response = await fetch(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`);
  if (!response.ok) throw new Error(`Cannot read the OpenID configuration of ${issuer}: HTTP ${response.status}`);
  const metadata = (await response.json()) as { jwks_uri?: string };
  if (!metadata.jwks_uri) throw new Error(`${issuer} publishes no jwks_uri`);
  return metadata.jwks_uri;
}

main().catch((error) => {
  // Before the logger exists, or from a library that quotes the URL it failed on: the message without its passwords.
  console.error(withoutPassword(error instanceof Error ? error.message : String(error)));
  process.exit(1);
});
