import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { KyselyPlugin } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/db.test-utils.js';
import { as, createTestApp, tokenFor } from '../../../tests/support/app.test-utils.js';
import { revokeUserSessions } from '../idp/adapter.js';
import { cutRevocationListeners, eventually } from '../../../tests/support/revocations.test-utils.js';

/**
 * What the gate asks PostgreSQL per request: nothing while the replica's memory of revocations is current (the
 * revoked subjects learned by LISTEN/NOTIFY, the rate-limit hits counted in the process and written in batches);
 * one primary-key lookup of the subject's revocation while the listening connection is down. A revoked token counts
 * against the address, like a request without a valid token.
 */
let database: TestDatabase;
let app: FastifyInstance;
let recorded: string[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
  const record: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => {
      recorded.push(database.db.getExecutor().compileQuery(node, queryId).sql);
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  app = await createTestApp(database.db.withPlugin(record));
  await eventually(() => app.revocations.live);
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

/**
 * The statements on `subject_revocations` while one GET /api/me ran, and its status. (The rate-limit hits go to the
 * store in batches a timer sends, whichever request is running then: rate-limit-store.test.ts shows a hit far from
 * its limit is counted without a statement.)
 */
async function gateStatements(token?: string) {
  recorded = [];
  const response = await app.inject({ method: 'GET', url: '/api/me', headers: token ? { authorization: `Bearer ${token}` } : {} });
  const gate = recorded.filter((text) => /\bsubject_revocations\b/.test(text));
  return { status: response.statusCode, gate, remaining: response.headers['ratelimit-remaining'] };
}

/** A counter as the store has it once the replica's batch arrived. */
const stored = async (key: string, hits: number) =>
  eventually(async () => ((await database.db.selectFrom('rate_limits').select('hits').where('key', '=', key).executeTakeFirst())?.hits ?? 0) >= hits);

const counter = async (key: string) =>
  (await database.db.selectFrom('rate_limits').select('hits').where('key', '=', key).executeTakeFirst())?.hits ?? 0;

describe('the gate of an authenticated request', () => {
  it('asks PostgreSQL nothing about revocation (memory answers), and its hit reaches the store in a batch', async () => {
    const { status, gate, remaining } = await gateStatements(await as.admin());
    expect(status).toBe(200);
    expect(gate).toEqual([]);
    expect(Number(remaining)).toBeGreaterThan(0);
    expect(await stored('api:sub:admin-1', 1)).toBe(true);
  });

  it('refuses a revoked token from memory, counting it against the address and not the subject', async () => {
    const token = await tokenFor({ sub: 'revoked-1', roles: ['admin'] });
    expect((await gateStatements(token)).status).toBe(200);
    expect(await stored('api:sub:revoked-1', 1)).toBe(true);
    const byAddress = await counter('api:ip:127.0.0.1');

    await revokeUserSessions(database.db, 'revoked-1');
    expect(await eventually(() => app.revocations.check('revoked-1', 0) === true)).toBe(true);
    const refused = await gateStatements(token);
    expect(refused.status).toBe(401);
    expect(refused.gate).toEqual([]);
    expect(await stored('api:ip:127.0.0.1', byAddress + 1)).toBe(true);
    expect(await counter('api:sub:revoked-1')).toBe(1);
  });

  it('counts a request without a token by address, looking nothing up', async () => {
    const { status, gate } = await gateStatements();
    expect(status).toBe(401);
    expect(gate).toEqual([]);
  });

  it('while the listening connection is down, asks the database once per request for the revocation', async () => {
    await cutRevocationListeners(database);
    expect(await eventually(() => !app.revocations.live)).toBe(true);
    const { status, gate } = await gateStatements(await as.admin());
    expect(app.revocations.live).toBe(false);
    expect(status).toBe(200);
    expect(gate).toHaveLength(1);
    expect(gate[0]).not.toMatch(/\brate_limits\b/);
    // It listens again, and the gate goes back to memory.
    expect(await eventually(() => app.revocations.live, 10_000)).toBe(true);
    expect((await gateStatements(await as.admin())).gate).toEqual([]);
  });
});
