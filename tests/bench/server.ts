/**
 * The API as production builds it, for the benchmark: started by run.ts as a child process (so its peak RSS and CPU
 * are its own), on the bench database, trusting a key pair made here. Sends its port and a token per role over IPC
 * (the client, buyer and seller are of the companies run.ts names in BENCH_CLIENT_COMPANY, BENCH_BUYER_COMPANY,
 * BENCH_SELLER_COMPANY), answers `rss` with its peak resident set size, and between `capture` and `captured`
 * records every statement the API sends on behalf of a request (run.ts makes one request in between: the SQL of one
 * request; the API's own background work is left out).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import type { CompiledQuery } from 'kysely';
// run.ts starts this file transpiled, in plain Node with production's flags, and BENCH_BUILT=1: the API compiled (api/dist,
// after `pnpm build`), as `pnpm start` and the image run it. BENCH_BUILT=0 (run.ts then runs this file through tsx): the
// sources, transpiled on load; the memory is then not production's (tsx's loader thread, the transpiled sources).
const api = process.env.BENCH_BUILT === '1' ? '../../api/dist' : '../../api/src';
const { buildApp } = (await import(`${api}/app.js`)) as typeof import('../../api/src/app.js');
const { loadConfig } = (await import(`${api}/config.js`)) as typeof import('../../api/src/config.js');
const { createDb } = (await import(`${api}/db/database.js`)) as typeof import('../../api/src/db/database.js');
const { loadAuditKey } = (await import(`${api}/lib/audit.js`)) as typeof import('../../api/src/lib/audit.js');

const ISSUER = 'http://issuer.bench/idp';
const AUDIENCE = 'orders-portal-api';
const databaseUrl = process.env.BENCH_API_DATABASE_URL;
if (!databaseUrl || !process.send) throw new Error('start this through tests/bench/run.ts');

const { publicKey, privateKey } = await generateKeyPair('RS256');
const publicJwk = { ...(await exportJWK(publicKey)), kid: 'bench', alg: 'RS256', use: 'sig' };
// The per-user API limit is counted as in production (in the process, written in batches) but set out of the load's reach.
const config = loadConfig({
  OIDC_ISSUER: ISSUER,
  OIDC_AUDIENCE: AUDIENCE,
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  PUBLIC_URL: 'http://127.0.0.1',
  SEED_DEMO: 'false',
  RATE_LIMIT_API_PER_MINUTE: '100000000',
  // The webhook deliveries' receiver runs in the bench process on loopback (events.ts).
  WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8',
  // MQTT ingestion when run.ts started a broker (Mosquitto: the portal's own broker stays off).
  MQTT_BROKER: 'false',
  ...(process.env.BENCH_MQTT_URL ? { MQTT_URL: process.env.BENCH_MQTT_URL, MQTT_GROUP_ID: 'bench', MQTT_REORDER_TIMEOUT_MS: '500' } : {}),
});
// Records the statements a request sends while capturing (Kysely's log: each statement executed, once; a subquery
// built apart and embedded in another statement is not counted on its own); otherwise one null test per statement.
// Only statements sent on behalf of a request count: each request runs in an async context of its own (as
// @fastify/request-context does), so the API's own timers and the MQTT ingestion's statements, which a full run's
// capture sometimes caught and counted against an unrelated call, are left out.
let capturing: CompiledQuery[] | null = null;
const inRequest = new AsyncLocalStorage<true>();
const db = createDb(databaseUrl, { onQuery: (query) => (inRequest.getStore() ? capturing?.push(query) : undefined) });
// The bench's database is thrown away after the run: a key of its own, never a file in the repository's data folder.
await loadAuditKey({ ...config, AUDIT_HMAC_KEY: config.AUDIT_HMAC_KEY ?? randomBytes(32).toString('base64') });
const app = await buildApp({ config, db, keys: { keys: [publicJwk] } });
// Around Fastify's own request listener, so that the gate's statements (revocation check, per-user limit) count too.
// Only while capturing: an async context costs every promise of the request (Node's promise hooks stay on while a
// store is enabled), which no production request pays, so the load runs without it and the store is disabled after.
for (const listener of app.server.listeners('request') as ((...args: unknown[]) => void)[]) {
  app.server.off('request', listener);
  app.server.on('request', (...args: unknown[]) => (capturing ? inRequest.run(true, () => listener(...args)) : listener(...args)));
}
await app.listen({ host: '127.0.0.1', port: 0 });
// Requests in flight: a capture starts only when none is left over from the previous load (autocannon stops at its
// deadline, not when the server has answered), so the statements recorded are those of the one request.
let inFlight = 0;
app.server.on('request', (_request, response) => {
  inFlight++;
  response.once('close', () => inFlight--);
});
const idle = async () => {
  while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 20));
};
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

const token = (sub: string, role: string, realm: string[] = [], companyId?: string) =>
  new SignJWT({
    resource_access: { 'orders-public': { roles: [role] } },
    realm_access: { roles: realm },
    name: sub,
    client_id: 'orders-public',
    ...(companyId ? { companyId } : {}),
  })
    .setProtectedHeader({ alg: 'RS256', kid: 'bench', typ: 'at+jwt' })
    .setSubject(sub)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime('2h')
    .sign(privateKey);

// The largest resident set seen since the last 'rss-window' question (sampled every 20 ms), so that run.ts can say which
// call drives the peak: the process's own maxRSS only ever grows. With BENCH_MEMORY=1 the answer also carries the
// process's memory at that peak and after a full collection (run.ts starts the process with --expose-gc then): what
// of the peak was garbage, what lives outside the V8 heap.
const MEMORY = process.env.BENCH_MEMORY === '1';
let windowPeak = process.memoryUsage.rss();
let peakUsage = process.memoryUsage();
setInterval(() => {
  const now = process.memoryUsage.rss();
  if (MEMORY && now > windowPeak) peakUsage = process.memoryUsage();
  windowPeak = Math.max(windowPeak, now);
}, 20).unref();

process.on('message', async (message) => {
  if (message === 'rss') process.send?.({ maxRssKb: process.resourceUsage().maxRSS });
  if (message === 'rss-window') {
    const peakKb = Math.round(Math.max(windowPeak, process.memoryUsage.rss()) / 1024);
    let memory: { peak: NodeJS.MemoryUsage; afterGc: NodeJS.MemoryUsage } | undefined;
    if (MEMORY) {
      (globalThis as { gc?: () => void }).gc?.();
      memory = { peak: peakUsage, afterGc: process.memoryUsage() };
    }
    windowPeak = process.memoryUsage.rss();
    peakUsage = process.memoryUsage();
    process.send?.({ windowPeakKb: peakKb, memory });
  }
  if (message === 'capture') {
    await idle();
    capturing = [];
    process.send?.('capturing');
  }
  if (message === 'captured') {
    process.send?.({ queries: (capturing ?? []).map((query) => ({ sql: query.sql, parameters: query.parameters })) });
    capturing = null;
    inRequest.disable();
  }
  if (message === 'stop') {
    await app.close();
    await db.destroy();
    process.exit(0);
  }
});
const env = (name: string) => process.env[name] ?? '';
process.send({
  port,
  tokens: {
    admin: await token('bench-admin', 'admin'),
    operator: await token('bench-operator', 'operator'),
    accountant: await token('bench-accountant', 'accountant'),
    client: await token('bench-client', 'client', [], env('BENCH_CLIENT_COMPANY')),
    buyer: await token('bench-buyer', 'client', ['buyer'], env('BENCH_BUYER_COMPANY')),
    seller: await token('bench-seller', 'client', ['seller'], env('BENCH_SELLER_COMPANY')),
  },
});
