/**
 * `pnpm test:replicas`: the BUILT portal as three replicas behind a load balancer, as a deployment runs it.
 * One PostgreSQL (embedded, in a temp folder), migrated and seeded once by this script; three API processes
 * (`node api/dist/server.js`) on free loopback ports, all on that database with the same PUBLIC_URL; Debian's
 * nginx in front on a free loopback port, round-robin (tests/replicas/nginx.ts). Then the Chromium end-to-end
 * suite runs through nginx's URL (E2E_BASE_URL: the e2e global setup starts no portal of its own), and
 * after REPLICAS_STOP_AFTER_TESTS finished tests (or REPLICAS_STOP_AFTER_S seconds) one replica gets SIGTERM. The run passes when the suite passes, the
 * stopped replica drained and exited 0, every replica served requests before the stop, none after it, and nginx
 * answered no client 502/504 (every request the stopped replica refused went to another one). It prints which
 * replica stopped when and the requests per replica from nginx's access log.
 *
 * Options (environment): REPLICAS_STOP_AFTER_TESTS (default 34, about half the suite) or REPLICAS_STOP_AFTER_S,
 * REPLICAS_LOG_LEVEL (the replicas' LOG_LEVEL,
 * default warn); arguments are passed to Playwright (e.g. spec files for a shorter run).
 * Needs `pnpm build` first; scripts/replicas.sh (`pnpm test:replicas`) installs Chromium and nginx when missing.
 */
import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, startEmbeddedPostgres } from '../../api/src/db/embedded.js';
import { createDb } from '../../api/src/db/database.js';
import { migrateAsOwner, prepareEmbeddedRoles } from '../../api/src/db/roles.js';
import { seedDemoData } from '../../api/src/db/seed/index.js';
import { pinClock } from '../../api/src/lib/clock.js';
import { runNow, startRunClock } from '../e2e/clock.test-utils.js';
import { startPortal, type RunningPortal } from '../e2e/portal.test-utils.js';
import { NGINX, readAccessLog, startNginx, type Balancer } from './nginx.js';

const root = path.resolve(import.meta.dirname, '../..');
const REPLICAS = 3;
/** When replica STOPPED gets SIGTERM: after this many finished tests (default 34, about half of the suite), or this many seconds. */
const STOP_AFTER_TESTS = process.env.REPLICAS_STOP_AFTER_S ? undefined : Number(process.env.REPLICAS_STOP_AFTER_TESTS ?? 34);
const STOP_AFTER_MS = process.env.REPLICAS_STOP_AFTER_S ? Number(process.env.REPLICAS_STOP_AFTER_S) * 1000 : undefined;
const stopWhen = STOP_AFTER_TESTS !== undefined ? `after ${STOP_AFTER_TESTS} finished tests` : `${(STOP_AFTER_MS! / 1000).toFixed(0)} s into the suite`;
/** The replica that is stopped (1-based): the middle one. */
const STOPPED = 2;

const failures: string[] = [];
const check = (ok: boolean, message: string) => {
  if (!ok) failures.push(message);
  return ok;
};
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

interface Replica {
  name: string;
  address: string;
  portal: RunningPortal;
}

/** Runs the Chromium suite (through the E2E_BASE_URL in `env`), handing every line of its output to `onLine`. */
function runPlaywright(env: Record<string, string>, args: string[], onLine: (line: string) => void): Promise<number | null> {
  const child = spawn(process.execPath, [path.join(root, 'node_modules/@playwright/test/cli.js'), 'test', '-c', 'tests/e2e/playwright.config.ts', ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let pending = '';
  child.stdout.on('data', (chunk: Buffer) => {
    process.stdout.write(chunk);
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    lines.forEach(onLine);
  });
  child.stderr.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

async function main() {
  if (!existsSync(path.join(root, 'api/dist/server.js'))) throw new Error('api/dist/server.js is missing: run `pnpm build` first');
  if (!existsSync(NGINX)) throw new Error(`${NGINX} is missing: run \`pnpm test:replicas\` (scripts/replicas.sh installs Debian's nginx-light)`);
  const started = Date.now();
  // One folder for what the replicas share: PostgreSQL's data (DATA_DIR/postgres, which the e2e specs and
  // `pnpm users` find through E2E_DATA_DIR) and the file outbox (DATA_DIR/outbox, a shared volume in a deployment).
  const shared = await mkdtemp(path.join(os.tmpdir(), 'orders-portal-replicas-'));
  await chmod(shared, 0o755); // as root, PostgreSQL runs as `postgres` and must traverse it
  const nginxDir = await mkdtemp(path.join(os.tmpdir(), 'orders-portal-nginx-'));
  const database = await startEmbeddedPostgres({ dataDir: path.join(shared, 'postgres') });
  const replicas: Replica[] = [];
  let balancer: Balancer | undefined;
  let stoppedAt: number | undefined;
  let stoppedExit: number | null | undefined;
  let testsBeforeStop = 0;
  let lastTestBeforeStop = '';
  let playwrightExit: number | null = null;
  let playwrightStarted = 0;
  let playwrightEnded = 0;
  try {
    // The e2e run's pinned clock (tests/e2e/clock.test-utils.ts) starts here: the demo data is seeded around it and the replicas
    // run on it, as the e2e global setup's own portal does.
    startRunClock();
    pinClock(runNow());
    // Migrated and seeded once, here, as a deployment's migration Job does before the replicas start.
    const { ownerUrl, appUrl } = await prepareEmbeddedRoles(database.url, database.passwords);
    const applied = await migrateAsOwner(ownerUrl, appUrl);
    const db = createDb(appUrl, { max: 2 });
    await seedDemoData(db, { info: () => undefined } as never);
    await db.destroy();
    console.log(`› PostgreSQL ${database.url.replace(/:[^:@/]+@/, ':***@')}: ${applied.length} migrations, demo data seeded`);

    const nginxPort = await freePort();
    const publicUrl = `http://localhost:${nginxPort}`;
    // The three start together on the migrated database: their own migration step finds nothing to do, and the
    // identity provider's keys (oidc_keys) are read by all, so every replica signs and checks the same tokens.
    const starts = await Promise.allSettled(
      Array.from({ length: REPLICAS }, () =>
        startPortal({
          DATABASE_URL: appUrl,
          DATABASE_OWNER_URL: ownerUrl,
          DATA_DIR: shared,
          PUBLIC_URL: publicUrl,
          TRUST_PROXY: '1',
          // As the e2e global setup: tokens live 60 s, so the web app refreshes them during the run.
          ACCESS_TOKEN_TTL: '60',
          PORTAL_NOW: runNow().toISOString(),
          LOG_LEVEL: process.env.REPLICAS_LOG_LEVEL ?? 'warn',
        }),
      ),
    );
    starts.forEach((start, index) => {
      if (start.status === 'fulfilled') replicas.push({ name: `replica ${index + 1}`, address: new URL(start.value.url).host.replace('localhost', '127.0.0.1'), portal: start.value });
    });
    const failed = starts.find((start) => start.status === 'rejected');
    if (failed) throw failed.reason; // the finally stops those that started
    for (const replica of replicas) console.log(`› ${replica.name} on ${replica.address}`);
    balancer = await startNginx({ dir: nginxDir, port: nginxPort, upstreams: replicas.map((replica) => replica.address) });
    console.log(`› nginx on ${balancer.url}, round-robin over the ${REPLICAS} replicas; replica ${STOPPED} stops ${stopWhen}\n`);

    const victim = replicas[STOPPED - 1];
    let finished = 0;
    let lastTest = '';
    playwrightStarted = Date.now();
    const stop = () => {
      if (stoppedAt !== undefined) return;
      stoppedAt = Date.now();
      testsBeforeStop = finished;
      lastTestBeforeStop = lastTest;
      console.log(`\n› SIGTERM to ${victim.name} (${victim.address}) ${seconds(stoppedAt - playwrightStarted)} into the suite, after ${finished} tests\n`);
      void victim.portal.stop().then((code) => {
        stoppedExit = code;
        console.log(`\n› ${victim.name} exited with code ${code}, ${seconds(Date.now() - stoppedAt!)} after SIGTERM\n`);
      });
    };
    const timer = STOP_AFTER_MS === undefined ? undefined : setTimeout(stop, STOP_AFTER_MS);
    playwrightExit = await runPlaywright({ E2E_BASE_URL: balancer.url, E2E_DATA_DIR: shared }, process.argv.slice(2), (line) => {
      const test = /^\s*[✓✘-]\s+\d+\s+(.*)$/.exec(line);
      if (test) {
        finished += 1;
        lastTest = test[1].trim();
        if (finished === STOP_AFTER_TESTS) stop();
      }
    });
    playwrightEnded = Date.now();
    clearTimeout(timer);
  } finally {
    await balancer?.stop();
    for (const replica of replicas) {
      const alive = replica.portal.exitCode() === null;
      const code = await replica.portal.stop();
      if (alive && replica.name !== `replica ${STOPPED}`) check(code === 0, `${replica.name} ended with exit code ${code} after SIGTERM (expected 0)`);
    }
    await database.stop();
  }

  // ---------- what happened ----------
  check(playwrightExit === 0, `the end-to-end suite failed through nginx (Playwright exit code ${playwrightExit})`);
  check(stoppedAt !== undefined, `the suite ended before the stop (${stopWhen}): lower REPLICAS_STOP_AFTER_TESTS or REPLICAS_STOP_AFTER_S`);
  if (stoppedAt !== undefined) check(stoppedExit === 0, `replica ${STOPPED} ended with exit code ${stoppedExit} after SIGTERM (expected 0: drained)`);
  const lines = balancer ? readAccessLog(balancer.accessLog) : [];
  const last = (line: (typeof lines)[number]) => line.upstreams.at(-1);
  const before = lines.filter((line) => stoppedAt === undefined || line.at < stoppedAt);
  const after = stoppedAt === undefined ? [] : lines.filter((line) => line.at >= stoppedAt!);
  const perReplica = replicas.map((replica) => ({
    name: replica.name,
    address: replica.address,
    before: before.filter((line) => last(line) === replica.address).length,
    after: after.filter((line) => last(line) === replica.address).length,
  }));
  for (const entry of perReplica) check(entry.before > 0, `${entry.name} served no request before the stop: the balancing does not reach it`);
  const victimAddress = replicas[STOPPED - 1]?.address;
  // Requests in flight at SIGTERM finish on the stopped replica (it drains, for at most close-with-grace's 10 s);
  // nginx logs a request when it ends, so only lines later than that would be answers of a stopped process.
  const servedAfterStop = after.filter((line) => last(line) === victimAddress && line.at > stoppedAt! + 10_000);
  check(servedAfterStop.length === 0, `the stopped replica answered ${servedAfterStop.length} requests more than 10 s after SIGTERM`);
  const passedOn = lines.filter((line) => line.upstreams.length > 1);
  const clientErrors = lines.filter((line) => line.status === 502 || line.status === 504);
  check(clientErrors.length === 0, `nginx answered ${clientErrors.length} requests with 502/504: ${clientErrors.slice(0, 5).map((line) => `${line.method} ${line.uri} (${line.upstreams.join(', ')})`).join('; ')}`);
  const unavailable = after.filter((line) => line.status === 503);

  console.log('\nThe portal as three replicas behind nginx\n');
  console.log(`  end-to-end suite: Playwright exit code ${playwrightExit}, ${seconds(playwrightEnded - playwrightStarted)}`);
  if (stoppedAt !== undefined) {
    console.log(`  replica ${STOPPED} (${victimAddress}) got SIGTERM ${seconds(stoppedAt - playwrightStarted)} into the suite, after ${testsBeforeStop} finished tests (last: ${lastTestBeforeStop || 'none'}); exit code ${stoppedExit}`);
  }
  console.log(`  requests through nginx: ${lines.length} (${before.length} before the stop, ${after.length} after)`);
  for (const entry of perReplica) console.log(`    ${entry.name} ${entry.address}: ${entry.before} before the stop, ${entry.after} after`);
  const byMethod = (found: typeof lines) => {
    const counts: Record<string, number> = {};
    for (const line of found) counts[line.method] = (counts[line.method] ?? 0) + 1;
    return Object.entries(counts).map(([method, n]) => `${method} ${n}`).join(', ') || 'none';
  };
  console.log(`  passed on to another replica by nginx: ${passedOn.length} (${byMethod(passedOn)})`);
  for (const line of passedOn.slice(0, 10)) console.log(`    ${line.method} ${line.uri}: ${line.upstreams.join(' → ')} (${line.upstreamStatuses.join(', ')}) → ${line.status}`);
  console.log(`  answered 502/504 to the client: ${clientErrors.length}; 503 after the stop: ${unavailable.length}`);
  console.log(`  run time: ${seconds(Date.now() - started)}\n`);
  await rm(nginxDir, { recursive: true, force: true });
  await rm(shared, { recursive: true, force: true });
  if (failures.length) {
    console.log(`FAILED (${failures.length}):\n${failures.map((failure) => `  - ${failure}`).join('\n')}`);
    process.exitCode = 1;
  } else console.log('PASSED');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
