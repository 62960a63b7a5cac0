import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/db.test-utils.js';
import { createTestApp, tokenFor } from '../../../tests/support/app.test-utils.js';
import { cutRevocationListeners, eventually } from '../../../tests/support/revocations.test-utils.js';
import { revokeUserSessions } from '../idp/adapter.js';

/**
 * Revocations pushed, not polled (docs/decisions.md, "Disabling a user"): two replicas on one database keep the
 * revoked subjects in memory, learn a disable by LISTEN/NOTIFY, and while the listening connection is down ask the
 * database on every request, so a disabled user is never let through.
 */
let database: TestDatabase;
let one: FastifyInstance;
let two: FastifyInstance;
beforeAll(async () => {
  database = await createTestDatabase();
  one = await createTestApp(database.db);
  two = await createTestApp(database.db);
});
afterAll(async () => {
  await one?.close();
  await two?.close();
  await database?.drop();
});

const me = async (replica: FastifyInstance, token: string) =>
  (await replica.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } })).statusCode;

/** Whether `replica` refuses `token` within `ms`, asked again and again meanwhile. */
const refusedWithin = (replica: FastifyInstance, token: string, ms: number) => eventually(async () => (await me(replica, token)) === 401, ms);

describe('a disabled user', () => {
  it('disabled through replica 1 is refused on replica 2 within one second, from memory', async () => {
    expect(await eventually(() => one.revocations.live && two.revocations.live)).toBe(true);
    const token = await tokenFor({ sub: 'disabled-1', roles: ['admin'] });
    expect(await me(one, token)).toBe(200);
    expect(await me(two, token)).toBe(200);

    await revokeUserSessions(one.db, 'disabled-1');

    expect(await refusedWithin(two, token, 1_000)).toBe(true);
    expect(two.revocations.live).toBe(true);
    // Each listener is told on its own connection: replica 1 learns it within the second too.
    expect(await refusedWithin(one, token, 1_000)).toBe(true);
    expect(one.revocations.live).toBe(true);
    // A token issued after the revocation is accepted again (as when the user is enabled and signs in anew).
    expect(await eventually(async () => (await me(two, await tokenFor({ sub: 'disabled-1', roles: ['admin'] }))) === 200, 3_000)).toBe(true);
  });

  it('revoked by this replica is known to its memory at once, without waiting for the notification', async () => {
    expect(await eventually(() => one.revocations.live)).toBe(true);
    const token = await tokenFor({ sub: 'disabled-here', roles: ['admin'] });
    expect(await me(one, token)).toBe(200);
    // A revocation no notification ever names (nothing is written): only this process's own commit tells it.
    one.revocations.remember({ sub: 'disabled-here', at: Date.UTC(2999, 0, 1) / 1000 });
    expect(one.revocations.check('disabled-here', 0)).toBe(true);
    expect(await me(one, token)).toBe(401);
    expect(two.revocations.check('disabled-here', 0)).toBe(false);
  });

  it('is still refused while the listening connection is cut, and memory answers again once it is back', async () => {
    const before = await tokenFor({ sub: 'disabled-2', roles: ['admin'] });
    const later = await tokenFor({ sub: 'disabled-3', roles: ['admin'] });
    expect(await eventually(() => one.revocations.live && two.revocations.live)).toBe(true);
    expect(await me(two, before)).toBe(200);

    expect(await cutRevocationListeners(database)).toBe(2);
    expect(await eventually(() => !one.revocations.live && !two.revocations.live)).toBe(true);
    // Disabled while no replica listens: no notification reaches them; the database answers.
    await revokeUserSessions(database.db, 'disabled-2');
    expect(await me(two, before)).toBe(401);
    expect(await me(one, before)).toBe(401);
    expect(two.revocations.live).toBe(false);

    // Back: the table is loaded again, so a disable missed while cut is in memory.
    await revokeUserSessions(database.db, 'disabled-3');
    expect(await eventually(() => one.revocations.live && two.revocations.live, 10_000)).toBe(true);
    expect(two.revocations.check('disabled-2', 0)).toBe(true);
    expect(two.revocations.check('disabled-3', 0)).toBe(true);
    expect(await me(two, later)).toBe(401);
  });
});
