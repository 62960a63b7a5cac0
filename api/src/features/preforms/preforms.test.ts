import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/db.test-utils.js';
import { as, createTestApp, post } from '../../../../tests/support/app.test-utils.js';
import { makeManufacturer, makePreform, makeProduct, makeWarehouse } from '../supply/supply.fixtures.js';

let database: TestDatabase;
let app: FastifyInstance;
let admin: string;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database.db);
  admin = await as.admin();
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

interface Preform {
  id: number;
  preformName: string;
  neck: string;
  material: string;
  color: string;
  weight: number;
  qtyPerBox: number;
  PreformSupplies: { id: number; manufacturerId: number; Manufacturer: { manufacturerName: string }; ClientProducts: { id: number }[] }[];
  productCount: number;
  version: number;
}

/** The new-preform defaults of the dialog: PCO1810, PET, Clear. */
const kind = { neck: 'PCO1810', material: 'PET', color: 'Clear' };
const save = (preform: object, token = admin) => post(app, '/api/admin/preform/save', { preform }, token);
const preformCount = async () =>
  Number((await database.db.selectFrom('preforms').select((eb) => eb.fn.countAll().as('n')).where('deleted_at', 'is', null).executeTakeFirstOrThrow()).n);
const editable = (preform: Preform) => ({
  id: preform.id,
  preformName: preform.preformName,
  neck: preform.neck,
  material: preform.material,
  color: preform.color,
  weight: preform.weight,
  qtyPerBox: preform.qtyPerBox,
  PreformSuppliesSelected: preform.PreformSupplies.map((supply) => supply.manufacturerId),
  version: preform.version,
});

describe('preform inventory role gate', () => {
  it.each(['/api/admin/preforms/get', '/api/admin/preform/suppliers/get', '/api/admin/preform/save', '/api/admin/preforms/delete', '/api/admin/warehouses/get'])(
    '%s answers 403 for every role but admin',
    async (url) => {
      for (const token of [await as.operator(), await as.accountant(), await as.client(), await as.buyer(), await as.seller(), await as.guest()]) {
        expect((await post(app, url, {}, token)).status).toBe(403);
      }
    },
  );
});

describe('POST /api/admin/preform/save', () => {
  it('creates a preform with the name trimmed and its suppliers, and audits it', async () => {
    const [a, b] = [await makeManufacturer(database.db, 'Retal Baltic Films'), await makeManufacturer(database.db, 'Plastipak Iberia')];
    const response = await save({ ...kind, preformName: '  PET 28g PCO1810 Clear  ', weight: 28.5, qtyPerBox: 1250, PreformSuppliesSelected: [a, b] });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      preformName: 'PET 28g PCO1810 Clear',
      neck: 'PCO1810',
      material: 'PET',
      color: 'Clear',
      weight: 28.5,
      qtyPerBox: 1250,
      productCount: 0,
      version: 0,
    });
    expect(response.body.PreformSupplies.map((supply: Preform['PreformSupplies'][number]) => supply.Manufacturer.manufacturerName)).toEqual([
      'Plastipak Iberia',
      'Retal Baltic Films',
    ]);
    const entry = await database.db.selectFrom('audit_log').selectAll().where('record_type', '=', 'preform').where('record_id', '=', String(response.body.id)).executeTakeFirst();
    expect(entry).toMatchObject({ subject: 'admin-1', operation: 'savePreform' });
  });

  it.each([
    ['weight 0 (Specify weight between 1 and 200 g.)', { weight: 0 }, 'preform.weight', 'minimum'],
    ['weight 200.5', { weight: 200.5 }, 'preform.weight', 'maximum'],
    ['qtyPerBox 0', { qtyPerBox: 0 }, 'preform.qtyPerBox', 'minimum'],
    ['qtyPerBox 100,000 (1 to 99,999)', { qtyPerBox: 100_000 }, 'preform.qtyPerBox', 'maximum'],
    ['no supplier (at least one)', { PreformSuppliesSelected: [] }, 'preform.PreformSuppliesSelected', 'minItems'],
    ['a blank name', { preformName: '   ' }, 'preform.preformName', 'pattern'],
    ['a material not offered', { material: 'PVC' }, 'preform.material', 'enum'],
    ['a colour not offered', { color: 'Blue' }, 'preform.color', 'enum'],
    ['a neck not offered', { neck: '28mm' }, 'preform.neck', 'enum'],
  ])('refuses %s with a 400 problem naming the field, and writes nothing', async (_name, change, field, code) => {
    const maker = await makeManufacturer(database.db);
    const before = await preformCount();
    const response = await save({ ...kind, preformName: 'PP 19g 38-400 White', weight: 19, qtyPerBox: 2000, PreformSuppliesSelected: [maker], ...change });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field, code })]));
    expect(await preformCount()).toBe(before);
  });

  it('refuses a supplier that is not a manufacturer, naming PreformSuppliesSelected', async () => {
    const response = await save({ ...kind, preformName: 'PET 30g', weight: 30, qtyPerBox: 1000, PreformSuppliesSelected: [999_999] });
    expect(response.status).toBe(400);
    expect(response.body.errors[0]).toMatchObject({ field: 'preform.PreformSuppliesSelected', code: 'unknownManufacturer' });
  });

  it('updates with the version read and refuses a stale version with 409', async () => {
    const maker = await makeManufacturer(database.db);
    const created: Preform = (await save({ ...kind, preformName: 'PET 34g 38-400 Black', weight: 34, qtyPerBox: 1100, PreformSuppliesSelected: [maker] })).body;
    const updated = await save({ ...editable(created), weight: 35 });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ weight: 35, version: 1 });
    const stale = await save({ ...editable(created), weight: 36 });
    expect(stale.status).toBe(409);
    expect(stale.body.detail).toContain('changed by someone else meanwhile');
  });

  it('suppliers already used by client products cannot be deselected (409 naming PreformSuppliesSelected); others can, and come back when selected again', async () => {
    const [used, free] = [await makeManufacturer(database.db, 'Used Supplier'), await makeManufacturer(database.db, 'Free Supplier')];
    const preform = await makePreform(database.db, { manufacturers: [used, free] });
    await makeProduct(database.db, { preformId: preform.id, warehouseId: await makeWarehouse(database.db), supplyId: preform.supplyIds[0] });
    const current: Preform = (await post(app, '/api/admin/preforms/get', { filter: (await database.db.selectFrom('preforms').select('preform_name').where('id', '=', preform.id).executeTakeFirstOrThrow()).preform_name }, admin)).body.rows[0];
    expect(current.PreformSupplies.find((supply) => supply.manufacturerId === used)?.ClientProducts).toHaveLength(1);

    const refused = await save({ ...editable(current), PreformSuppliesSelected: [free] });
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0]).toMatchObject({ field: 'preform.PreformSuppliesSelected', code: 'supplierInUse' });
    expect(refused.body.detail).toContain('Used Supplier');
    const unchanged = await database.db.selectFrom('preforms').select('version').where('id', '=', preform.id).executeTakeFirstOrThrow();
    expect(unchanged.version).toBe(current.version);

    const dropped = await save({ ...editable(current), PreformSuppliesSelected: [used] });
    expect(dropped.status).toBe(200);
    expect(dropped.body.PreformSupplies.map((supply: { manufacturerId: number }) => supply.manufacturerId)).toEqual([used]);
    const back = await save({ ...editable(dropped.body), PreformSuppliesSelected: [used, free] });
    expect(back.body.PreformSupplies.map((supply: { id: number }) => supply.id).sort()).toEqual([...preform.supplyIds].sort());
  });
});

describe('POST /api/admin/preforms/get and preform/suppliers/get', () => {
  it('lists preforms by name, 10 per page, with suppliers (manufacturer, client products), productCount and the total', async () => {
    const maker = await makeManufacturer(database.db);
    const warehouseId = await makeWarehouse(database.db);
    for (let i = 0; i < 12; i++) await makePreform(database.db, { name: `Listed ${String(i).padStart(2, '0')}`, manufacturers: [maker] });
    const withProducts = await makePreform(database.db, { name: 'Listed 99', manufacturers: [maker] });
    for (let i = 0; i < 3; i++) await makeProduct(database.db, { preformId: withProducts.id, warehouseId, supplyId: withProducts.supplyIds[0] });

    const first = await post(app, '/api/admin/preforms/get', { filter: 'listed', pagination: { page: 1, rowsPerPage: 10 } }, admin);
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(13);
    expect(first.body.rows.map((row: Preform) => row.preformName)).toEqual(Array.from({ length: 10 }, (_, i) => `Listed ${String(i).padStart(2, '0')}`));
    const byProducts = await post(app, '/api/admin/preforms/get', { filter: 'Listed', pagination: { page: 1, rowsPerPage: 10, sortBy: 'productCount', descending: true } }, admin);
    expect(byProducts.body.rows[0]).toMatchObject({ preformName: 'Listed 99', productCount: 3 });
    expect(byProducts.body.rows[0].PreformSupplies[0].ClientProducts).toHaveLength(3);
    const noPagination = await post(app, '/api/admin/preforms/get', { filter: 'Listed' }, admin);
    expect(noPagination.body.rows).toHaveLength(10);
  });

  it('matches the filter literally (% and _ are not wildcards)', async () => {
    await makePreform(database.db, { name: 'Literal 100% recycled' });
    const response = await post(app, '/api/admin/preforms/get', { filter: '0%' }, admin);
    expect(response.body.rows.map((row: Preform) => row.preformName)).toEqual(['Literal 100% recycled']);
  });

  it('answers the suppliers of a preform, and 404 for an unknown one', async () => {
    const preform = await makePreform(database.db, { manufacturers: [await makeManufacturer(database.db), await makeManufacturer(database.db)] });
    const response = await post(app, '/api/admin/preform/suppliers/get', { preformId: preform.id }, admin);
    expect(response.status).toBe(200);
    expect(response.body.rows.map((row: { id: number }) => row.id).sort()).toEqual([...preform.supplyIds].sort());
    expect((await post(app, '/api/admin/preform/suppliers/get', { preformId: 999_999 }, admin)).status).toBe(404);
  });
});

describe('POST /api/admin/preforms/delete', () => {
  it('deletes the selected preforms and audits it', async () => {
    const [a, b] = [await makePreform(database.db), await makePreform(database.db)];
    const response = await post(app, '/api/admin/preforms/delete', { ids: [a.id, b.id] }, admin);
    expect(response.status).toBe(200);
    const rows = await database.db.selectFrom('preforms').select('deleted_at').where('id', 'in', [a.id, b.id]).execute();
    expect(rows.every((row) => row.deleted_at !== null)).toBe(true);
    expect((await post(app, '/api/admin/preform/suppliers/get', { preformId: a.id }, admin)).status).toBe(404);
  });

  it('a preform with client products cannot be deleted: the whole request is refused (409) and nothing is deleted', async () => {
    const free = await makePreform(database.db);
    const used = await makePreform(database.db, { name: 'PET 42g PCO1810 Clear/FR' });
    await makeProduct(database.db, { preformId: used.id, warehouseId: await makeWarehouse(database.db), supplyId: used.supplyIds[0] });
    const response = await post(app, '/api/admin/preforms/delete', { ids: [free.id, used.id] }, admin);
    expect(response.status).toBe(409);
    expect(response.body.detail).toContain('PET 42g PCO1810 Clear/FR');
    const rows = await database.db.selectFrom('preforms').select('deleted_at').where('id', 'in', [free.id, used.id]).execute();
    expect(rows.every((row) => row.deleted_at === null)).toBe(true);
  });

  it('answers 404 when an id does not exist, deleting nothing', async () => {
    const preform = await makePreform(database.db);
    expect((await post(app, '/api/admin/preforms/delete', { ids: [preform.id, 999_999] }, admin)).status).toBe(404);
    expect((await database.db.selectFrom('preforms').select('deleted_at').where('id', '=', preform.id).executeTakeFirstOrThrow()).deleted_at).toBeNull();
  });
});

describe('POST /api/admin/warehouses/get', () => {
  it('answers warehouses with their client product count, by filter or by page', async () => {
    const north = await makeWarehouse(database.db, 'Riga North');
    await makeWarehouse(database.db, 'Riga South');
    await makeWarehouse(database.db, 'Tallinn');
    const preform = await makePreform(database.db);
    for (let i = 0; i < 2; i++) await makeProduct(database.db, { preformId: preform.id, warehouseId: north, supplyId: preform.supplyIds[0] });

    const lookup = await post(app, '/api/admin/warehouses/get', { filter: 'riga' }, admin);
    expect(lookup.status).toBe(200);
    expect(lookup.body).toEqual({
      rows: [expect.objectContaining({ id: north, warehouseName: 'Riga North', clientProductCount: 2 }), expect.objectContaining({ warehouseName: 'Riga South', clientProductCount: 0 })],
      count: 2,
    });
    const page = await post(app, '/api/admin/warehouses/get', { pagination: { page: 1, rowsPerPage: 10, sortBy: 'clientProductCount', descending: true } }, admin);
    expect(page.body.rows[0].clientProductCount).toBeGreaterThanOrEqual(2);
    expect(page.body.count).toBeGreaterThanOrEqual(3);
  });
});

describe('preform and warehouse lookups (Product data, supply order)', () => {
  it('find a preform and a warehouse beyond the first 100 by part of the name; % and _ match themselves', async () => {
    const manufacturer = await makeManufacturer(database.db);
    for (let i = 1; i <= 105; i++) {
      await makePreform(database.db, { name: `Bulk preform ${String(i).padStart(3, '0')}`, manufacturers: [manufacturer] });
      await makeWarehouse(database.db, `Bulk store ${String(i).padStart(3, '0')}`);
    }
    await makeWarehouse(database.db, 'Store 50%_off');
    await makeWarehouse(database.db, 'Store 500 off');
    const firstPreforms = await post(app, '/api/admin/preforms/get', { pagination: { page: 1, rowsPerPage: 100, sortBy: 'preformName' } }, admin);
    expect(firstPreforms.body.rows.map((row: Preform) => row.preformName)).not.toContain('Bulk preform 105');
    const preform = await post(app, '/api/admin/preforms/get', { filter: 'preform 105', pagination: { page: 1, rowsPerPage: 20, sortBy: 'preformName' } }, admin);
    expect(preform.body.rows.map((row: Preform) => row.preformName)).toEqual(['Bulk preform 105']);

    const firstWarehouses = await post(app, '/api/admin/warehouses/get', { pagination: { page: 1, rowsPerPage: 100, sortBy: 'warehouseName' } }, admin);
    expect(firstWarehouses.body.rows.map((row: { warehouseName: string }) => row.warehouseName)).not.toContain('Bulk store 105');
    const warehouse = await post(app, '/api/admin/warehouses/get', { filter: 'STORE 105', pagination: { page: 1, rowsPerPage: 20, sortBy: 'warehouseName' } }, admin);
    expect(warehouse.body).toEqual({ rows: [expect.objectContaining({ warehouseName: 'Bulk store 105' })], count: 1 });
    const literal = await post(app, '/api/admin/warehouses/get', { filter: '0%_' }, admin);
    expect(literal.body.rows.map((row: { warehouseName: string }) => row.warehouseName)).toEqual(['Store 50%_off']);
  });
});
