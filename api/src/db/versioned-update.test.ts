import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/db.test-utils.js';
import { recordUpdate, versionedUpdate } from './versioned-update.js';

/**
 * Concurrent edits (decisions.md): an editable record carries a `version`; an update sends the version it read, and a
 * stale one changes nothing (the service answers 409, or 404 when the record is not there at all).
 */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

async function makeManufacturer(name: string) {
  return database.db
    .insertInto('manufacturers')
    .values({ manufacturer_name: name, default_lead_time: 5, box_qty_per_truck: 20 })
    .returning(['id', 'version', 'updated_at'])
    .executeTakeFirstOrThrow();
}

const stored = (id: number) => database.db.selectFrom('manufacturers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('versionedUpdate', () => {
  it('an update at the version read changes the row, moves its version one up and its updated_at to now', async () => {
    const row = await makeManufacturer('Versioned A');
    const updated = await versionedUpdate(database.db, 'manufacturers', row.version, { manufacturer_name: 'Versioned A2' })
      .where('id', '=', row.id)
      .returning(['id', 'version'])
      .executeTakeFirst();
    expect(updated).toEqual({ id: row.id, version: row.version + 1 });
    const after = await stored(row.id);
    expect(after.manufacturer_name).toBe('Versioned A2');
    expect(after.updated_at.getTime()).toBeGreaterThanOrEqual(row.updated_at.getTime());
  });

  it('a stale version changes nothing and updates no row', async () => {
    const row = await makeManufacturer('Versioned B');
    const before = await stored(row.id);
    const result = await versionedUpdate(database.db, 'manufacturers', row.version + 1, { manufacturer_name: 'Lost update' })
      .where('id', '=', row.id)
      .executeTakeFirst();
    expect(result.numUpdatedRows).toBe(0n);
    expect(await stored(row.id)).toEqual(before);
  });

  it('the same version read twice: the second save finds the row changed meanwhile', async () => {
    const row = await makeManufacturer('Versioned C');
    const save = (name: string) =>
      versionedUpdate(database.db, 'manufacturers', row.version, { manufacturer_name: name }).where('id', '=', row.id).returning('id').executeTakeFirst();
    expect(await save('First')).toEqual({ id: row.id });
    expect(await save('Second')).toBeUndefined();
    expect((await stored(row.id)).manufacturer_name).toBe('First');
  });

  it('only the row the caller names: another row at the same version is left as it is', async () => {
    const [one, other] = [await makeManufacturer('Versioned D'), await makeManufacturer('Versioned E')];
    await versionedUpdate(database.db, 'manufacturers', one.version, { default_lead_time: 9 }).where('id', '=', one.id).execute();
    expect((await stored(one.id)).default_lead_time).toBe(9);
    expect(await stored(other.id)).toMatchObject({ default_lead_time: 5, version: other.version });
  });

  it('an update that is not a save (a soft delete, a confirmation) still moves the version, so an editor holding the old one is refused', async () => {
    const row = await makeManufacturer('Versioned F');
    await recordUpdate(database.db, 'manufacturers', { default_lead_time: 8 }).where('id', '=', row.id).execute();
    expect(await stored(row.id)).toMatchObject({ default_lead_time: 8, version: row.version + 1 });
    const stale = await versionedUpdate(database.db, 'manufacturers', row.version, { manufacturer_name: 'Editor' }).where('id', '=', row.id).executeTakeFirst();
    expect(stale.numUpdatedRows).toBe(0n);
    expect((await stored(row.id)).manufacturer_name).toBe('Versioned F');
  });
});
