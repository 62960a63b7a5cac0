/**
 * `pnpm bench`: the supply lists at production scale.
 *
 * 1. PostgreSQL: BENCH_DATABASE_URL (a maintenance database URL of a server you own; a database `orders_bench` is
 *    dropped and created there), or an embedded PostgreSQL in a temp folder.
 * 2. Migrations and generate.ts (2,000 preforms, 50 warehouses, 300,000 supply orders, 1,000,000 ledger rows…).
 * 3. The API in a child process (server.ts), then autocannon with 10 connections for BENCH_SECONDS (10) per list,
 *    after a short warm-up: requests/s, p50/p95/p99 latency, errors; the API's peak RSS at the end.
 * 4. The same SQL statements, captured from the services through Kysely's query log, run directly on PostgreSQL
 *    with 10 connections for the same time, and EXPLAIN ANALYZE of each, so API/SQL compares like with like.
 *
 * Options (environment): BENCH_DATABASE_URL, BENCH_SECONDS (default 10), BENCH_KEEP=1 (keep the embedded data folder).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { Kysely, PostgresDialect, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { createDb, type Database, type Db } from '../../api/src/db/database.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../api/src/db/embedded.js';
import { migrateToLatest } from '../../api/src/db/migrate.js';
import { getPreforms } from '../../api/src/features/preforms/preforms.service.js';
import { getOperatorPreformStock, getPreformStock } from '../../api/src/features/stock/stock.service.js';
import { getSupplyOrders } from '../../api/src/features/supply/supply.service.js';
import { generate, SCALE } from './generate.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
const BENCH_DATABASE = 'orders_bench';

interface Scenario {
  name: string;
  path: string;
  body: object;
  role: 'admin' | 'operator';
  /** The service call behind the endpoint, to capture its SQL. */
  direct: (db: Db) => Promise<unknown>;
}

const scenarios: Scenario[] = [
  // The board asks for New and Awaiting delivery 50 cards at a time (COLUMN_PAGE in web/src/features/supply/useSupplyBoard.ts)
  // and for Added to stock 10 at a time; delivered is measured at the API's default of 50, the larger answer.
  ...(['pending', 'ordered'] as const).map((orderStatus): Scenario => ({
    name: `supply/get ${orderStatus} (board page of 50)`,
    path: '/api/admin/supply/get',
    body: { orderStatus, limit: 50 },
    role: 'admin',
    direct: (db) => getSupplyOrders(db, { orderStatus, limit: 50 }),
  })),
  { name: 'supply/get delivered', path: '/api/admin/supply/get', body: { orderStatus: 'delivered' }, role: 'admin', direct: (db) => getSupplyOrders(db, { orderStatus: 'delivered' }) },
  // A whole column in one answer (part 7's call without a limit, as an integrator may make it): for comparison.
  ...(['pending', 'ordered'] as const).map((orderStatus): Scenario => ({
    name: `supply/get ${orderStatus} whole column (300)`,
    path: '/api/admin/supply/get',
    body: { orderStatus },
    role: 'admin',
    direct: (db) => getSupplyOrders(db, { orderStatus }),
  })),
  {
    name: 'preforms/get',
    path: '/api/admin/preforms/get',
    body: { pagination: { page: 1, rowsPerPage: 10 } },
    role: 'admin',
    direct: (db) => getPreforms(db, { pagination: { page: 1, rowsPerPage: 10 } }),
  },
  {
    name: 'preformstock/get',
    path: '/api/admin/preformstock/get',
    body: { preformWarehouseId: 7, pagination: { page: 1, rowsPerPage: 10, sortBy: 'orderAmount', descending: true } },
    role: 'admin',
    direct: (db) => getPreformStock(db, { preformWarehouseId: 7, pagination: { page: 1, rowsPerPage: 10, sortBy: 'orderAmount', descending: true } }),
  },
  { name: 'operator/preformstock/get', path: '/api/operator/preformstock/get', body: {}, role: 'operator', direct: (db) => getOperatorPreformStock(db, {}) },
  {
    name: 'operator/preformstock/get page 500',
    path: '/api/operator/preformstock/get',
    body: { pagination: { page: 500, rowsPerPage: 10 } },
    role: 'operator',
    direct: (db) => getOperatorPreformStock(db, { pagination: { page: 500, rowsPerPage: 10 } }),
  },
];

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);
const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '-');

/** Load through HTTP with autocannon; latencies recorded per response (autocannon reports no p95 itself). */
async function loadApi(port: number, token: string, scenario: Scenario, seconds: number) {
  const latencies: number[] = [];
  let errors = 0;
  const instance = autocannon({
    url: `http://127.0.0.1:${port}${scenario.path}`,
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(scenario.body),
    connections: CONNECTIONS,
    duration: seconds,
  });
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    if (statusCode !== 200) errors++;
    latencies.push(responseTime);
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: errors + result.errors + result.timeouts,
    bytes: result.throughput.average,
  };
}

/** The SQL one request runs: the service called once on a Kysely that logs every compiled query. */
async function captureQueries(url: string, scenario: Scenario): Promise<CompiledQuery[]> {
  const captured: CompiledQuery[] = [];
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      if (event.level === 'query') captured.push(event.query);
    },
  });
  await scenario.direct(db);
  await db.destroy();
  return captured;
}

/** The captured statements run directly on PostgreSQL, one "request" after another on each of 10 connections. */
async function loadSql(url: string, queries: CompiledQuery[], seconds: number) {
  const pool = new pg.Pool({ connectionString: url, max: CONNECTIONS });
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
  return { rps: latencies.length / seconds, p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99) };
}

/** EXPLAIN ANALYZE of each statement: execution time and the plan's scan lines (which index, how many rows). */
async function explain(url: string, queries: CompiledQuery[]) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const plans: { sql: string; executionMs: number; plan: string[] }[] = [];
  try {
    for (const query of queries) {
      const result = await client.query(`explain (analyze, buffers) ${query.sql}`, query.parameters as unknown[]);
      const lines = result.rows.map((row: Record<string, string>) => row['QUERY PLAN']);
      const execution = lines.find((line) => line.startsWith('Execution Time'));
      plans.push({
        sql: query.sql.replace(/\s+/g, ' ').slice(0, 140),
        executionMs: execution ? Number(execution.replace(/[^0-9.]/g, '')) : NaN,
        plan: lines.filter((line) => /Scan|Sort|Aggregate|Limit/.test(line)).map((line) => line.trimEnd()),
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
    await admin.query(`drop database if exists ${BENCH_DATABASE} with (force)`);
    await admin.query(`create database ${BENCH_DATABASE}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${BENCH_DATABASE}`;
    const benchUrl = url.toString();

    const db = createDb(benchUrl);
    await migrateToLatest(db);
    console.log(`generating ${JSON.stringify(SCALE)}`);
    const generateStarted = performance.now();
    await generate(db, console.log);
    const generateSeconds = (performance.now() - generateStarted) / 1000;
    const counts = await Promise.all(
      ['preforms', 'preform_warehouses', 'preform_stock', 'preform_stock_movements', 'supply_orders', 'client_products', 'client_production_order_items'].map(
        async (table) => `${table} ${(await db.selectFrom(table as 'preforms').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n}`,
      ),
    );
    console.log(`generated in ${generateSeconds.toFixed(1)} s: ${counts.join(', ')}`);
    await db.destroy();

    child = fork(path.join(import.meta.dirname, 'server.ts'), [], {
      // BENCH_NODE_ARGS adds Node flags to the API process, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof' to profile it.
      execArgv: ['--import', 'tsx', ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [])],
      env: { ...process.env, BENCH_API_DATABASE_URL: benchUrl },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const server = await new Promise<{ port: number; admin: string; operator: string }>((resolve, reject) => {
      child!.once('message', (message) => resolve(message as { port: number; admin: string; operator: string }));
      child!.once('exit', (code) => reject(new Error(`API exited with ${code}`)));
    });

    const results = [];
    for (const scenario of scenarios) {
      const token = server[scenario.role];
      await loadApi(server.port, token, scenario, 2); // warm-up: JIT, pool, PostgreSQL caches
      const api = await loadApi(server.port, token, scenario, SECONDS);
      const queries = await captureQueries(benchUrl, scenario);
      const direct = await loadSql(benchUrl, queries, Math.min(SECONDS, 5));
      const plans = await explain(benchUrl, queries);
      results.push({ scenario, api, direct, plans, queries: queries.length });
      console.log(
        `${scenario.name}: API ${api.rps.toFixed(0)} req/s p50 ${ms(api.p50)} p95 ${ms(api.p95)} p99 ${ms(api.p99)} ms (errors ${api.errors}); ` +
          `SQL ${direct.rps.toFixed(0)} req/s p50 ${ms(direct.p50)} p95 ${ms(direct.p95)} ms (${queries.length} statements)`,
      );
    }
    child.send('rss');
    const rss = await new Promise<number>((resolve) => child!.once('message', (message) => resolve((message as { maxRssKb: number }).maxRssKb)));

    console.log(
      `\nPostgreSQL ${version}, Node ${process.version}, ${os.cpus().length} CPUs, ${CONNECTIONS} connections, ${SECONDS} s per list; ` +
        `load average before ${loadBefore}, after ${os.loadavg().map((n) => n.toFixed(1)).join(' ')} (anything else running skews the figures)\n`,
    );
    console.log('| List | API req/s | API p50 ms | API p95 ms | API p99 ms | errors | SQL req/s | SQL p50 ms | SQL p95 ms | API/SQL p50 | API/SQL p95 |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const { scenario, api, direct } of results) {
      console.log(
        `| ${scenario.name} | ${api.rps.toFixed(0)} | ${ms(api.p50)} | ${ms(api.p95)} | ${ms(api.p99)} | ${api.errors} | ${direct.rps.toFixed(0)} | ` +
          `${ms(direct.p50)} | ${ms(direct.p95)} | ${(api.p50 / direct.p50).toFixed(2)} | ${(api.p95 / direct.p95).toFixed(2)} |`,
      );
    }
    console.log(`\nAPI peak RSS: ${(rss / 1024).toFixed(0)} MB. Data generated in ${generateSeconds.toFixed(1)} s.\n`);
    console.log('EXPLAIN ANALYZE (single run, warm cache):');
    for (const { scenario, plans } of results) {
      console.log(`\n${scenario.name}`);
      for (const plan of plans) {
        console.log(`  ${plan.executionMs.toFixed(2)} ms  ${plan.sql}`);
        for (const line of plan.plan) console.log(`      ${line.trim()}`);
      }
    }
    const failed = results.filter(({ api }) => api.p95 >= 50 || api.errors > 0);
    console.log(`\n${failed.length ? `over target (p95 >= 50 ms or errors): ${failed.map((r) => r.scenario.name).join(', ')}` : 'every list under the 50 ms p95 target'}`);
    console.log(`bench finished in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    if (child && child.exitCode === null) {
      child.send('stop');
      await new Promise((resolve) => child!.once('exit', resolve));
    }
    await embedded?.stop();
    if (dataDir && !process.env.BENCH_KEEP) await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
