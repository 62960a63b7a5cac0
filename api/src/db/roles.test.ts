import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/db.test-utils.js';
import { migrateAsOwner } from './roles.js';
import { now as clockNow } from '../lib/clock.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

describe('the owner brings the schema up to date and grants the application role its rights', () => {
  it('several processes starting together (the portal and `pnpm users` commands) all succeed', async () => {
    const starts = await Promise.allSettled(Array.from({ length: 8 }, () => migrateAsOwner(database.ownerUrl, database.url)));
    expect(starts.filter((start) => start.status === 'rejected')).toEqual([]);
    // The application role still reads and writes rows, and still may not change the schema.
    await expect(sql`SELECT count(*) FROM manufacturers`.execute(database.db)).resolves.toBeDefined();
    await expect(sql`CREATE TABLE not_allowed (id int)`.execute(database.db)).rejects.toThrow(/permission denied/);
  });

  it('starts on a database that a newer release migrated (a rollback, an old pod restarting), saying which migrations it lacks', async () => {
    const newer = '2099-01-01-0000-a-newer-release';
    const owner = database.asOwner();
    await sql`INSERT INTO kysely_migration (name, timestamp) VALUES (${newer}, ${clockNow().toISOString()})`.execute(owner);
    try {
      const told: string[][] = [];
      await expect(migrateAsOwner(database.ownerUrl, database.url, (names) => told.push(names))).resolves.toEqual([]);
      expect(told).toEqual([[newer]]);
      await expect(sql`SELECT count(*) FROM manufacturers`.execute(database.db)).resolves.toBeDefined();
    } finally {
      await sql`DELETE FROM kysely_migration WHERE name = ${newer}`.execute(owner);
    }
  });
});
