import { describe, expect, it } from 'vitest';
import { as, post, tokenFor } from '../../../../tests/support/app.test-utils.js';
import { useTestApp } from '../../../../tests/support/test-app.test-utils.js';

const api = useTestApp();

const page = { pagination: { page: 1, rowsPerPage: 10 as const } };
const valid = { manufacturerName: 'Retal Baltic Films', defaultLeadTime: 14, boxQtyPerTruck: 26 };
const countRows = async () =>
  Number((await api.db.selectFrom('manufacturers').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('POST /api/admin/manufacturer/save', () => {
  it('answers 401 without a token, before looking at the body', async () => {
    const response = await post(api.app, '/api/admin/manufacturer/save', { nonsense: true });
    expect(response.status).toBe(401);
    expect(response.headers['content-type']).toContain('application/problem+json');
  });

  it('answers 401 for an expired token and for a token of another issuer', async () => {
    const expired = await tokenFor({ roles: ['admin'], expiresIn: '-1m' });
    const foreign = await tokenFor({ roles: ['admin'], issuer: 'http://evil.test' });
    expect((await post(api.app, '/api/admin/manufacturer/save', { manufacturer: valid }, expired)).status).toBe(401);
    expect((await post(api.app, '/api/admin/manufacturer/save', { manufacturer: valid }, foreign)).status).toBe(401);
  });

  it('answers 403 for roles other than admin', async () => {
    for (const token of [await as.operator(), await as.accountant(), await as.client(), await as.guest()]) {
      expect((await post(api.app, '/api/admin/manufacturer/save', { manufacturer: valid }, token)).status).toBe(403);
    }
  });

  it.each([
    ['manufacturerName missing', { defaultLeadTime: 14, boxQtyPerTruck: 26 }, 'manufacturer.manufacturerName', 'required'],
    ['manufacturerName blank', { ...valid, manufacturerName: '   ' }, 'manufacturer.manufacturerName', 'pattern'],
    ['defaultLeadTime -1 (Specify lead time more then 0.)', { ...valid, defaultLeadTime: -1 }, 'manufacturer.defaultLeadTime', 'minimum'],
    ['defaultLeadTime 1.5 (integer)', { ...valid, defaultLeadTime: 1.5 }, 'manufacturer.defaultLeadTime', 'type'],
    ['defaultLeadTime "2" (no type coercion)', { ...valid, defaultLeadTime: '2' }, 'manufacturer.defaultLeadTime', 'type'],
    ['boxQtyPerTruck 0 (Specify quantity more then 0!)', { ...valid, boxQtyPerTruck: 0 }, 'manufacturer.boxQtyPerTruck', 'minimum'],
  ])('refuses %s with a 400 problem naming the field, and writes nothing', async (_name, manufacturer, field, code) => {
    const before = await countRows();
    const response = await post(api.app, '/api/admin/manufacturer/save', { manufacturer }, await as.admin());
    expect(response.status).toBe(400);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field, code })]));
    expect(await countRows()).toBe(before);
  });

  it('creates a manufacturer with the name trimmed, drops unknown fields, and audits the write', async () => {
    const response = await post(
      api.app,
      '/api/admin/manufacturer/save',
      { manufacturer: { ...valid, manufacturerName: '  Alpla Preform Centre  ', injected: 'x' } },
      await as.admin(),
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ id: expect.any(Number), manufacturerName: 'Alpla Preform Centre', defaultLeadTime: 14, boxQtyPerTruck: 26, version: 0 });
    const entry = await api.db.selectFrom('audit_log').selectAll().where('record_id', '=', String(response.body.id)).executeTakeFirst();
    expect(entry).toMatchObject({ subject: 'admin-1', operation: 'saveManufacturer', record_type: 'manufacturer' });
  });

  it('updates with the version read, and refuses a stale version with 409 instead of overwriting', async () => {
    const token = await as.admin();
    const created = (await api.post('Manufacturers_saveManufacturer', { manufacturer: { ...valid, manufacturerName: 'Resilux' } }, 'admin')).body;
    const first = await api.post('Manufacturers_saveManufacturer', { manufacturer: { ...created, defaultLeadTime: 20 } }, 'admin');
    expect(first.status).toBe(200);
    expect(first.body.version).toBe(1);
    const stale = await api.post('Manufacturers_saveManufacturer', { manufacturer: { ...created, defaultLeadTime: 30 } }, 'admin');
    expect(stale.status).toBe(409);
    const rows = (await post(api.app, '/api/admin/manufacturers/get', { pagination: { page: 1, rowsPerPage: 100 } }, token)).body.rows;
    expect(rows.find((row: { id: number }) => row.id === created.id).defaultLeadTime).toBe(20);
  });

  it('answers 404 for an id that does not exist', async () => {
    const response = await api.post('Manufacturers_saveManufacturer', { manufacturer: { ...valid, id: 999999, version: 0 } }, 'admin');
    expect(response.status).toBe(404);
  });
});

describe('POST /api/admin/manufacturers/get', () => {
  it('lists name and lead time, sorted by name by default, 10 per page with the total count', async () => {
    const token = await as.admin();
    // Lead times differ and are saved out of order (neither by name nor by lead time), so each sort has work to do.
    const leadTimesSaved = [5, 40, 12, 90, 1, 33, 60, 7, 21, 75, 3, 50];
    for (const [i, leadTime] of leadTimesSaved.entries()) {
      const name = `Maker ${String((i * 5) % 12).padStart(2, '0')}`;
      await api.post('Manufacturers_saveManufacturer', { manufacturer: { ...valid, manufacturerName: name, defaultLeadTime: leadTime } }, 'admin');
    }
    const total = await countRows();
    const first = await api.post('Manufacturers_getManufacturers', page, 'admin');
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(total);
    expect(first.body.rows).toHaveLength(10);
    const names = first.body.rows.map((row: { manufacturerName: string }) => row.manufacturerName);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    const byLeadTime = await post(api.app, '/api/admin/manufacturers/get', { pagination: { page: 1, rowsPerPage: 10, sortBy: 'defaultLeadTime', descending: true } }, token);
    const leadTimes = byLeadTime.body.rows.map((row: { defaultLeadTime: number }) => row.defaultLeadTime);
    // The longest lead times of all manufacturers, longest first.
    const all = (await api.db.selectFrom('manufacturers').select('default_lead_time').execute()).map((row) => row.default_lead_time);
    expect(leadTimes).toEqual(all.sort((a, b) => b - a).slice(0, 10));
  });

  it('refuses a page size not offered by the portal', async () => {
    const response = await post(api.app, '/api/admin/manufacturers/get', { pagination: { page: 1, rowsPerPage: 7 } }, await as.admin());
    expect(response.status).toBe(400);
  });
});

describe('manufacturer lookup (filter on manufacturers/get)', () => {
  it('finds a manufacturer beyond the first 100 by part of its name, counting only the matches', async () => {
    const rows = Array.from({ length: 105 }, (_, i) => ({
      manufacturer_name: `Supplier ${String(i + 1).padStart(3, '0')}`,
      default_lead_time: 14,
      box_qty_per_truck: 26,
    }));
    await api.db.insertInto('manufacturers').values(rows).execute();
    const token = await as.admin();
    const first = await post(api.app, '/api/admin/manufacturers/get', { pagination: { page: 1, rowsPerPage: 100 } }, token);
    expect(first.body.rows.map((row: { manufacturerName: string }) => row.manufacturerName)).not.toContain('Supplier 105');
    const response = await post(api.app, '/api/admin/manufacturers/get', { filter: 'plier 105', pagination: { page: 1, rowsPerPage: 10 } }, token);
    expect(response.status).toBe(200);
    expect(response.body.rows.map((row: { manufacturerName: string }) => row.manufacturerName)).toEqual(['Supplier 105']);
    expect(response.body.count).toBe(1);
    const caseless = await post(api.app, '/api/admin/manufacturers/get', { filter: ' SUPPLIER 10 ', pagination: { page: 1, rowsPerPage: 10 } }, token);
    expect(caseless.body.count).toBe(6); // 100 to 105
  });

  it('% and _ in the search match themselves, not any characters', async () => {
    const token = await as.admin();
    for (const manufacturerName of ['Plast 100% Recycled', 'Plast_Co', 'PlastXCo']) {
      await api.post('Manufacturers_saveManufacturer', { manufacturer: { ...valid, manufacturerName } }, 'admin');
    }
    const names = async (filter: string) =>
      (await post(api.app, '/api/admin/manufacturers/get', { filter, ...page }, token)).body.rows.map((row: { manufacturerName: string }) => row.manufacturerName);
    expect(await names('0%')).toEqual(['Plast 100% Recycled']);
    expect(await names('t_C')).toEqual(['Plast_Co']);
  });

  it('refuses a search longer than 120 characters (400 naming filter)', async () => {
    const response = await post(api.app, '/api/admin/manufacturers/get', { filter: 'x'.repeat(121), ...page }, await as.admin());
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'filter', code: 'maxLength' })]));
  });
});
