import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { CompiledQuery, KyselyPlugin } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/db.js';
import { as, createTestApp, tokenFor } from '../../../tests/support/app.js';
import { revokeUserSessions } from '../idp/adapter.js';
import { sql } from 'kysely';
import { createDb } from '../db/database.js';
import { countCaller } from './api-limits.js';

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

describe('the gate statement on a connection', () => {
  it('is parsed and planned once per connection (a named prepared statement), and answers as before on every execution', async () => {
    // One connection, so that the session's prepared statements are those of every execution below.
    const single = createDb(database.url, { max: 1 });
    try {
      const counted = [];
      for (let n = 0; n < 3; n++)
        counted.push(await countCaller(single, { subjectKey: 'api:sub:prepared-1', addressKey: 'api:ip:192.0.2.1', windowMs: 60_000, sub: 'prepared-1', issuedAt: 1 }));
      expect(counted.map((answer) => [answer.current, answer.revoked])).toEqual([
        [1, false],
        [2, false],
        [3, false],
      ]);
      const { rows } = await sql<{ statement: string; executions: number }>`
        select statement, (generic_plans + custom_plans)::int as executions from pg_prepared_statements where not from_sql`.execute(single);
      expect(rows).toHaveLength(1);
      expect(rows[0].statement).toMatch(/\bsubject_revocations\b[\s\S]*\brate_limits\b/);
      expect(rows[0].executions).toBe(3);
      // A statement not marked as prepared still runs unnamed: nothing else was added to the session.
      await single.selectFrom('rate_limits').select('hits').where('key', '=', 'api:sub:prepared-1').execute();
      expect((await sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements`.execute(single)).rows[0].n).toBe(1);
    } finally {
      await single.destroy();
    }
  });
});
