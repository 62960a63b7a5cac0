import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { CompiledQuery, KyselyPlugin } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/db.js';
import { as, createTestApp, tokenFor } from '../../../tests/support/app.js';
import { revokeUserSessions } from '../idp/adapter.js';

/**
 * What the gate costs PostgreSQL per request (issue 14, item 3): the per-user limit's count and the revocation
 * check are one statement, one round trip, still answered by the database on every request (nothing cached in the
 * process, so a disabled user is refused at once by every replica). A revoked token counts against the address,
 * like a request without a valid token.
 */
let database: TestDatabase;
let app: FastifyInstance;
let recorded: CompiledQuery[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
  const record: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => {
      recorded.push(database.db.getExecutor().compileQuery(node, queryId));
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  app = await createTestApp(database.db.withPlugin(record));
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

/** The statements of one GET /api/me that touch the gate's tables, and its status. */
async function gateStatements(token?: string) {
  recorded = [];
  const response = await app.inject({ method: 'GET', url: '/api/me', headers: token ? { authorization: `Bearer ${token}` } : {} });
  const gate = recorded.filter((query) => /\b(subject_revocations|rate_limits)\b/.test(query.sql));
  return { status: response.statusCode, gate: gate.map((query) => query.sql), remaining: response.headers['ratelimit-remaining'] };
}

const counter = async (key: string) =>
  (await database.db.selectFrom('rate_limits').select('hits').where('key', '=', key).executeTakeFirst())?.hits ?? 0;

describe('the gate of an authenticated request', () => {
  it('counts the request and checks revocation in one statement', async () => {
    const { status, gate, remaining } = await gateStatements(await as.admin());
    expect(status).toBe(200);
    expect(gate).toHaveLength(1);
    expect(gate[0]).toMatch(/\bsubject_revocations\b/);
    expect(gate[0]).toMatch(/\brate_limits\b/);
    expect(Number(remaining)).toBeGreaterThan(0);
  });

  it('refuses a revoked token at once, in the same one statement, counting it against the address and not the subject', async () => {
    const token = await tokenFor({ sub: 'revoked-1', roles: ['admin'] });
    expect((await gateStatements(token)).status).toBe(200);
    expect(await counter('api:sub:revoked-1')).toBe(1);
    const byAddress = await counter('api:ip:127.0.0.1');

    await revokeUserSessions(database.db, 'revoked-1');
    const refused = await gateStatements(token);
    expect(refused.status).toBe(401);
    expect(refused.gate).toHaveLength(1);
    expect(await counter('api:sub:revoked-1')).toBe(1);
    expect(await counter('api:ip:127.0.0.1')).toBe(byAddress + 1);
  });

  it('counts a request without a token by address in one statement that looks nothing up', async () => {
    const { status, gate } = await gateStatements();
    expect(status).toBe(401);
    expect(gate).toHaveLength(1);
    expect(gate[0]).not.toMatch(/\bsubject_revocations\b/);
  });
});
