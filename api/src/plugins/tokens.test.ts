import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/db.test-utils.js';
import { createTestApp, tokenFor } from '../../../tests/support/app.test-utils.js';
import { runCli } from '../../../tests/support/cli.test-utils.js';
import { demoUser, seedUsers } from '../db/seed/users.seed.js';
import { recordAudit } from '../lib/audit.js';

/**
 * What the API accepts as an access token (RFC 9068: typ at+jwt, client_id) and that a disabled user's token,
 * still within its lifetime, is refused at once by every instance; and that the API's database role cannot
 * change the schema or rewrite the audit log.
 */
let database: TestDatabase;
let app: FastifyInstance;
let replica: FastifyInstance;
let lenient: FastifyInstance;
beforeAll(async () => {
  database = await createTestDatabase();
  await seedUsers(database.db);
  app = await createTestApp(database.db);
  replica = await createTestApp(database.db);
  lenient = await createTestApp(database.db, { OIDC_STRICT_ACCESS_TOKENS: 'false' });
});
afterAll(async () => {
  await app?.close();
  await replica?.close();
  await lenient?.close();
  await database?.drop();
});

const me = async (instance: FastifyInstance, token: string) =>
  (await instance.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } })).statusCode;

describe('access tokens', () => {
  it('accepts an RFC 9068 token and refuses one without typ at+jwt or without client_id', async () => {
    expect(await me(app, await tokenFor({ roles: ['admin'] }))).toBe(200);
    expect(await me(app, await tokenFor({ roles: ['admin'], typ: 'JWT' }))).toBe(401);
    expect(await me(app, await tokenFor({ roles: ['admin'], clientId: null }))).toBe(401);
  });

  it('accepts plain JWTs (Keycloak) only with OIDC_STRICT_ACCESS_TOKENS=false, still checking the claims', async () => {
    expect(await me(lenient, await tokenFor({ roles: ['admin'], typ: 'JWT', clientId: null }))).toBe(200);
    expect(await me(lenient, await tokenFor({ roles: ['admin'], typ: 'JWT', expiresIn: '-1m' }))).toBe(401);
  });

  it("refuses a disabled user's still valid token at once, on every instance, and accepts it before", async () => {
    const clara = demoUser('client');
    const token = await tokenFor({ sub: clara.id, roles: ['client'], companyId: clara.companyId! });
    expect(await me(app, token)).toBe(200);
    expect(await me(replica, token)).toBe(200);
    await runCli('users', database, 'disable', 'client');
    expect(await me(app, token)).toBe(401);
    expect(await me(replica, token)).toBe(401);
    // Another user is not affected.
    const operator = demoUser('operator');
    expect(await me(app, await tokenFor({ sub: operator.id, roles: ['operator'] }))).toBe(200);
  });
});

describe("the API's database role", () => {
  it('is no superuser and owns nothing: it cannot drop, alter or truncate a table', async () => {
    const role = await sql<{ rolsuper: boolean; owned: number }>`
      SELECT rolsuper, (SELECT count(*) FROM pg_class WHERE relowner = r.oid)::int AS owned FROM pg_roles r WHERE rolname = current_user`.execute(database.db);
    expect(role.rows[0]).toEqual({ rolsuper: false, owned: 0 });
    await expect(sql`DROP TABLE manufacturers`.execute(database.db)).rejects.toThrow(/must be owner/);
    await expect(sql`ALTER TABLE users ADD COLUMN note text`.execute(database.db)).rejects.toThrow(/must be owner/);
    await expect(sql`TRUNCATE login_failures`.execute(database.db)).rejects.toThrow(/permission denied/);
    await expect(sql`CREATE TABLE scratch (id int)`.execute(database.db)).rejects.toThrow(/permission denied/);
  });

  it('adds to the audit log but cannot change or delete its rows', async () => {
    await recordAudit(database.db, { subject: 'test', operation: 'test', recordType: 'test' });
    await expect(sql`UPDATE audit_log SET subject = 'someone else'`.execute(database.db)).rejects.toThrow(/permission denied/);
    await expect(sql`DELETE FROM audit_log`.execute(database.db)).rejects.toThrow(/permission denied/);
  });
});
