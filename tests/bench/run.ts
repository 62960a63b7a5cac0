/**
 * `pnpm bench`: every call a screen makes, at production scale.
 *
 * 1. PostgreSQL: BENCH_DATABASE_URL (a maintenance database URL of a server you own; a database `orders_bench` is
 *    dropped and created there), or an embedded PostgreSQL in a temp folder.
 * 2. Migrations and generate.ts (every feature: 200 companies, 2,000,000 order items, 100,000 downtime events…;
 *    BENCH_SCALE multiplies the counts).
 * 3. The API in a child process (server.ts) with a token per role; per call of calls.ts, as the role that makes it:
 *    one request with the API recording its SQL (status, size, statements), a short warm-up, then autocannon with 10
 *    connections for BENCH_SECONDS (10): requests/s, p50/p95/p99 latency, non-2xx answers; the API's peak RSS at the end.
 * 4. The service's read statements of that request run directly on PostgreSQL with 10 connections for the same time
 *    (at most 5 s), and EXPLAIN ANALYZE of the slowest, so API/SQL compares like with like. For both loads, the CPU
 *    time per request of the API, PostgreSQL and the bench process itself (cpu.ts): where the 2 cores went.
 *
 * 4b. The event log (events.ts): events recorded per second during each ingestion row, webhook deliveries per second
 *    to a receiver on loopback through the API's job workers, and the order save's latency with and without the log.
 *
 * 5. The first screen (first-screen.ts): JavaScript on the wire and largest contentful paint of the sign-in page and of
 *    each face's landing page in Chromium, cold cache, on the built portal (`pnpm build` first).
 *
 * Options (environment): BENCH_DATABASE_URL, BENCH_SECONDS (default 10), BENCH_SCALE (default 1), BENCH_ONLY (a part of
 * the call names to run; skips the first screen), BENCH_KEEP=1 (keep the embedded data folder), BENCH_NODE_ARGS (Node
 * flags of the API), BENCH_FIRST_SCREEN=0 (skip the first screen), BENCH_REUSE=1 (with BENCH_DATABASE_URL: keep the data
 * an earlier run generated there, only migrating it; for trying a change again, not for the figures of a whole run),
 * BENCH_MEMORY=1 (after each call, the API's memory at its peak and after a full collection: garbage or live),
 * BENCH_STATEMENTS=1 (the statements of each call's captured request).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import pg from 'pg';
import { parseAllDocuments } from 'yaml';
import { createDb, type Db } from '../../api/src/db/database.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../api/src/db/embedded.js';
import { migrateToLatest } from '../../api/src/db/migrate.js';
import { startPortal } from '../e2e/portal.test-utils.js';
import { calls, type Call, type Ids, type Role } from './calls.js';
import { measureCpu, postmasterOf, type CpuSplit } from './cpu.js';
import { measureFirstScreens, printFirstScreens, type FirstScreen } from './first-screen.js';
import { generate, SCALE } from './generate.js';
import { ingestHttp, ingestMqtt, printIngestion, type IngestRow } from './ingest.js';
import { eventsAfter, measureDeliveries, measureOrderSave, printEvents, type DeliveryRow, type SaveRow } from './events.js';
import { judgeTargets, printTargets } from './targets.js';
import { newMachineToken } from '../../api/src/features/machines/machines.credentials.js';
import { encodeCursor } from '../../api/src/features/stock/stock-cursor.js';
import { findStockRows } from '../../api/src/features/stock/stock.repository.js';
import { startMosquitto, type Broker } from '../support/mosquitto.test-utils.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
const BENCH_DATABASE = 'orders_bench';
/** BENCH_ONLY=text runs only the calls whose name contains it; 'a|b' those containing a or b; '=me' the call named so. */
const ONLY = process.env.BENCH_ONLY;
/** The list measured beside the heaviest download (BENCH_ONLY='beside' runs it alone). */
const BESIDE = {
  name: 'orders/filter beside the 50-order PDF',
  list: 'orders/filter (production orders)',
  download: 'orders/download PDF of 50 orders',
};
const only = (name: string) => !ONLY || ONLY.split('|').some((part) => (part.startsWith('=') ? name === part.slice(1) : name.includes(part)));

interface Captured {
  sql: string;
  parameters: readonly unknown[];
}

/** The gate's statements (revocation check, per-user limit): counted per request, not part of the service's SQL. */
const isGate = (query: Captured) => /\b(subject_revocations|rate_limits)\b/.test(query.sql);
/** Only reads are replayed and explained (EXPLAIN ANALYZE runs the statement; an audit row written 1,000 times is not the point). */
const isRead = (query: Captured) => /^\s*(select|with)\b/i.test(query.sql) && !/\b(insert|update|delete)\b/i.test(query.sql);

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);
const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '-');
/** CPU milliseconds per request: to 0.01 ms (a 1,000 req/s call costs about 1 ms of CPU per request on 2 cores). */
const cpuMs = (value: number) => (Number.isFinite(value) ? value.toFixed(2) : '-');
const cpuCells = (split: CpuSplit, parties: (keyof CpuSplit)[]) => parties.map((party) => cpuMs(split[party])).join(' · ');

/** Load through HTTP with autocannon; latencies recorded per response (autocannon reports no p95 itself). */
async function loadApi(port: number, token: string, call: Call, ids: Ids, seconds: number, connections = CONNECTIONS) {
  const latencies: number[] = [];
  let errors = 0;
  const target = requestOf(call, ids);
  const instance = autocannon({
    url: `http://127.0.0.1:${port}${target.path}`,
    method: target.method,
    headers: target.body === undefined ? { authorization: `Bearer ${token}` } : { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    ...(target.body === undefined ? {} : { body: target.body }),
    connections,
    duration: seconds,
  });
  /** The statuses of the answers that were not 2xx, with their counts (shed 503s answer fast and lower the p50). */
  const failures = new Map<number, number>();
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    if (statusCode < 200 || statusCode > 299) {
      errors++;
      failures.set(statusCode, (failures.get(statusCode) ?? 0) + 1);
    }
    latencies.push(responseTime);
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / seconds,
    seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: errors + result.errors + result.timeouts,
    /** `503: 778, timeouts: 2`: what the errors were. */
    failed: [...[...failures].map(([status, count]) => `${status}: ${count}`), ...(result.errors ? [`connection errors: ${result.errors}`] : []), ...(result.timeouts ? [`timeouts: ${result.timeouts}`] : [])].join(', '),
    bytes: result.throughput.average,
  };
}

/** Rows per page of a paged list call (the body's `pagination`, or `limit` of the supply board's pages). */
const rowsPerPageOf = (call: Call, ids: Ids): number | undefined => {
  const body = call.body?.(ids) as { pagination?: { rowsPerPage?: number }; limit?: number } | undefined;
  return body?.pagination?.rowsPerPage ?? body?.limit;
};

const requestOf = (call: Call, ids: Ids) => ({
  method: call.method ?? 'POST',
  path: typeof call.path === 'string' ? call.path : call.path(ids),
  body: call.body ? JSON.stringify(call.body(ids)) : undefined,
});

/** The API process's largest resident set (kB) since the previous question; the next window starts now. */
async function rssWindow(child: ChildProcess, name?: string): Promise<number> {
  type Answer = { windowPeakKb: number; memory?: Record<'peak' | 'afterGc', NodeJS.MemoryUsage> };
  const answer = await ask(child, 'rss-window', (message) => (message && typeof message === 'object' && 'windowPeakKb' in message ? (message as Answer) : undefined));
  if (name && answer.memory) {
    const mb = (bytes: number) => (bytes / 1048576).toFixed(0);
    const line = (usage: NodeJS.MemoryUsage) =>
      `rss ${mb(usage.rss)}, heap ${mb(usage.heapUsed)} used of ${mb(usage.heapTotal)}, external ${mb(usage.external)} (array buffers ${mb(usage.arrayBuffers)})`;
    console.log(`  memory (MB) of ${name}: at the peak ${line(answer.memory.peak)}; after a full collection ${line(answer.memory.afterGc)}`);
  }
  return answer.windowPeakKb;
}

/**
 * How the bench starts the API: as production does (docs/operations.md, "Memory of a replica"), with the compiled API
 * (api/dist, `pnpm build` first) in plain Node with the Node flags of the deployment (NODE_OPTIONS of
 * deploy/k8s/deployment.yaml, also the image's default). server.ts is the harness around it; it is transpiled here
 * to a module beside it, not run through tsx, whose loader thread alone adds 30 MB to the resident set. BENCH_BUILT=0
 * runs the API's sources through tsx instead (no build needed; its memory is then not production's).
 */
async function apiStart(): Promise<{ file: string; execArgv: string[]; built: boolean; describe: string; cleanUp: () => Promise<void> }> {
  const source = path.join(import.meta.dirname, 'server.ts');
  if (process.env.BENCH_BUILT === '0')
    return { file: source, execArgv: ['--import', 'tsx'], built: false, describe: 'sources through tsx (BENCH_BUILT=0)', cleanUp: async () => {} };
  const root = path.join(import.meta.dirname, '../..');
  const built = await stat(path.join(root, 'api/dist/app.js')).catch(() => undefined);
  if (!built) throw new Error('the bench starts the compiled API: run `pnpm build` first (or BENCH_BUILT=0 for the sources through tsx)');
  // A build older than a source would time yesterday's code without a word.
  const changed = (await readdir(path.join(root, 'api/src'), { recursive: true, withFileTypes: true })).filter(
    (entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'),
  );
  for (const entry of changed) {
    const file = path.join(entry.parentPath, entry.name);
    if ((await stat(file)).mtimeMs > built.mtimeMs)
      throw new Error(`${path.relative(root, file)} is newer than api/dist: run \`pnpm --filter @orders-portal/api build\` (or BENCH_BUILT=0)`);
  }
  const execArgv = await productionNodeOptions(root);
  const { default: ts } = await import('typescript');
  const file = path.join(import.meta.dirname, `.server-${process.pid}.mjs`);
  const output = ts.transpileModule(await readFile(source, 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  await writeFile(file, output);
  return { file, execArgv, built: true, describe: `api/dist in node ${execArgv.join(' ')} (deploy/k8s/deployment.yaml's NODE_OPTIONS)`, cleanUp: () => rm(file, { force: true }) };
}

/** The NODE_OPTIONS the deployment gives the API's container, as Node flags. */
export async function productionNodeOptions(root: string): Promise<string[]> {
  const documents = parseAllDocuments(await readFile(path.join(root, 'deploy/k8s/deployment.yaml'), 'utf8')).map((document) => document.toJS());
  const deployment = documents.find((document) => document?.kind === 'Deployment');
  const containers: { name: string; env?: { name: string; value?: string }[] }[] = deployment?.spec?.template?.spec?.containers ?? [];
  const value = containers.flatMap((container) => container.env ?? []).find((variable) => variable.name === 'NODE_OPTIONS')?.value;
  if (value === undefined) throw new Error('deploy/k8s/deployment.yaml gives the API no NODE_OPTIONS');
  return value.split(' ').filter(Boolean);
}

/** Sends `message` to the API process and waits for the first answer that `accept` takes. */
function ask<T>(child: ChildProcess, message: string, accept: (answer: unknown) => T | undefined): Promise<T> {
  return new Promise((resolve, reject) => {
    // The API process may have died (out of memory, a crash): fail this run, so that the finally blocks stop the
    // embedded PostgreSQL and the broker instead of an unhandled 'error' event ending the bench and leaving them up.
    if (!child.connected) {
      reject(new Error(`the API process has exited (code ${child.exitCode}, signal ${child.signalCode})`));
      return;
    }
    const listener = (answer: unknown) => {
      const value = accept(answer);
      if (value === undefined) return;
      child.off('message', listener);
      child.off('exit', exited);
      resolve(value);
    };
    const exited = (code: number | null, signal: string | null) => {
      child.off('message', listener);
      reject(new Error(`the API process exited (code ${code}, signal ${signal})`));
    };
    child.on('message', listener);
    child.once('exit', exited);
    child.send(message, (error) => {
      if (error) exited(child.exitCode, child.signalCode);
    });
  });
}

/** One request with the API recording the statements it compiles: its status, size and SQL. */
/**
 * The call's one request, with its statements. An answer 503 is the API shedding load (its pressure check) while the
 * previous call's load drains, e.g. after the PDF downloads: the request is made again after the Retry-After the
 * answer names, as a client would, up to five times.
 */
async function captureRequest(child: ChildProcess, port: number, token: string, call: Call, ids: Ids) {
  for (let attempt = 1; ; attempt++) {
    const captured = await captureOnce(child, port, token, call, ids);
    if (captured.status !== 503 || attempt === 5) return captured;
    await new Promise((resolve) => setTimeout(resolve, (Number(captured.retryAfter) || 1) * 1000));
  }
}

async function captureOnce(child: ChildProcess, port: number, token: string, call: Call, ids: Ids) {
  await ask(child, 'capture', (answer) => (answer === 'capturing' ? true : undefined));
  const target = requestOf(call, ids);
  const started = performance.now();
  const response = await fetch(`http://127.0.0.1:${port}${target.path}`, {
    method: target.method,
    headers: target.body === undefined ? { authorization: `Bearer ${token}` } : { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: target.body,
  });
  const bytes = (await response.arrayBuffer()).byteLength;
  const aloneMs = performance.now() - started;
  const queries = await ask(child, 'captured', (answer) => (answer && typeof answer === 'object' && 'queries' in answer ? (answer as { queries: Captured[] }).queries : undefined));
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', retryAfter: response.headers.get('retry-after'), bytes, aloneMs, queries };
}

/** The captured statements run directly on PostgreSQL, one "request" after another on each of 10 connections. */
async function loadSql(url: string, queries: Captured[], seconds: number) {
  const pool = new pg.Pool({ connectionString: url, max: CONNECTIONS });
  // An idle client whose server goes away (the run's finally stops PostgreSQL after a failure) must not end the process
  // with an unhandled 'error' before the failure itself is printed.
  pool.on('error', () => undefined);
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      const client = await pool.connect();
      try {
        while (performance.now() < until) {
          const started = performance.now();
          for (const query of queries) await client.query(query.sql, query.parameters as unknown[]);
          latencies.push(performance.now() - started);
        }
      } finally {
        client.release();
      }
    }),
  );
  await pool.end();
  latencies.sort((a, b) => a - b);
  return { rps: latencies.length / seconds, seconds, p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99) };
}

/** EXPLAIN ANALYZE of each statement: execution time and the plan's scan lines (which index, how many rows). */
async function explain(url: string, queries: Captured[]) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const plans: { sql: string; executionMs: number; planningMs: number; plan: string[] }[] = [];
  try {
    // Each statement is explained twice and the second kept: the first, on this new connection, also fills the
    // backend's catalog caches, which made planning look several times slower than in the API's warm connections.
    for (const query of queries) {
      await client.query(`explain (analyze, buffers) ${query.sql}`, query.parameters as unknown[]);
      const result = await client.query(`explain (analyze, buffers) ${query.sql}`, query.parameters as unknown[]);
      const lines = result.rows.map((row: Record<string, string>) => row['QUERY PLAN']);
      const execution = lines.find((line) => line.startsWith('Execution Time'));
      plans.push({
        sql: query.sql.replace(/\s+/g, ' ').slice(0, 140),
        executionMs: execution ? Number(execution.replace(/[^0-9.]/g, '')) : NaN,
        planningMs: Number(lines.find((line) => line.startsWith('Planning Time'))?.replace(/[^0-9.]/g, '') ?? NaN),
        plan: lines.filter((line) => /Scan|Sort|Aggregate|Limit|Join|Loop/.test(line)).map((line) => line.trimEnd()),
      });
    }
  } finally {
    await client.end();
  }
  return plans;
}

async function main() {
  const started = performance.now();
  const loadBefore = os.loadavg().map((n) => n.toFixed(1)).join(' ');
  let embedded: EmbeddedDatabase | undefined;
  let dataDir: string | undefined;
  let child: ChildProcess | undefined;
  let adminUrl = process.env.BENCH_DATABASE_URL;
  let broker: Broker | undefined;
  try {
    if (!adminUrl) {
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'orders-portal-bench-'));
      await chmod(dataDir, 0o755);
      embedded = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'pg'), database: 'postgres' });
      adminUrl = embedded.url;
      console.log(`embedded PostgreSQL in ${dataDir}`);
    }
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    const version = (await admin.query('show server_version')).rows[0].server_version;
    const reuse =
      process.env.BENCH_REUSE === '1' && (await admin.query('select 1 from pg_database where datname = $1', [BENCH_DATABASE])).rowCount === 1;
    if (!reuse) {
      await admin.query(`drop database if exists ${BENCH_DATABASE} with (force)`);
      await admin.query(`create database ${BENCH_DATABASE}`);
    }
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${BENCH_DATABASE}`;
    const benchUrl = url.toString();

    // A bulk load, not the API: its large steps (2,000,000 items in one INSERT … SELECT) run longer than the API's
    // statement timeout, so this connection has none (a day: PostgreSQL reads 0 as none, the pool wants a number).
    const db = createDb(benchUrl, { statementTimeoutMs: 86_400_000 });
    await migrateToLatest(db);
    const generateStarted = performance.now();
    if (reuse) console.log(`reusing the data of an earlier run in ${BENCH_DATABASE} (BENCH_REUSE=1)`);
    else {
      console.log(`generating ${JSON.stringify(SCALE)}`);
      await generate(db, console.log);
    }
    const generateSeconds = (performance.now() - generateStarted) / 1000;
    const tables = ['client_products', 'client_production_orders', 'client_production_order_items', 'supply_orders', 'preform_stock_movements', 'downtime_history',
      'claims', 'uploads', 'invoices', 'invoice_lines', 'client_production_plans', 'client_production_plan_items', 'product_prices', 'product_stock_movements', 'produced_entries'];
    const counts = await Promise.all(
      tables.map(async (table) => `${table} ${(await db.selectFrom(table as 'preforms').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n}`),
    );
    console.log(`generated in ${generateSeconds.toFixed(1)} s: ${counts.join(', ')}`);
    const { ids, buyer, seller } = await lookUpIds(db);
    // Issue 15: a machine credential for every machine (the ingestion bench), and the machines it reports for.
    const machineCredential = newMachineToken();
    const { id: credentialId } = await db
      .insertInto('machine_credentials')
      .values({ name: 'bench collector', token_hash: machineCredential.hash, token_hint: machineCredential.hint, created_by: 'bench' })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The ingestion's rows are named 'ingestion …': BENCH_ONLY=ingest or =ingestion selects them. On a reused database the
    // previous run's ING machines and their events are still there, so its events arrive late (stops recomputed).
    const ingest = only('ingestion');
    broker = ingest ? await startMosquitto() : undefined;
    console.log(`timing the largest company ${ids.company} (buyer ${buyer}, seller ${seller}); rows: ${JSON.stringify({ ...ids, orders50: undefined })}`);
    await db.destroy();

    const start = await apiStart();
    console.log(`the API: ${start.describe}`);
    child = fork(start.file, [], {
      // BENCH_NODE_ARGS adds Node flags to the API process, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof' to profile it.
      execArgv: [
        ...start.execArgv,
        ...(process.env.BENCH_MEMORY === '1' ? ['--expose-gc'] : []),
        ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      ],
      env: {
        ...process.env,
        // Production's Node flags are given on the command line above (NODE_OPTIONS of the parent is not the API's).
        NODE_OPTIONS: '',
        BENCH_BUILT: start.built ? '1' : '0',
        BENCH_API_DATABASE_URL: benchUrl,
        BENCH_CLIENT_COMPANY: ids.company,
        BENCH_BUYER_COMPANY: buyer,
        BENCH_SELLER_COMPANY: seller,
        ...(broker ? { BENCH_MQTT_URL: broker.url } : {}),
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const server = await new Promise<{ port: number; tokens: Record<Role, string> }>((resolve, reject) => {
      child!.once('message', (message) => resolve(message as { port: number; tokens: Record<Role, string> }));
      child!.once('exit', (code) => reject(new Error(`API exited with ${code}`)));
    }).finally(() => start.cleanUp());

    const postmaster = await postmasterOf(benchUrl);
    const results = [];
    for (const call of calls.filter((c) => only(c.name))) {
      const token = server.tokens[call.role];
      await rssWindow(child); // starts the call's window
      const once = await captureRequest(child, server.port, token, call, ids);
      if (once.status < 200 || once.status > 299) console.log(`${call.name}: answered ${once.status}`);
      if (process.env.BENCH_STATEMENTS === '1') for (const query of once.queries) console.log(`  statement of ${call.name}: ${query.sql.replace(/\s+/g, ' ').slice(0, 160)}`);
      await loadApi(server.port, token, call, ids, Math.min(2, SECONDS)); // warm-up: JIT, pool, PostgreSQL caches
      // A download takes longer: at least 5 s, so that a short BENCH_SECONDS still yields a few answers.
      const loaded = await measureCpu(postmaster, child.pid, () => loadApi(server.port, token, call, ids, call.download ? Math.max(SECONDS, 5) : SECONDS), (load) => load.rps * load.seconds);
      const api = loaded.result;
      const peakRssKb = await rssWindow(child, call.name);
      const service = once.queries.filter((query) => !isGate(query));
      const reads = service.filter(isRead);
      const replayed = await measureCpu(postmaster, undefined, () => loadSql(benchUrl, reads, Math.min(SECONDS, 5)), (load) => load.rps * load.seconds);
      const direct = replayed.result;
      const plans = await explain(benchUrl, reads);
      const slowest = plans.reduce<(typeof plans)[number] | undefined>((worst, plan) => (!worst || plan.executionMs > worst.executionMs ? plan : worst), undefined);
      const total = (key: 'executionMs' | 'planningMs') => plans.reduce((sum, plan) => sum + plan[key], 0);
      const planned = { executionMs: total('executionMs'), planningMs: total('planningMs') };
      results.push({ call, api, direct, slowest, planned, once, peakRssKb, statements: once.queries.length, serviceStatements: service.length, cpu: loaded.cpu, sqlCpu: replayed.cpu });
      console.log(
        `${call.name}: ${once.status} ${once.bytes} B in ${ms(once.aloneMs)} ms alone; API ${api.rps.toFixed(0)} req/s p50 ${ms(api.p50)} p95 ${ms(api.p95)} p99 ${ms(api.p99)} ms (errors ${api.errors}${api.failed ? `: ${api.failed}` : ''}); ` +
          `SQL ${direct.rps.toFixed(0)} req/s p50 ${ms(direct.p50)} p95 ${ms(direct.p95)} ms (${once.queries.length} statements, ${service.length} of the service); ` +
          `CPU ms per request: API ${cpuMs(loaded.cpu.api)}, PostgreSQL ${cpuMs(loaded.cpu.postgres)}, load ${cpuMs(loaded.cpu.bench)}; SQL replay: PostgreSQL ${cpuMs(replayed.cpu.postgres)}, client ${cpuMs(replayed.cpu.bench)}`,
      );
    }
    // A list page while the heaviest download renders: what a PDF's rendering costs the other users. Before PDFs
    // rendered in worker threads, the API's one thread laid the 50-order PDF out for 0.5-0.9 s at a time, and the list
    // waited behind it (or was shed, 503).
    type Load = Awaited<ReturnType<typeof loadApi>>;
    let besideRow: { alone?: Load; during: Load; downloads: Load } | undefined;
    if (only(BESIDE.name)) {
      const beside = calls.find((call) => call.name === BESIDE.list)!;
      const heavy = calls.find((call) => call.name === BESIDE.download)!;
      const alone = results.find((result) => result.call === beside)?.api;
      const seconds = Math.max(SECONDS, 5);
      const [during, downloads] = await Promise.all([
        loadApi(server.port, server.tokens[beside.role], beside, ids, seconds),
        loadApi(server.port, server.tokens[heavy.role], heavy, ids, seconds, 2),
      ]);
      besideRow = { alone, during, downloads };
      console.log(`${BESIDE.name}: list ${during.rps.toFixed(0)} req/s p50 ${ms(during.p50)} p95 ${ms(during.p95)} p99 ${ms(during.p99)} ms (errors ${during.errors}); downloads ${downloads.rps.toFixed(1)}/s (errors ${downloads.errors})`);
    }
    // Issue 15: machine event ingestion, HTTP and MQTT, 1 machine and 200 machines.
    const ingestion: IngestRow[] = [];
    const eventLog: { name: string; eventsPerSecond: number; logged: number; seconds: number }[] = [];
    let deliveries: DeliveryRow | undefined;
    let saves: SaveRow[] = [];
    if (broker) {
      // 200 machines of their own (ING-001 … ING-200, spread over the companies), added after the screens' calls.
      const ingestDb = createDb(benchUrl);
      const companyIds = (await ingestDb.selectFrom('companies').select('id').orderBy('id').execute()).map((row) => row.id);
      const benchMachines = Array.from({ length: 200 }, (_, index) => ({ company: companyIds[index % companyIds.length]!, name: `ING-${String(index + 1).padStart(3, '0')}` }));
      for (const machine of benchMachines)
        await sql`update companies set fbs = array_append(fbs, ${machine.name}) where id = ${machine.company}`.execute(ingestDb);
      await ingestDb
        .insertInto('machine_credential_machines')
        .values(benchMachines.map((machine) => ({ credential_id: credentialId, company_id: machine.company, machine_name: machine.name })))
        .execute();
      // A plant's machines have a past: before the bench's events (2026), a running and a stopped event every 5 minutes,
      // 1,000 per machine and 100,000 for ING-001 (a year) at BENCH_SCALE=1. Ingestion must not slow down with it (an
      // ingested batch once read its machines' whole history: 3 s a batch at 85,000 events). Once per database.
      const history = (events: number) => Math.max(100, Math.round(events * SCALE.factor));
      await sql`
        insert into machine_events (event_id, company_id, machine_name, at, kind, source)
        select gen_random_uuid(), m.company_id, m.machine_name, timestamptz '2025-01-01' + g * interval '5 minutes',
               case when g % 2 = 0 then 'running' else 'stopped' end, 'bench history'
          from unnest(${benchMachines.map((machine) => machine.company)}::text[], ${benchMachines.map((machine) => machine.name)}::text[])
               as m(company_id, machine_name)
         cross join lateral generate_series(1, case when m.machine_name = 'ING-001' then ${history(100_000)}::int else ${history(1_000)}::int end) g
         where not exists (select from machine_events e where e.company_id = m.company_id and e.machine_name = m.machine_name)`.execute(ingestDb);
      // As the generator does after its inserts: plans from the table as it now is, not as it was before the history.
      await sql`analyze machine_events`.execute(ingestDb);
      await ingestDb.destroy();
      const http = { port: server.port, token: machineCredential.token, credentialName: 'bench collector', databaseUrl: benchUrl, seconds: SECONDS };
      // The event log: the machine.stopped / machine.started events each ingestion row recorded, per second of that row.
      let logCursor = (await eventsAfter(benchUrl, 0)).last;
      const logged = async (name: string, row: IngestRow) => {
        const after = await eventsAfter(benchUrl, logCursor);
        logCursor = after.last;
        eventLog.push({ name, eventsPerSecond: row.eventsPerSecond, logged: after.count, seconds: row.eventsPerSecond > 0 ? row.stored / row.eventsPerSecond : NaN });
      };
      for (const [machines, batch] of [
        [benchMachines.slice(0, 1), 100],
        [benchMachines, 100],
        [benchMachines, 1],
      ] as const) {
        const row = await ingestHttp({ ...http, machines: [...machines], batch });
        ingestion.push(row);
        await logged(`HTTP ${row.machines} machines, ${row.batch} per request`, row);
        console.log(`ingestion HTTP ${row.machines} machines, ${row.batch} per request: ${row.eventsPerSecond.toFixed(0)} events/s, p99 ${ms(row.p99)} ms, lost ${row.lost}`);
      }
      // MQTT: a burst of 20,000 (throughput), then 2,000 events/s for BENCH_SECONDS (issue 15's aim: p99 under 1 s at
      // that rate, none lost).
      for (const rate of [undefined, 2_000])
        for (const machines of [benchMachines.slice(0, 1), benchMachines]) {
          const count = rate === undefined ? 20_000 : rate * SECONDS;
          const row = await ingestMqtt({ brokerUrl: broker.url, group: 'bench', databaseUrl: benchUrl, machines: [...machines], count, rate, timeoutMs: 15_000 });
          ingestion.push(row);
          await logged(`MQTT ${row.machines} machines, ${rate === undefined ? 'burst' : `${rate}/s offered`}`, row);
          console.log(
            `ingestion MQTT ${row.machines} machines, ${rate === undefined ? 'burst' : `${rate}/s offered`}: ${row.eventsPerSecond.toFixed(0)} events/s, ` +
              `p50 ${ms(row.p50)} p99 ${ms(row.p99)} ms, lost ${row.lost}`,
          );
        }
    }
    // The event log's webhooks and the order save with and without it (events.ts); BENCH_ONLY=events selects them.
    if (only('events')) {
      deliveries = await measureDeliveries(benchUrl, Math.max(200, Math.round(5_000 * SCALE.factor)), 120_000);
      console.log(`events: ${deliveries.received} of ${deliveries.events} webhook deliveries in ${deliveries.seconds.toFixed(1)} s (${deliveries.perSecond.toFixed(0)}/s)`);
      saves = await measureOrderSave(benchUrl, ids.company, ids.product, Math.max(50, Math.round(500 * SCALE.factor)));
      for (const row of saves) console.log(`events: order save ${row.variant}: p50 ${ms(row.p50)} p95 ${ms(row.p95)} ms`);
    }
    child.send('rss');
    const rss = await new Promise<number>((resolve) => child!.once('message', (message) => resolve((message as { maxRssKb: number }).maxRssKb)));

    console.log(
      `\nPostgreSQL ${version}, Node ${process.version}, ${os.cpus().length} CPUs, ${CONNECTIONS} connections, ${SECONDS} s per call, BENCH_SCALE ${SCALE.factor}; ` +
        `load average before ${loadBefore}, after ${os.loadavg().map((n) => n.toFixed(1)).join(' ')} (anything else running skews the figures)\n`,
    );
    console.log(
      '"alone": the first request of the call, with nothing else running (cold: before the warm-up). An API req/s of 0 means no answer came back within the load\'s duration.\n',
    );
    console.log(
      'Statements: all that one request runs (gate included: revocation check, per-user limit), then those of the service; the SQL columns replay the service\'s reads (writes such as audit rows are not replayed).\n',
    );
    console.log(
      'API RSS MB: the largest resident set of the API process while the call was made (its one request, warm-up and load), sampled every 20 ms.\n',
    );
    console.log(
      'CPU ms per request: the CPU time each party used during the load, divided by the requests answered: the API process; PostgreSQL (server and ' +
        'backends); the bench process (autocannon, the HTTP client). "replay": PostgreSQL and the pg client during the bare-SQL replay. ' +
        'With every core busy, a call\'s req/s is about (cores × 1,000) / the sum of its three.\n',
    );
    console.log(
      '| Face | Call | status | bytes | alone ms | API req/s | API p50 ms | API p95 ms | API p99 ms | errors | statements (service) | SQL req/s | SQL p50 ms | SQL p95 ms | SQL p99 ms | API/SQL p50 | API/SQL req/s | API RSS MB | CPU ms/req API · PG · load | replay PG · client |',
    );
    console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const { call, api, direct, once, peakRssKb, statements, serviceStatements, cpu, sqlCpu } of results) {
      console.log(
        `| ${call.face} | ${call.name} | ${once.status} | ${once.bytes} | ${ms(once.aloneMs)} | ${api.rps.toFixed(0)} | ${ms(api.p50)} | ${ms(api.p95)} | ${ms(api.p99)} | ${api.errors} | ${statements} (${serviceStatements}) | ` +
          `${direct.rps.toFixed(0)} | ${ms(direct.p50)} | ${ms(direct.p95)} | ${ms(direct.p99)} | ${(api.p50 / direct.p50).toFixed(2)} | ${(api.rps / direct.rps).toFixed(2)} | ${(peakRssKb / 1024).toFixed(0)} | ` +
          `${cpuCells(cpu, ['api', 'postgres', 'bench'])} | ${cpuCells(sqlCpu, ['postgres', 'bench'])} |`,
      );
    }
    if (besideRow) {
      const { alone, during, downloads } = besideRow;
      console.log(`\n${BESIDE.name} (${CONNECTIONS} connections on the list, 2 downloading at once):\n`);
      console.log('| List | req/s | p50 ms | p95 ms | p99 ms | errors | downloads/s | download errors |');
      console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
      if (alone) console.log(`| alone (above) | ${alone.rps.toFixed(0)} | ${ms(alone.p50)} | ${ms(alone.p95)} | ${ms(alone.p99)} | ${alone.errors} | | |`);
      console.log(`| during the downloads | ${during.rps.toFixed(0)} | ${ms(during.p50)} | ${ms(during.p95)} | ${ms(during.p99)} | ${during.errors} | ${downloads.rps.toFixed(1)} | ${downloads.errors} |`);
    }
    if (ingestion.length) printIngestion(ingestion);
    if (eventLog.length || deliveries || saves.length) printEvents(eventLog, deliveries, saves);
    console.log(`\nAPI peak RSS: ${(rss / 1024).toFixed(0)} MB. Data generated in ${generateSeconds.toFixed(1)} s.\n`);
    console.log('EXPLAIN ANALYZE of the slowest statement of each call (single run, warm cache), and the execution and planning times of all its statements:');
    for (const { call, slowest, planned } of results) {
      console.log(`\n${call.name}`);
      if (!slowest) {
        console.log('  (no read statement)');
        continue;
      }
      console.log(
        `  ${slowest.executionMs.toFixed(2)} ms (planning ${slowest.planningMs.toFixed(2)} ms)  ${slowest.sql}\n` +
          `  every statement of the service: execution ${planned.executionMs.toFixed(2)} ms, planning ${planned.planningMs.toFixed(2)} ms`,
      );
      for (const line of slowest.plan) console.log(`      ${line.trim()}`);
    }
    // The first screen in Chromium (issue 14, item 4), on the built portal with its demo data: what a browser
    // downloads and paints does not depend on the table sizes. BENCH_FIRST_SCREEN=0 skips it.
    let screens: FirstScreen[] = [];
    if (process.env.BENCH_FIRST_SCREEN !== '0' && !ONLY) {
      const portal = await startPortal({}, { onOutput: () => undefined });
      try {
        screens = await measureFirstScreens(portal.url);
        printFirstScreens(screens);
      } finally {
        await portal.stop();
      }
    }
    printTargets(
      judgeTargets(
        results.map(({ call, api, direct, statements, serviceStatements }) => ({
          name: call.name,
          download: Boolean(call.download),
          rowsPerPage: rowsPerPageOf(call, ids),
          apiP95: api.p95,
          apiErrors: api.errors,
          apiP50: api.p50,
          apiRps: api.rps,
          sqlP50: direct.p50,
          sqlRps: direct.rps,
          statements,
          serviceStatements,
        })),
        rss / 1024,
        screens.map((screen) => ({ screen: screen.screen, jsKb: screen.jsBytes / 1024, lcpMs: screen.lcpMs })),
      ),
    );
    console.log(`bench finished in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    if (results.some(({ api, once }) => api.errors > 0 || once.status < 200 || once.status > 299)) process.exitCode = 1;
    if (besideRow && (besideRow.during.errors > 0 || besideRow.downloads.errors > 0)) process.exitCode = 1;
    if (ingestion.some((row) => row.lost > 0 || row.errors > 0)) process.exitCode = 1;
  } finally {
    if (child && child.exitCode === null) {
      child.send('stop');
      await new Promise((resolve) => child!.once('exit', resolve));
    }
    await broker?.stop();
    await embedded?.stop();
    if (dataDir && !process.env.BENCH_KEEP) await rm(dataDir, { recursive: true, force: true });
  }
}

/** The rows the calls ask for: of the company with the most order items, and who buys and sells its products. */
async function lookUpIds(db: Db): Promise<{ ids: Ids; buyer: string; seller: string }> {
  const one = async <T>(query: ReturnType<typeof sql<T>>) => {
    const row = (await query.execute(db)).rows[0];
    if (!row) throw new Error(`no row for ${query.compile(db).sql}`);
    return row;
  };
  const { company } = await one(sql<{ company: string }>`
    select o.company_id as company from client_production_order_items i join client_production_orders o on o.id = i.order_id
     group by o.company_id order by count(*) desc, o.company_id limit 1`);
  const { order } = await one(sql<{ order: number }>`select max(id) as order from client_production_orders where company_id = ${company}`);
  const { product } = await one(sql<{ product: number }>`
    select client_product_id as product from client_production_order_items where order_id = ${order} order by id limit 1`);
  // The operator opens the produced history of an item of an open order (those have entries).
  const { orderItem } = await one(sql<{ orderItem: number }>`
    select i.id as "orderItem" from client_production_order_items i join client_production_orders o on o.id = i.order_id
     where o.company_id = ${company} and o.closed = 0 and i.produced_amount > 0 order by i.id desc limit 1`);
  const { claim, upload } = await one(sql<{ claim: number; upload: number }>`
    select c.id as claim, u.id as upload from claims c join uploads u on u.object_type = 'ClientProductionClaims' and u.object_id = c.id
     where c.company_id = ${company} order by c.id desc limit 1`);
  const { invoice } = await one(sql<{ invoice: number }>`select max(id) as invoice from invoices where company_id = ${company}`);
  const { plan } = await one(sql<{ plan: number }>`select max(id) as plan from client_production_plans where company_id = ${company}`);
  const { preform } = await one(sql<{ preform: number }>`select min(id) as preform from preforms`);
  const orders50 = (await sql<{ id: number }>`select id from client_production_orders order by id desc limit 50`.execute(db)).rows.map((row) => row.id);
  const { buyer } = await one(sql<{ buyer: string }>`
    select b.buyer_company_id as buyer from product_buyers b join client_products p on p.id = b.client_product_id where p.company_id = ${company} limit 1`);
  const { seller } = await one(sql<{ seller: string }>`
    select seller_company_id as seller from client_products where company_id = ${company} and seller_company_id is not null limit 1`);
  // Issue 17: the lot with the most items (generate.ts gives one 10,000).
  const { lot } = await one(sql<{ lot: number }>`
    select lot_id as lot from lot_consumptions where lot_id is not null group by lot_id order by count(distinct order_item_id) desc, lot_id limit 1`);
  // Issue 14: page 499 of the operator's stock by page number, through the API's own repository; its last row's cursor.
  // A small BENCH_SCALE has fewer than 500 pages: the cursor of the first page's last row then stands in for it.
  const page499 = await findStockRows(db, {}, { page: 499, rowsPerPage: 10 });
  const last = page499.last ?? (await findStockRows(db, {}, { page: 1, rowsPerPage: 10 })).last;
  if (!last) throw new Error('the operator stock is empty: no page to reach by cursor');
  const stockCursor499 = encodeCursor(last);
  return { ids: { company, order, product, claim, upload, invoice, plan, orderItem, preform, orders50, lot, stockCursor499 }, buyer, seller };
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
