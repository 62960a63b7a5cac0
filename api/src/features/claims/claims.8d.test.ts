import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/db.test-utils.js';
import { as, createTestApp, post } from '../../../../tests/support/app.test-utils.js';
import { pdfText } from '../../../../tests/support/pdf.test-utils.js';
import { createTwoCompanies } from '../../../../tests/support/factories/companies.test-utils.js';
import { download, makeClaim, makeClaimable } from './claims.fixtures.js';

/** Issue 17, item 4: the 8D report (D0–D8) as the GP's side of the claim, beside the three GP fields (the short form). */

let database: TestDatabase;
let app: FastifyInstance;
let A: string;
let B: string;
let a: { productId: number; orderId: number };

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database.db);
  ({ a: A, b: B } = await createTwoCompanies(database.db));
  a = await makeClaimable(database.db, A, { orderNo: 'PO-A-8D' });
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

const claimInput = () => ({
  clientProductId: a.productId,
  clientProductionOrderId: a.orderId,
  amount: 2400,
  deliveryDate: '2026-03-11',
  description: 'Black specks in the preform wall.',
});
const newClaim = (over: object = {}) => makeClaim(database.db, { companyId: A, productId: a.productId, orderId: a.orderId, status: 'under investigation', ...over });
const claimRow = (id: number) => database.db.selectFrom('claims').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const adminSave = async (id: number, version: number, eightD: object, over: object = {}) =>
  post(app, '/api/admin/claims/save', { Claim: { ...claimInput(), id, version, status: 'under investigation', eightD, ...over } }, await as.admin());

const FULL = {
  preparation: '  8D opened: a recall may be needed.  ',
  team: 'Anna (quality, leader); Olga (production); Jānis (supply)',
  problem: {
    what: 'Black specks in the preform wall',
    where: 'Neck area, bottles of FB-04',
    when: '2026-03-10, night shift',
    who: 'Found by the client at filling',
    why: 'Contaminated resin suspected',
    how: 'Visual inspection at the filler',
    howMany: '2 pallets, about 2,400 bottles',
  },
  containment: 'Open orders of the lot stopped; stock quarantined.',
  rootCause: 'Degraded PET from the dryer of line 4.',
  escapePoint: 'The in-line camera did not cover the neck.',
  correctiveActions: 'Dryer cleaned; camera extended to the neck.',
  validation: 'Three shifts without specks after the change.',
  prevention: 'Dryer cleaning in the weekly maintenance plan; FMEA updated.',
  recognition: 'Team thanked at the monthly meeting.',
};

describe('the 8D report', () => {
  it('the admin writes D0–D8 (D2 as 5W2H); the answer and a later read carry it, trimmed; the short form stays as it was; audited', async () => {
    const id = await newClaim({ immediateAction: 'Pallets quarantined.' });
    const saved = await adminSave(id, 0, FULL, { immediateAction: 'Pallets quarantined.' });
    expect(saved.status).toBe(200);
    const expected = { ...FULL, preparation: '8D opened: a recall may be needed.', containmentFromTrace: null };
    expect(saved.body).toMatchObject({ version: 1, immediateAction: 'Pallets quarantined.', rootCouse: null, eightD: expected });

    const read = await post(app, '/api/admin/claims/get', { id }, await as.admin());
    expect(read.body.eightD).toEqual(expected);
    // The client reads the report the GP wrote for it.
    const client = await post(app, '/api/client/claims/get', { id }, await as.client(A));
    expect(client.body.eightD).toMatchObject({ ...FULL, preparation: expected.preparation });

    const entry = await database.db
      .selectFrom('audit_log')
      .select(['operation', 'details'])
      .where('record_type', '=', 'claim')
      .where('record_id', '=', String(id))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry.operation).toBe('saveClaim');
    expect(JSON.stringify(entry.details)).toContain('Degraded PET from the dryer of line 4.');
  });

  it('a discipline or 5W2H answer left out keeps its text; null or blank clears it; no eightD keeps the whole report', async () => {
    const id = await newClaim();
    await adminSave(id, 0, FULL);
    const partial = await adminSave(id, 1, { rootCause: 'Worn neck-ring insert.', validation: '   ', problem: { who: null } });
    expect(partial.status).toBe(200);
    expect(partial.body.eightD).toMatchObject({
      rootCause: 'Worn neck-ring insert.',
      validation: null,
      escapePoint: FULL.escapePoint,
      problem: { ...FULL.problem, who: null },
    });
    const none = await post(app, '/api/admin/claims/save', { Claim: { ...claimInput(), id, version: 2, status: 'under investigation' } }, await as.admin());
    expect(none.body.eightD).toEqual(partial.body.eightD);
  });

  it('a claim never given a report reads as every discipline null', async () => {
    const id = await newClaim();
    const read = await post(app, '/api/admin/claims/get', { id }, await as.admin());
    expect(read.body.eightD).toEqual({
      preparation: null,
      team: null,
      problem: { what: null, where: null, when: null, who: null, why: null, how: null, howMany: null },
      containment: null,
      containmentFromTrace: null,
      rootCause: null,
      escapePoint: null,
      correctiveActions: null,
      validation: null,
      prevention: null,
      recognition: null,
    });
  });

  it.each([
    ['client', () => as.client(A)],
    ['buyer', () => as.buyer(A)],
  ])("filled by the GP: a %s sending 8D values that differ is refused with 403 naming them; nothing changes", async (_role, token) => {
    const id = await newClaim();
    await adminSave(id, 0, { rootCause: 'Dryer.' });
    const before = await claimRow(id);
    const refused = await post(
      app,
      '/api/client/claims/save',
      { Claim: { ...claimInput(), id, version: 1, eightD: { rootCause: 'Not our fault.', problem: { what: 'Specks' } } } },
      await token(),
    );
    expect(refused.status).toBe(403);
    expect(refused.body.errors).toEqual([
      expect.objectContaining({ field: 'Claim.eightD.rootCause', code: 'gpField' }),
      expect.objectContaining({ field: 'Claim.eightD.problem.what', code: 'gpField' }),
    ]);
    expect(await claimRow(id)).toEqual(before);
    // Sending what is stored (or nothing) is no change: the customer-side save goes through.
    const same = await post(app, '/api/client/claims/save', { Claim: { ...claimInput(), amount: 100, id, version: 1, eightD: { rootCause: ' Dryer. ' } } }, await token());
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ amount: 100, eightD: { rootCause: 'Dryer.' } });
  });

  it('another company cannot read the report (404, as a missing claim)', async () => {
    const id = await newClaim();
    await adminSave(id, 0, { rootCause: 'Dryer.' });
    const other = await post(app, '/api/client/claims/get', { id }, await as.client(B));
    expect(other.status).toBe(404);
    expect(JSON.stringify(other.body)).not.toContain('Dryer.');
  });

  it.each([
    ['a discipline over 4000 characters', { rootCause: 'x'.repeat(4001) }, 'Claim.eightD.rootCause'],
    ['a 5W2H answer over 1000 characters', { problem: { howMany: 'x'.repeat(1001) } }, 'Claim.eightD.problem.howMany'],
    ['a discipline that is not text', { team: 7 }, 'Claim.eightD.team'],
  ])('bad input: %s is refused with 400 naming the field; nothing written', async (_name, eightD, field) => {
    const id = await newClaim();
    const before = await claimRow(id);
    const response = await adminSave(id, 0, eightD);
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
    expect(await claimRow(id)).toEqual(before);
  });

  it('only the admin fills D3 from the trace: client faces and the other staff roles are refused (403)', async () => {
    const id = await newClaim();
    for (const token of [await as.client(A), await as.operator(), await as.accountant()]) {
      const response = await post(app, '/api/admin/claims/containment/from-trace', { id, version: 0 }, token);
      expect(response.status).toBe(403);
    }
    expect((await claimRow(id)).containment_trace).toBeNull();
  });

  it('the PDF prints the short form and each 8D discipline that has content, and leaves out the empty ones', async () => {
    const id = await newClaim({ immediateAction: 'Pallets quarantined.' });
    await adminSave(id, 0, { team: 'Anna; Olga', problem: { what: 'Black specks', howMany: '2 pallets' }, escapePoint: 'Camera missed the neck.' }, { immediateAction: 'Pallets quarantined.' });
    const file = await download(app, '/api/admin/claims/download', { id }, await as.admin());
    expect(file.status).toBe(200);
    const text = await pdfText(file.bytes);
    expect(text).toContain('Short form');
    expect(text).toContain('Pallets quarantined.');
    expect(text).toContain('8D report');
    expect(text).toMatch(/D1 Team Anna; Olga/);
    expect(text).toMatch(/D2 Problem \(5W2H\) What Black specks How many 2 pallets/);
    expect(text).toMatch(/D4 Escape point Camera missed the neck\./);
    for (const empty of ['D0 Preparation', 'D3 Containment', 'D4 Root cause', 'D5', 'D6', 'D7', 'D8', 'Where']) expect(text).not.toContain(empty);
  });

  it('a claim without a report prints no 8D section', async () => {
    const id = await newClaim();
    const file = await download(app, '/api/client/claims/download', { id }, await as.client(A));
    expect(await pdfText(file.bytes)).not.toContain('8D report');
  });
});
