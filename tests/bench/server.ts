/**
 * The API as production builds it, for the benchmark: started by run.ts as a child process (so its peak RSS and CPU
 * are its own), on the bench database, trusting a key pair made here. Sends its port and two tokens over IPC and
 * answers `rss` with its peak resident set size.
 */
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { buildApp } from '../../api/src/app.js';
import { loadConfig } from '../../api/src/config.js';
import { createDb } from '../../api/src/db/database.js';

const ISSUER = 'http://issuer.bench/idp';
const AUDIENCE = 'orders-portal-api';
const databaseUrl = process.env.BENCH_API_DATABASE_URL;
if (!databaseUrl || !process.send) throw new Error('start this through tests/bench/run.ts');

const { publicKey, privateKey } = await generateKeyPair('RS256');
const publicJwk = { ...(await exportJWK(publicKey)), kid: 'bench', alg: 'RS256', use: 'sig' };
// The per-user API limit is counted as in production (one upsert per request) but set out of the load's reach.
const config = loadConfig({
  OIDC_ISSUER: ISSUER,
  OIDC_AUDIENCE: AUDIENCE,
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  SEED_DEMO: 'false',
  RATE_LIMIT_API_PER_MINUTE: '100000000',
});
const db = createDb(databaseUrl);
const app = await buildApp({ config, db, keys: { keys: [publicJwk] } });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

const token = (sub: string, role: string) =>
  new SignJWT({ resource_access: { 'orders-public': { roles: [role] } }, realm_access: { roles: [] }, name: sub, client_id: 'orders-public' })
    .setProtectedHeader({ alg: 'RS256', kid: 'bench', typ: 'at+jwt' })
    .setSubject(sub)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime('2h')
    .sign(privateKey);

process.on('message', async (message) => {
  if (message === 'rss') process.send?.({ maxRssKb: process.resourceUsage().maxRSS });
  if (message === 'stop') {
    await app.close();
    await db.destroy();
    process.exit(0);
  }
});
process.send({ port, admin: await token('bench-admin', 'admin'), operator: await token('bench-operator', 'operator') });
