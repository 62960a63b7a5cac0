import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/db.js';
import { as, createTestApp, post } from '../../../../tests/support/app.js';
import { pdfText } from '../../../../tests/support/pdf.js';
import { createCompany, createTwoCompanies } from '../../../../tests/support/factories/companies.js';
import { makeOrderItem, makeProductionOrder } from '../supply/supply.fixtures.js';
import { download, makeClaim, makeClaimable, makeUpload, searchedClaimIds } from './claims.fixtures.js';
import { keepsDerivedAfterEach } from '../../../../tests/support/derived.test-utils.js';
import { claimSearchTexts } from '../../db/derived/claim-search-texts.js';
import { rowCounts } from '../../db/derived/row-counts.js';

let database: TestDatabase;
let app: FastifyInstance;
let A: string;
let B: string;
/** Company A's product and an order of it; a second order of A without the product. */
let a: { productId: number; orderId: number; otherOrderId: number };
let b: { productId: number; orderId: number };

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database.db);
  ({ a: A, b: B } = await createTwoCompanies(database.db));
  const own = await makeClaimable(database.db, A, { orderNo: 'PO-A-0117' });
  const other = await makeClaimable(database.db, A, { orderNo: 'PO-A-0999' });
  a = { ...own, otherOrderId: other.orderId };
  b = await makeClaimable(database.db, B, { orderNo: 'PO-B-0001' });
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});
// Every test here writes sources of these derived tables through the endpoints: after each, they are as recomputed.
keepsDerivedAfterEach(() => database.asOwner(), [claimSearchTexts, rowCounts]);

const page = (extra: object = {}) => ({ pagination: { page: 1, rowsPerPage: 20 }, ...extra });
const claimInput = (over: object = {}) => ({
  clientProductId: a.productId,
  clientProductionOrderId: a.orderId,
  amount: 2400,
  deliveryDate: '2026-03-11',
  description: 'Cracked necks on two pallets of batch 0311.',
  ...over,
});
const claimRow = (id: number) => database.db.selectFrom('claims').selectAll().where('id', '=', id).executeTakeFirst();
const countClaims = async () => Number((await database.db.selectFrom('claims').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('claim edit (parts 2.4, 4, 5): client face', () => {
  it('creates a claim that starts as new, with the description trimmed, its uploads attached, and audits it', async () => {
    const token = await as.client(A);
    const uploadId = await makeUpload(database.db, A);
    const response = await post(
      app,
      '/api/client/claims/save',
      { Claim: claimInput({ description: '  Cracked necks.  ', Uploads: [{ id: uploadId }] }) },
      token,
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      clientId: A,
      company: 'Company A',
      status: 'new',
      clientProductId: a.productId,
      ClientProductionOrder: { id: a.orderId, orderNo: 'PO-A-0117' },
      amount: 2400,
      deliveryDate: '2026-03-11',
      description: 'Cracked necks.',
      immediateAction: null,
      rootCouse: null,
      correctiveActions: null,
      Uploads: [{ id: uploadId, originalFilename: 'photo.jpg', mimetype: 'image/jpeg' }],
      version: 0,
    });
    const entry = await database.db.selectFrom('audit_log').selectAll().where('record_type', '=', 'claim').where('record_id', '=', String(response.body.id)).executeTakeFirst();
    expect(entry).toMatchObject({ subject: `client-${A}`, company_id: A, operation: 'saveClaim' });
  });

  it("'New claims start as new and cannot change status': a new claim in another status is refused (400), nothing written", async () => {
    const before = await countClaims();
    const response = await post(app, '/api/client/claims/save', { Claim: claimInput({ status: 'closed' }) }, await as.client(A));
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([expect.objectContaining({ field: 'Claim.status' })]);
    expect(await countClaims()).toBe(before);
  });

  it.each([
    ['ClientProduct', { clientProductId: undefined }, 'Claim.clientProductId'],
    ['ClientProductionOrder', { clientProductionOrderId: undefined }, 'Claim.clientProductionOrderId'],
    ['deliveryDate (Pick a day.)', { deliveryDate: undefined }, 'Claim.deliveryDate'],
    ['deliveryDate not a date', { deliveryDate: '11.03.2026' }, 'Claim.deliveryDate'],
    ['description', { description: undefined }, 'Claim.description'],
    ['description blank', { description: '   ' }, 'Claim.description'],
    ['amount', { amount: undefined }, 'Claim.amount'],
    ['amount 0', { amount: 0 }, 'Claim.amount'],
  ])("'%s' is required (part 5): 400 naming the field, nothing written", async (_name, over, field) => {
    const before = await countClaims();
    const response = await post(app, '/api/client/claims/save', { Claim: claimInput(over) }, await as.client(A));
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
    expect(await countClaims()).toBe(before);
  });

  it("the order must be one of the product's orders (400)", async () => {
    const response = await post(app, '/api/client/claims/save', { Claim: claimInput({ clientProductionOrderId: a.otherOrderId }) }, await as.client(A));
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([expect.objectContaining({ field: 'Claim.clientProductionOrderId' })]);
  });

  it("'Existing claims may be set freely among the three'; an update needs the version it read, a stale one is 409", async () => {
    const token = await as.client(A);
    const created = (await post(app, '/api/client/claims/save', { Claim: claimInput() }, token)).body;
    const investigating = await post(app, '/api/client/claims/save', { Claim: { ...claimInput(), id: created.id, version: 0, status: 'under investigation' } }, token);
    expect(investigating.status).toBe(200);
    expect(investigating.body).toMatchObject({ status: 'under investigation', version: 1 });
    const back = await post(app, '/api/client/claims/save', { Claim: { ...claimInput(), id: created.id, version: 1, status: 'new' } }, token);
    expect(back.body).toMatchObject({ status: 'new', version: 2 });
    const stale = await post(app, '/api/client/claims/save', { Claim: { ...claimInput({ amount: 1 }), id: created.id, version: 1 } }, token);
    expect(stale.status).toBe(409);
    const noVersion = await post(app, '/api/client/claims/save', { Claim: { ...claimInput(), id: created.id } }, token);
    expect(noVersion.status).toBe(400);
    expect(noVersion.body.errors).toEqual([expect.objectContaining({ field: 'Claim.version' })]);
    expect((await claimRow(created.id))?.amount).toBe(2400);
  });

  it("'once closed every field is locked': saving a closed claim is refused with 409 and changes nothing", async () => {
    const token = await as.client(A);
    const id = await makeClaim(database.db, { companyId: A, productId: a.productId, orderId: a.orderId, status: 'closed' });
    const before = await claimRow(id);
    for (const change of [{ status: 'new' }, { amount: 1 }, { description: 'changed' }, { Uploads: [] }]) {
      const response = await post(app, '/api/client/claims/save', { Claim: { ...claimInput(), id, version: 0, status: 'closed', ...change } }, token);
      expect(response.status).toBe(409);
    }
    const admin = await post(app, '/api/admin/claims/save', { Claim: { ...claimInput(), id, version: 0, status: 'under investigation' } }, await as.admin());
    expect(admin.status).toBe(409);
    expect(await claimRow(id)).toEqual(before);
  });

  it.each([
    ['client', () => as.client(A)],
    ['buyer', () => as.buyer(A)],
  ])("'Client-role users cannot edit the supplier-side claim fields' (%s): sending them is refused with 403 naming them; nothing changes", async (_role, token) => {
    const id = await makeClaim(database.db, { companyId: A, productId: a.productId, orderId: a.orderId, status: 'under investigation', immediateAction: 'Pallets quarantined.' });
    const before = await claimRow(id);
    const refused = await post(
      app,
      '/api/client/claims/save',
      { Claim: { ...claimInput({ amount: 5 }), id, version: 0, status: 'under investigation', immediateAction: 'Nothing to do.', rootCouse: 'Customer error.', correctiveActions: null } },
      await token(),
    );
    expect(refused.status).toBe(403);
    expect(refused.body.errors.map((error: { field: string }) => error.field)).toEqual(['Claim.immediateAction', 'Claim.rootCouse']);
    expect(await claimRow(id)).toEqual(before);

    const creating = await post(app, '/api/client/claims/save', { Claim: claimInput({ correctiveActions: 'We fixed it.' }) }, await token());
    expect(creating.status).toBe(403);
    expect(creating.body.errors).toEqual([expect.objectContaining({ field: 'Claim.correctiveActions' })]);

    // The editor sends the form back with the GP fields as read: unchanged values pass and stay as they were.
    const asRead = await post(
      app,
      '/api/client/claims/save',
      { Claim: { ...claimInput({ amount: 5 }), id, version: 0, status: 'under investigation', immediateAction: 'Pallets quarantined.', rootCouse: null, correctiveActions: '' } },
      await token(),
    );
    expect(asRead.status).toBe(200);
    expect(asRead.body).toMatchObject({ amount: 5, immediateAction: 'Pallets quarantined.', rootCouse: null, correctiveActions: null });
  });

  it("'Filled by the GP': the admin writes immediate action, root cause and corrective actions of any company's claim", async () => {
    const id = await makeClaim(database.db, { companyId: A, productId: a.productId, orderId: a.orderId });
    const response = await post(
      app,
      '/api/admin/claims/save',
      {
        Claim: {
          ...claimInput(),
          id,
          version: 0,
          status: 'closed',
          immediateAction: 'Pallets quarantined.',
          rootCouse: 'Worn neck-ring insert on FB-04 cavity 7.',
          correctiveActions: '  Insert replaced.  ',
        },
      },
      await as.admin(),
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'closed', immediateAction: 'Pallets quarantined.', rootCouse: 'Worn neck-ring insert on FB-04 cavity 7.', correctiveActions: 'Insert replaced.' });
    expect(await claimRow(id)).toMatchObject({ root_cause: 'Worn neck-ring insert on FB-04 cavity 7.' });
  });

  it("the admin creates a claim for a client: it belongs to the product's company; an order of another company is refused", async () => {
    const token = await as.admin();
    const created = await post(app, '/api/admin/claims/save', { Claim: { ...claimInput(), clientProductId: b.productId, clientProductionOrderId: b.orderId, immediateAction: 'Called the customer.' } }, token);
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ clientId: B, status: 'new', immediateAction: 'Called the customer.' });
    const mixed = await post(app, '/api/admin/claims/save', { Claim: { ...claimInput(), clientProductId: b.productId, clientProductionOrderId: a.orderId } }, token);
    expect(mixed.status).toBe(400);
    const missing = await post(app, '/api/admin/claims/save', { Claim: { ...claimInput(), clientProductId: 999999 } }, token);
    expect(missing.status).toBe(404);
  });

  it("attaches only own unattached uploads or the claim's own; the save removes exactly the attachments it leaves out (issue 13, item 10)", async () => {
    const token = await as.client(A);
    const first = await makeUpload(database.db, A);
    const second = await makeUpload(database.db, A);
    const kept = await makeUpload(database.db, A);
    const unrelated = await makeUpload(database.db, A);
    const created = (await post(app, '/api/client/claims/save', { Claim: claimInput({ Uploads: [{ id: first }, { id: kept }] }) }, token)).body;
    const otherClaim = await makeClaim(database.db, { companyId: A, productId: a.productId, orderId: a.orderId });
    const taken = await post(app, '/api/client/claims/save', { Claim: { ...claimInput(), id: otherClaim, version: 0, Uploads: [{ id: first }] } }, token);
    expect(taken.status).toBe(404);
    const swapped = await post(
      app,
      '/api/client/claims/save',
      { Claim: { ...claimInput(), id: created.id, version: 0, Uploads: [{ id: kept }, { id: second }] } },
      token,
    );
    expect(swapped.status).toBe(200);
    expect(swapped.body.Uploads.map((upload: { id: number }) => upload.id)).toEqual([second, kept].sort((x, y) => x - y));
    const left = await database.db.selectFrom('uploads').select('id').where('id', 'in', [first, second, kept, unrelated]).orderBy('id').execute();
    expect(left.map((row) => row.id)).toEqual([second, kept, unrelated].sort((x, y) => x - y));
    const entry = await database.db
      .selectFrom('audit_log')
      .select('details')
      .where('operation', '=', 'saveClaim')
      .where('record_id', '=', String(created.id))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry.details).toMatchObject({ removedUploads: [first] });
  });

  it('a claim save that fails removes no attachment (the removal is part of the save)', async () => {
    const token = await as.client(A);
    const photo = await makeUpload(database.db, A);
    const created = (await post(app, '/api/client/claims/save', { Claim: claimInput({ Uploads: [{ id: photo }] }) }, token)).body;
    const stale = await post(app, '/api/client/claims/save', { Claim: { ...claimInput(), id: created.id, version: 7, Uploads: [] } }, token);
    expect(stale.status).toBe(409);
    expect(await database.db.selectFrom('uploads').select('object_id').where('id', '=', photo).executeTakeFirst()).toEqual({ object_id: created.id });
  });
});

describe('claims list (part 2.4: search box, status chip, sort id ascending, 20 per page)', () => {
  it('pages and counts in SQL, sorted by id ascending by default, and searches order number, article and description', async () => {
    await createCompany(database.db, 'company-list', { name: 'List Co' });
    const { productId, orderId } = await makeClaimable(database.db, 'company-list', { orderNo: 'PO-LIST-7' });
    const ids: number[] = [];
    for (let i = 0; i < 23; i++) {
      ids.push(await makeClaim(database.db, { companyId: 'company-list', productId, orderId, description: i === 5 ? 'Specks in the wall (Größe 1 mm)' : 'Leaking' }));
    }
    const token = await as.client('company-list');
    const first = await post(app, '/api/client/claims/filter', page(), token);
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(23);
    expect(first.body.rows.map((row: { id: number }) => row.id)).toEqual(ids.slice(0, 20));
    const second = await post(app, '/api/client/claims/filter', { pagination: { page: 2, rowsPerPage: 20 } }, token);
    expect(second.body.rows.map((row: { id: number }) => row.id)).toEqual(ids.slice(20));
    const descending = await post(app, '/api/client/claims/filter', { pagination: { page: 1, rowsPerPage: 20, sortBy: 'id', descending: true } }, token);
    expect(descending.body.rows[0].id).toBe(ids[22]);

    const byText = await post(app, '/api/client/claims/filter', page({ filter: 'größe' }), token);
    expect(byText.body).toMatchObject({ count: 1, rows: [{ id: ids[5] }] });
    const byOrder = await post(app, '/api/client/claims/filter', page({ filter: 'po-list' }), token);
    expect(byOrder.body.count).toBe(23);
    const wildcard = await post(app, '/api/client/claims/filter', page({ filter: '%' }), token);
    expect(wildcard.body.count).toBe(0);
    const byStatus = await post(app, '/api/client/claims/filter', page({ filter: 'closed' }), token);
    expect(byStatus.body.count).toBe(0);
  });

  it('refuses a page size not offered (20/50/100)', async () => {
    const response = await post(app, '/api/client/claims/filter', { pagination: { page: 1, rowsPerPage: 7 } }, await as.client(A));
    expect(response.status).toBe(400);
  });

  it("the admin's list holds every company's claims, with company, product and order", async () => {
    const token = await as.admin();
    const response = await post(app, '/api/admin/claims/filter', { pagination: { page: 1, rowsPerPage: 100, sortBy: 'company' } }, token);
    expect(response.status).toBe(200);
    const companies = new Set(response.body.rows.map((row: { clientId: string }) => row.clientId));
    expect(companies).toEqual(new Set([A, B, 'company-list']));
    expect(response.body.rows[0]).toMatchObject({ company: 'Company A', ClientProduct: { articleNo: expect.any(String) } });
  });
});

describe('claims delete {claimIds}', () => {
  it('deletes the claims and their attachments, all or nothing', async () => {
    const token = await as.client(A);
    const first = await makeClaim(database.db, { companyId: A, productId: a.productId, orderId: a.orderId });
    const second = await makeClaim(database.db, { companyId: A, productId: a.productId, orderId: a.orderId });
    const photo = await makeUpload(database.db, A, { claimId: first });
    const partial = await post(app, '/api/client/claims/delete', { claimIds: [first, 999999] }, token);
    expect(partial.status).toBe(404);
    expect(await claimRow(first)).toBeDefined();
    const response = await post(app, '/api/client/claims/delete', { claimIds: [first, second] }, token);
    expect(response.status).toBe(200);
    expect(await claimRow(first)).toBeUndefined();
    expect(await database.db.selectFrom('uploads').select('id').where('id', '=', photo).executeTakeFirst()).toBeUndefined();
  });

  it('a client cannot delete a closed claim (409); the admin can', async () => {
    const id = await makeClaim(database.db, { companyId: A, productId: a.productId, orderId: a.orderId, status: 'closed' });
    expect((await post(app, '/api/client/claims/delete', { claimIds: [id] }, await as.client(A))).status).toBe(409);
    expect(await claimRow(id)).toBeDefined();
    expect((await post(app, '/api/admin/claims/delete', { claimIds: [id] }, await as.admin())).status).toBe(200);
    expect(await claimRow(id)).toBeUndefined();
  });
});

describe("claims download -> PDF 'Non-Conformance-{id}-report .pdf'", () => {
  it('is an attachment whose text holds the claim, the GP fields, umlauts and the euro sign', async () => {
    const id = await makeClaim(database.db, {
      companyId: A,
      productId: a.productId,
      orderId: a.orderId,
      status: 'closed',
      description: 'Schwarze Punkte in der Flaschenwand, Größe ~1 mm.',
      immediateAction: 'Kartons aussortiert.',
      rootCause: 'Verunreinigtes Mahlgut im Vorformling.',
      correctiveActions: 'Gutschrift über 120 € erstellt.',
    });
    await makeUpload(database.db, A, { claimId: id, filename: 'etikett-größe.jpg' });
    const response = await download(app, '/api/client/claims/download', { id }, await as.client(A));
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="Non-Conformance-${id}-report .pdf"`);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const text = await pdfText(response.bytes);
    for (const expected of [
      `Non-Conformance Report #${id}`,
      'Company A',
      'PO-A-0117',
      '2,400',
      '11.03.2026',
      'Größe ~1 mm',
      'Kartons aussortiert.',
      'Verunreinigtes Mahlgut im Vorformling.',
      'Gutschrift über 120 € erstellt.',
      'etikett-größe.jpg',
      'Closed',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("is in the client company's language, Latvian here: its texts, dates and numbers; language= asks for another", async () => {
    const id = await makeClaim(database.db, { companyId: A, productId: a.productId, orderId: a.orderId, status: 'under investigation', description: 'Melni punkti pudeles sienā.' });
    await database.db.updateTable('companies').set({ language: 'lv' }).where('id', '=', A).execute();
    try {
      const latvian = await pdfText((await download(app, '/api/client/claims/download', { id }, await as.client(A))).bytes);
      for (const expected of [
        `Neatbilstības ziņojums Nr. ${id}`,
        'Statuss',
        'Tiek izmeklēta',
        'Pudeles artikula numurs',
        'Pasūtījuma numurs',
        'Noraidītais daudzums',
        'Piegādes datums',
        '11.03.2026',
        'Problēmas apraksts',
        'Melni punkti pudeles sienā.',
        'Aizpilda GP',
        'Pievienotie faili',
        'Nav pievienotu failu.',
        'Izdrukāja',
        'plkst.',
      ]) {
        expect(latvian).toContain(expected);
      }
      // Latvian groups thousands only from five digits on: 2400, not the English 2,400.
      expect(latvian).toMatch(/Noraidītais daudzums\s*2400/);
      expect(latvian).not.toContain('Non-Conformance Report');
      expect(latvian).not.toContain('2,400');

      const swedish = await pdfText((await download(app, '/api/client/claims/download?language=sv', { id }, await as.client(A))).bytes);
      expect(swedish).toContain(`Avvikelserapport nr ${id}`);
      expect(swedish).toContain('2026-03-11');
      expect(swedish).not.toContain('Neatbilstības');
      expect((await download(app, '/api/client/claims/download?language=de', { id }, await as.client(A))).status).toBe(400);
    } finally {
      await database.db.updateTable('companies').set({ language: 'en' }).where('id', '=', A).execute();
    }
  });

  it('prints the name from userProfile, or the caller', async () => {
    const id = await makeClaim(database.db, { companyId: A, productId: a.productId, orderId: a.orderId });
    const named = await download(app, '/api/admin/claims/download', { id, userProfile: { fullName: 'Anna Bērziņa', email: 'anna@gp.lv' } }, await as.admin());
    expect(await pdfText(named.bytes)).toContain('Printed by Anna Bērziņa (anna@gp.lv)');
    const caller = await download(app, '/api/admin/claims/download', { id }, await as.admin());
    expect(await pdfText(caller.bytes)).toContain('Printed by Alice Admin');
  });
});

describe('claims/orders/filter {filter, clientProductId}', () => {
  it("lists the product's orders, narrowed by the typed order number", async () => {
    const token = await as.client(A);
    const response = await post(app, '/api/client/claims/orders/filter', { clientProductId: a.productId }, token);
    expect(response.status).toBe(200);
    expect(response.body.rows).toEqual([{ id: a.orderId, orderNo: 'PO-A-0117' }]);
    expect((await post(app, '/api/client/claims/orders/filter', { clientProductId: a.productId, filter: 'a-01' }, token)).body.rows).toHaveLength(1);
    expect((await post(app, '/api/client/claims/orders/filter', { clientProductId: a.productId, filter: 'zzz' }, token)).body.rows).toEqual([]);
  });

  it('the admin looks up any company\'s product', async () => {
    const response = await post(app, '/api/client/claims/orders/filter', { clientProductId: b.productId }, await as.admin());
    expect(response.body.rows).toEqual([{ id: b.orderId, orderNo: 'PO-B-0001' }]);
  });
});

describe("tenant isolation (issue 4): company B never reaches company A's claims", () => {
  let claimA: number;
  let snapshot: unknown;
  beforeAll(async () => {
    claimA = await makeClaim(database.db, { companyId: A, productId: a.productId, orderId: a.orderId, description: 'Only A may see this' });
    await makeUpload(database.db, A, { claimId: claimA });
    snapshot = { claim: await claimRow(claimA), uploads: await database.db.selectFrom('uploads').selectAll().where('object_id', '=', claimA).execute() };
  });
  const unchanged = async () =>
    expect({ claim: await claimRow(claimA), uploads: await database.db.selectFrom('uploads').selectAll().where('object_id', '=', claimA).execute() }).toEqual(snapshot);

  it.each([
    ['client', () => as.client(B)],
    ['buyer', () => as.buyer(B)],
  ])("%s of B gets 404 for A's claim on get, save, delete and download, exactly like a missing id; A's row is unchanged", async (_role, token) => {
    for (const id of [claimA, 999999]) {
      const get = await post(app, '/api/client/claims/get', { id }, await token());
      expect(get.status).toBe(404);
      expect(get.body.detail).toBe('Claim not found.');
      const save = await post(app, '/api/client/claims/save', { Claim: { ...claimInput({ clientProductId: b.productId, clientProductionOrderId: b.orderId }), id, version: 0 } }, await token());
      expect(save.status).toBe(404);
      expect((await post(app, '/api/client/claims/delete', { claimIds: [id] }, await token())).status).toBe(404);
      expect((await download(app, '/api/client/claims/download', { id }, await token())).status).toBe(404);
      expect((await post(app, '/api/client/uploads/object/get', { objectType: 'ClientProductionClaims', objectId: id }, await token())).status).toBe(404);
    }
    await unchanged();
  });

  it("B's lists never contain A's claims, whatever the search text", async () => {
    const token = await as.client(B);
    for (const filter of [undefined, 'Only A', 'PO-A-0117', String(claimA), '']) {
      const response = await post(app, '/api/client/claims/filter', { pagination: { page: 1, rowsPerPage: 100 }, ...(filter === undefined ? {} : { filter }) }, token);
      expect(response.status).toBe(200);
      expect(response.body.rows.every((row: { clientId: string }) => row.clientId === B)).toBe(true);
      expect(response.body.rows.map((row: { id: number }) => row.id)).not.toContain(claimA);
    }
  });

  it("B cannot save a claim on A's product or A's order (404), nor attach A's upload (404); nothing is written", async () => {
    const token = await as.client(B);
    const before = await countClaims();
    const uploadsBefore = await database.db.selectFrom('uploads').selectAll().orderBy('id').execute();
    const freeUploadOfA = await makeUpload(database.db, A);
    for (const claim of [
      claimInput(),
      claimInput({ clientProductId: b.productId }),
      claimInput({ clientProductId: b.productId, clientProductionOrderId: b.orderId, Uploads: [{ id: freeUploadOfA }] }),
    ]) {
      expect((await post(app, '/api/client/claims/save', { Claim: claim }, token)).status).toBe(404);
    }
    expect(await countClaims()).toBe(before);
    const after = await database.db.selectFrom('uploads').selectAll().where('id', '!=', freeUploadOfA).orderBy('id').execute();
    expect(after).toEqual(uploadsBefore);
    expect(await database.db.selectFrom('uploads').select('object_id').where('id', '=', freeUploadOfA).executeTakeFirstOrThrow()).toEqual({ object_id: null });
    await unchanged();
  });

  it("B gets 404 for A's product in claims/orders/filter, like a missing product", async () => {
    for (const id of [a.productId, 999999]) {
      expect((await post(app, '/api/client/claims/orders/filter', { clientProductId: id }, await as.client(B))).status).toBe(404);
    }
  });

  it("the client of A still reads its claim (the 404s above are B's, not the claim's)", async () => {
    const response = await post(app, '/api/client/claims/get', { id: claimA }, await as.client(A));
    expect(response.status).toBe(200);
    expect(response.body.Uploads).toHaveLength(1);
  });
});

/**
 * Issue 13, item 1 (part 2.4): a buyer orders a seller's products assigned to it ('Assign Buyers'), so it claims them
 * too. The claim is the buyer's; the seller whose product it is reads it; the manufacturer (admin) sees every claim.
 */
describe("a buyer's claim about a seller product it can order (part 2.4, issue 13 item 1)", () => {
  const SELLER = 'company-claim-seller';
  const BUYER = 'company-claim-buyer';
  const THIRD = 'company-claim-third';
  let sellerProduct: number;
  let unassignedProduct: number;
  let buyerOrder: number;
  let sellerOrder: number;

  beforeAll(async () => {
    await createCompany(database.db, SELLER, { name: 'Aqua Sellers Oy' });
    await createCompany(database.db, BUYER, { name: 'Baltic Buyers SIA', clientType: '1' });
    await createCompany(database.db, THIRD, { name: 'Third Party AS' });
    ({ productId: sellerProduct, orderId: sellerOrder } = await makeClaimable(database.db, SELLER, { orderNo: 'AC-PO-1' }));
    ({ productId: unassignedProduct } = await makeClaimable(database.db, SELLER, { orderNo: 'AC-PO-2' }));
    await database.db.insertInto('product_buyers').values({ client_product_id: sellerProduct, buyer_company_id: BUYER }).execute();
    buyerOrder = await makeProductionOrder(database.db, { companyId: BUYER, orderNo: 'BB-2026-020' });
    await makeOrderItem(database.db, { orderId: buyerOrder, productId: sellerProduct, planned: 30_000 });
  });

  const buyerClaim = (over: object = {}) => ({ ...claimInput(), clientProductId: sellerProduct, clientProductionOrderId: buyerOrder, ...over });

  it("the buyer files a claim about the seller's product assigned to it, on its own order: saved as the buyer's claim", async () => {
    const token = await as.buyer(BUYER);
    const orders = await post(app, '/api/client/claims/orders/filter', { clientProductId: sellerProduct }, token);
    expect(orders.status).toBe(200);
    expect(orders.body.rows).toEqual([{ id: buyerOrder, orderNo: 'BB-2026-020' }]);
    const response = await post(app, '/api/client/claims/save', { Claim: buyerClaim() }, token);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ clientId: BUYER, company: 'Baltic Buyers SIA', clientProductId: sellerProduct, ClientProductionOrder: { orderNo: 'BB-2026-020' } });
    expect(await claimRow(response.body.id)).toMatchObject({ company_id: BUYER });
  });

  it("the buyer cannot claim a seller product not assigned to it, nor name the seller's order (404, nothing written)", async () => {
    const token = await as.buyer(BUYER);
    const before = await countClaims();
    expect((await post(app, '/api/client/claims/save', { Claim: buyerClaim({ clientProductId: unassignedProduct }) }, token)).status).toBe(404);
    expect((await post(app, '/api/client/claims/save', { Claim: buyerClaim({ clientProductionOrderId: sellerOrder }) }, token)).status).toBe(404);
    expect((await post(app, '/api/client/claims/orders/filter', { clientProductId: unassignedProduct }, token)).status).toBe(404);
    expect(await countClaims()).toBe(before);
  });

  it('the seller whose product it is sees the claim in its list, opens it, prints it and downloads its photo, but cannot change or delete it (403)', async () => {
    const buyerToken = await as.buyer(BUYER);
    const photo = await makeUpload(database.db, BUYER, { filename: 'cracked.jpg' });
    const claim = (await post(app, '/api/client/claims/save', { Claim: buyerClaim({ description: 'Seen by the seller', Uploads: [{ id: photo }] }) }, buyerToken)).body;
    const seller = await as.seller(SELLER);
    const list = await post(app, '/api/client/claims/filter', page({ filter: 'Seen by the seller' }), seller);
    expect(list.body.rows.map((row: { id: number }) => row.id)).toEqual([claim.id]);
    const opened = await post(app, '/api/client/claims/get', { id: claim.id }, seller);
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ clientId: BUYER, company: 'Baltic Buyers SIA', Uploads: [{ id: photo }] });
    expect((await download(app, '/api/client/claims/download', { id: claim.id }, seller)).status).toBe(200);
    expect((await download(app, '/api/client/uploads/download', { id: photo }, seller)).status).toBe(200);
    expect((await post(app, '/api/client/uploads/object/get', { objectType: 'ClientProductionClaims', objectId: claim.id }, seller)).status).toBe(200);

    const before = await claimRow(claim.id);
    const save = await post(app, '/api/client/claims/save', { Claim: buyerClaim({ id: claim.id, version: claim.version, description: 'Changed' }) }, seller);
    expect(save.status).toBe(403);
    expect((await post(app, '/api/client/claims/delete', { claimIds: [claim.id] }, seller)).status).toBe(403);
    expect(await claimRow(claim.id)).toEqual(before);
  });

  it('the manufacturer (admin) sees the buyer\'s claim in its list', async () => {
    const claim = (await post(app, '/api/client/claims/save', { Claim: buyerClaim({ description: 'Seen by the manufacturer' }) }, await as.buyer(BUYER))).body;
    const list = await post(app, '/api/admin/claims/filter', page({ filter: 'Seen by the manufacturer' }), await as.admin());
    expect(list.body.rows).toEqual([expect.objectContaining({ id: claim.id, clientId: BUYER, company: 'Baltic Buyers SIA' })]);
  });

  it('any other company gets 404 for the claim and its photo, exactly like a missing id, and never lists it', async () => {
    const photo = await makeUpload(database.db, BUYER);
    const claim = (await post(app, '/api/client/claims/save', { Claim: buyerClaim({ description: 'Not for third parties', Uploads: [{ id: photo }] }) }, await as.buyer(BUYER))).body;
    for (const [face, token] of [['client', await as.client(THIRD)], ['buyer', await as.buyer(THIRD)], ['seller', await as.seller(THIRD)]] as const) {
      const got = await post(app, '/api/client/claims/get', { id: claim.id }, token);
      const missing = await post(app, '/api/client/claims/get', { id: 999999 }, token);
      expect(got.status).toBe(404);
      expect(got.body.detail).toBe(missing.body.detail);
      expect((await download(app, '/api/client/uploads/download', { id: photo }, token)).status).toBe(404);
      expect((await post(app, '/api/client/claims/filter', page({ filter: 'Not for third parties' }), token)).body.count).toBe(0);
      // seller users may not save claims at all (403 by role); the others are told it does not exist
      if (face !== 'seller') expect((await post(app, '/api/client/claims/save', { Claim: buyerClaim({ id: claim.id, version: claim.version }) }, token)).status).toBe(404);
    }
  });
});

describe("the admin logs a claim on a client's behalf (part 2.4, issue 13 items 14 and 15)", () => {
  const BUYER = 'company-admin-buyer';
  const SELLER = 'company-admin-seller';
  let assigned: number;
  let buyerOrder: number;

  beforeAll(async () => {
    await createCompany(database.db, SELLER, { name: 'Seller For Admin Oy' });
    await createCompany(database.db, BUYER, { name: 'Buyer For Admin SIA', clientType: '1' });
    ({ productId: assigned } = await makeClaimable(database.db, SELLER, { orderNo: 'SA-PO-1' }));
    await database.db.insertInto('product_buyers').values({ client_product_id: assigned, buyer_company_id: BUYER }).execute();
    buyerOrder = await makeProductionOrder(database.db, { companyId: BUYER, orderNo: 'BA-PO-1' });
    await makeOrderItem(database.db, { orderId: buyerOrder, productId: assigned, planned: 20_000 });
  });

  it("the client is chosen first: the admin's product lookup answers the products that client can order, searched on the server", async () => {
    const token = await as.admin();
    const products = await post(app, '/api/admin/claims/products/filter', { clientId: BUYER }, token);
    expect(products.status).toBe(200);
    expect(products.body.rows.map((row: { id: number }) => row.id)).toEqual([assigned]);
    const own = await post(app, '/api/admin/claims/products/filter', { clientId: A }, token);
    expect(own.body.rows.map((row: { id: number }) => row.id)).toEqual(expect.arrayContaining([a.productId]));
    expect(own.body.rows.map((row: { id: number }) => row.id)).not.toContain(b.productId);
    expect((await post(app, '/api/admin/claims/products/filter', { clientId: BUYER, filter: 'no such article' }, token)).body.rows).toEqual([]);
    expect((await post(app, '/api/admin/claims/products/filter', { clientId: 'no-such-company' }, token)).status).toBe(404);
    const orders = await post(app, '/api/admin/claims/orders/filter', { clientId: BUYER, clientProductId: assigned }, token);
    expect(orders.body.rows).toEqual([{ id: buyerOrder, orderNo: 'BA-PO-1' }]);
  });

  it('the product lookup does not stop at 100 rows: typing finds the 130th product', async () => {
    const MANY = 'company-many-products';
    await createCompany(database.db, MANY, { name: 'Many Products AB' });
    const { productId } = await makeClaimable(database.db, MANY);
    const rows = Array.from({ length: 130 }, (_, index) => ({ id: index }));
    const template = await database.db.selectFrom('client_products').selectAll().where('id', '=', productId).executeTakeFirstOrThrow();
    const { id: _id, ...copy } = template;
    await database.db
      .insertInto('client_products')
      .values(rows.map(({ id }) => ({ ...copy, article_no: `MP-${String(id).padStart(4, '0')}`, product_name: `Bottle ${id}` })))
      .execute();
    const token = await as.admin();
    const first = await post(app, '/api/admin/claims/products/filter', { clientId: MANY }, token);
    expect(first.body.rows).toHaveLength(50);
    const found = await post(app, '/api/admin/claims/products/filter', { clientId: MANY, filter: 'MP-0129' }, token);
    expect(found.body.rows).toEqual([expect.objectContaining({ articleNo: 'MP-0129', productName: 'Bottle 129' })]);
  });

  it("the admin saves a claim for the chosen client, also about a seller's product it can order; the claim is that client's", async () => {
    const token = await as.admin();
    const created = await post(app, '/api/admin/claims/save', { Claim: { ...claimInput(), clientId: BUYER, clientProductId: assigned, clientProductionOrderId: buyerOrder } }, token);
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ clientId: BUYER, company: 'Buyer For Admin SIA', status: 'new', clientProductId: assigned });
    // the buyer sees the claim logged for it
    expect((await post(app, '/api/client/claims/get', { id: created.body.id }, await as.buyer(BUYER))).status).toBe(200);
    // a product the chosen client cannot order is refused with 400 naming the field; nothing written
    const before = await countClaims();
    const other = await post(app, '/api/admin/claims/save', { Claim: { ...claimInput(), clientId: BUYER, clientProductId: a.productId, clientProductionOrderId: a.orderId } }, token);
    expect(other.status).toBe(400);
    expect(other.body.errors).toEqual([expect.objectContaining({ field: 'Claim.clientProductId' })]);
    // the company of a saved claim cannot change
    const moved = await post(app, '/api/admin/claims/save', { Claim: { ...claimInput(), id: created.body.id, version: 0, clientId: A } }, token);
    expect(moved.status).toBe(400);
    expect(await countClaims()).toBe(before);
  });
});

describe("the admin's claim search matches the company name the list shows (issue 13, item 16)", () => {
  it('finds the claims of a company by a part of its name', async () => {
    await createCompany(database.db, 'company-searchable', { name: 'Kalnciema Dzērieni SIA' });
    const { productId, orderId } = await makeClaimable(database.db, 'company-searchable');
    const id = await makeClaim(database.db, { companyId: 'company-searchable', productId, orderId });
    const found = await post(app, '/api/admin/claims/filter', page({ filter: 'ciema dzē' }), await as.admin());
    expect(found.body.rows.map((row: { id: number }) => row.id)).toEqual([id]);
    // the client face does not search by its own company name (it shows no company column)
    const client = await post(app, '/api/client/claims/filter', page({ filter: 'ciema dzē' }), await as.client('company-searchable'));
    expect(client.body.count).toBe(0);
  });
});

describe('the claims search through its index keeps its meaning (part 2.4 search box; issue 14, item 3)', () => {
  const SEARCH_CO = 'company-search-co';
  let c: { neck: number; percent: number; underscore: number; other: number };
  let orderId: number;
  let productId: number;
  let otherProductId: number;

  /** The search as it was written before the index (claims.fixtures.ts). */
  const reference = (text: string, companyId?: string) => searchedClaimIds(database.db, text, companyId);
  const adminSearch = async (filter: string) => {
    const response = await post(app, '/api/admin/claims/filter', { pagination: { page: 1, rowsPerPage: 100 }, filter }, await as.admin());
    expect(response.status).toBe(200);
    return { ids: response.body.rows.map((row: { id: number }) => row.id) as number[], count: response.body.count as number };
  };

  beforeAll(async () => {
    await createCompany(database.db, SEARCH_CO, { name: 'Ørsted Üvegház Kft' });
    ({ productId, orderId } = await makeClaimable(database.db, SEARCH_CO, { article: 'Flasche Größe 1,5 L', orderNo: 'PO-ZX-5150' }));
    await database.db.updateTable('client_products').set({ article_no: 'ART_77%X' }).where('id', '=', productId).execute();
    const other = await makeClaimable(database.db, SEARCH_CO, { article: 'Plain bottle', orderNo: 'PO-QQ-0001' });
    otherProductId = other.productId;
    await database.db.updateTable('client_products').set({ article_no: 'ARTX77AX' }).where('id', '=', otherProductId).execute();
    const claim = (description: string, status: 'new' | 'under investigation' | 'closed' = 'new', product = { productId, orderId }) =>
      makeClaim(database.db, { companyId: SEARCH_CO, ...product, description, status });
    c = {
      neck: await claim('Crème brûlée stains on the NECK'),
      percent: await claim('Bottle wall 50% thinner', 'under investigation'),
      underscore: await claim('label_glue failed', 'closed'),
      other: await claim('Bottle wall 500 ml, labelxglue', 'new', { productId: otherProductId, orderId: other.orderId }),
    };
  });

  it('finds each searched field, case-insensitively, with % and _ typed as themselves; the count is the rows found', async () => {
    const expectations: [string, number[]][] = [
      ['the neck', [c.neck]], // description, another case
      ['CRÈME BRÛLÉE', [c.neck]], // description, non-ASCII letters in another case
      ['50%', [c.percent]], // '%' is a literal: not 'Bottle wall 500 ml'
      ['label_glue', [c.underscore]], // '_' is a literal: not 'labelxglue'
      ['art_77%x', [c.neck, c.percent, c.underscore]], // article number, '_' and '%' literal: not ARTX77AX
      ['größe 1,5', [c.neck, c.percent, c.underscore]], // product name
      ['zx-515', [c.neck, c.percent, c.underscore]], // order number
      ['üVEGHÁZ', [c.neck, c.percent, c.underscore, c.other]], // company name (the staff's list shows it)
    ];
    for (const [text, expected] of expectations) {
      const found = await adminSearch(text);
      expect(found.ids, text).toEqual(expected);
      expect(found.count, text).toBe(expected.length);
    }
  });

  it('answers the same rows, in the same order, with the same total, as ILIKE over the columns, for the staff and for a company', async () => {
    const texts = ['investigation', 'INVESTIG', 'closed', 'new', 'bottle', 'ml, label', 'po-', 'Kft', String(c.percent), ` ${c.other} `, '0', '_', '%', '\\', 'ü', 'é s', 'nothing like this'];
    for (const text of texts) {
      const expected = await reference(text);
      const found = await adminSearch(text);
      expect({ text, ids: found.ids, count: found.count }).toEqual({ text, ids: expected.slice(0, 100), count: expected.length });
    }
    const client = await as.client(SEARCH_CO);
    for (const text of ['bottle', 'Kft', 'ART_77', String(c.neck), 'under']) {
      const expected = await reference(text, SEARCH_CO);
      const response = await post(app, '/api/client/claims/filter', { pagination: { page: 1, rowsPerPage: 100 }, filter: text }, client);
      expect({ text, ids: response.body.rows.map((row: { id: number }) => row.id), count: response.body.count }).toEqual({ text, ids: expected, count: expected.length });
    }
    // the id matches exactly, not as a part
    expect((await adminSearch(String(c.percent))).ids).toContain(c.percent);
    // U+001F joins the search texts: no search text can hold it (control characters are refused, 400, naming the field)
    const joined = await post(app, '/api/admin/claims/filter', { pagination: { page: 1, rowsPerPage: 100 }, filter: 'a\u001fb' }, await as.admin());
    expect(joined.status).toBe(400);
    expect(JSON.stringify(joined.body)).toContain('filter');
  });

  it("a company's list keeps every sort (its page is picked from its own claims first when the sort is the claim's)", async () => {
    const client = await as.client(SEARCH_CO);
    const mine = await sql<{ id: number; status: string; delivery_date: string; order_no: string }>`
      select c.id, c.status, c.delivery_date::text, o.order_no from claims c join client_production_orders o on o.id = c.client_production_order_id
       where c.company_id = ${SEARCH_CO}`.execute(database.db);
    const by = (key: 'status' | 'delivery_date' | 'order_no', descending: boolean) =>
      [...mine.rows]
        .sort((x, y) => (x[key] < y[key] ? -1 : x[key] > y[key] ? 1 : x.id - y.id) * (descending ? -1 : 1))
        .map((row) => row.id);
    for (const [sortBy, key, descending] of [
      ['status', 'status', false],
      ['status', 'status', true],
      ['deliveryDate', 'delivery_date', true],
      ['orderNo', 'order_no', false],
    ] as const) {
      const response = await post(app, '/api/client/claims/filter', { pagination: { page: 1, rowsPerPage: 20, sortBy, descending } }, client);
      expect({ sortBy, descending, ids: response.body.rows.map((row: { id: number }) => row.id) }).toEqual({ sortBy, descending, ids: by(key, descending) });
    }
  });

  it("the staff's list without a search counts every claim (the number kept beside them) through saves and deletes", async () => {
    const listed = async () => {
      const response = await post(app, '/api/admin/claims/filter', { pagination: { page: 1, rowsPerPage: 20 } }, await as.admin());
      expect(response.status).toBe(200);
      return response.body.count as number;
    };
    const before = await countClaims();
    expect(await listed()).toBe(before);
    const saved = await post(app, '/api/client/claims/save', { Claim: claimInput({ description: 'Counted once' }) }, await as.client(A));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const second = await makeClaim(database.db, { companyId: SEARCH_CO, productId, orderId, description: 'Counted twice' });
    expect(await countClaims()).toBe(before + 2);
    expect(await listed()).toBe(before + 2);
    expect((await post(app, '/api/admin/claims/delete', { claimIds: [second, saved.body.id] }, await as.admin())).status).toBe(200);
    expect(await countClaims()).toBe(before);
    expect(await listed()).toBe(before);
  });

  it('follows a renamed product, order and company, and an edited description (the search text is kept by triggers)', async () => {
    await database.db.updateTable('client_products').set({ product_name: 'Mineralwasser Spritzig' }).where('id', '=', otherProductId).execute();
    expect((await adminSearch('spritzig')).ids).toEqual([c.other]);
    expect((await adminSearch('plain bottle')).ids).toEqual([]);
    await database.db.updateTable('client_production_orders').set({ order_no: 'PO-RENAMED-9' }).where('id', '=', orderId).execute();
    expect((await adminSearch('renamed-9')).ids).toEqual([c.neck, c.percent, c.underscore]);
    expect((await adminSearch('zx-515')).ids).toEqual([]);
    await database.db.updateTable('companies').set({ name: 'Jūrmala Dzērieni' }).where('id', '=', SEARCH_CO).execute();
    expect((await adminSearch('jūrmala')).count).toBe(4);
    expect((await adminSearch('üvegház')).count).toBe(0);
    await database.db.updateTable('claims').set({ description: 'Warped shoulder', status: 'closed' }).where('id', '=', c.neck).execute();
    expect((await adminSearch('warped')).ids).toEqual([c.neck]);
    expect((await adminSearch('crème')).ids).toEqual([]);
  });
});
