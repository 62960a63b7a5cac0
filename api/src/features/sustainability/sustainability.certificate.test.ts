import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/db.test-utils.js';
import { as, createTestApp, post } from '../../../../tests/support/app.test-utils.js';
import { COMPANY_A, COMPANY_B, createTwoCompanies } from '../../../../tests/support/factories/companies.test-utils.js';
import { startS3, type S3Server } from '../../../../tests/support/s3.test-utils.js';
import { multipart, PDF, PNG, type Part } from '../claims/claims.fixtures.js';
import { composition, sustainabilityFixtures } from './sustainability.fixtures.js';

/**
 * A lot's certificate file, kept by the portal's upload store (PostgreSQL, or the S3-compatible bucket the tests
 * start): the admin uploads it on 'Added to stock' or with a correction, bounded in type and size; the client downloads
 * it from a line that used the lot, and only from such a line of its own company.
 */
describe.each(['postgres', 's3'] as const)("a lot's certificate file, stored in %s", (kind) => {
  const MAX_BYTES = 64 * 1024;
  let database: TestDatabase;
  let app: FastifyInstance;
  let s3: S3Server | undefined;
  let admin: string;
  let operator: string;
  let clientA: string;
  let clientB: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    if (kind === 's3') s3 = await startS3();
    app = await createTestApp(database.db, { ...(s3?.env ?? {}), UPLOAD_MAX_BYTES: String(MAX_BYTES) });
    expect(app.uploads.kind).toBe(kind);
    await createTwoCompanies(database.db);
    admin = await as.admin();
    operator = await as.operator();
    clientA = await as.client(COMPANY_A);
    clientB = await as.client(COMPANY_B);
  });
  afterAll(async () => {
    await app?.close();
    await s3?.stop();
    await database?.drop();
  });

  const fx = sustainabilityFixtures(() => ({ app, db: database.db, admin, operator }));

  async function uploadCertificate(lotId: number, file: Part, token = admin) {
    const body = multipart([{ name: 'lotId', content: String(lotId) }, file]);
    const response = await app.inject({
      method: 'POST',
      url: '/api/admin/sustainability/lot/certificate/save',
      payload: body.payload,
      headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType },
    });
    return { status: response.statusCode, body: response.json() };
  }
  const pdf = (filename: string, content: Buffer = PDF): Part => ({ name: 'file', filename, contentType: 'application/pdf', content });
  const download = async (url: string, body: unknown, token: string) => {
    const response = await app.inject({ method: 'POST', url, payload: body as object, headers: { authorization: `Bearer ${token}` } });
    return { status: response.statusCode, bytes: response.rawPayload, headers: response.headers };
  };
  const stored = () => database.db.selectFrom('lot_certificates').select(['lot_id', 'content', 'storage_key']).execute();
  const bucketKeys = async () => (s3 ? (await s3.keys()).sort() : []);

  it("is uploaded by the admin for a lot 'Added to stock', replaced by a correction's upload, and audited before and after", async () => {
    const s = await fx.setting();
    const lotId = await fx.deliver(s, s.north, 1_000, composition(40));

    const first = await uploadCertificate(lotId, pdf('ECP-2026-0117.pdf'));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ lotId, recorded: true, certificateFile: { originalFilename: 'ECP-2026-0117.pdf', mimetype: 'application/pdf', size: PDF.length } });
    const [row] = (await stored()).filter((r) => r.lot_id === lotId);
    // The bytes are where the store keeps them: in the row, or in the bucket under the row's key.
    if (kind === 's3') {
      expect(row).toMatchObject({ content: null, storage_key: expect.stringMatching(/^uploads\//) });
      expect(await s3!.has(row!.storage_key!)).toBe(true);
    } else expect(row).toMatchObject({ content: PDF, storage_key: null });

    const renewed = await uploadCertificate(lotId, { name: 'file', filename: 'renewed.png', contentType: 'image/png', content: PNG });
    expect(renewed.body.certificateFile).toEqual({ originalFilename: 'renewed.png', mimetype: 'image/png', size: PNG.length });
    expect((await post(app, '/api/admin/sustainability/lot/get', { lotId }, admin)).body.certificateFile).toEqual(renewed.body.certificateFile);
    if (kind === 's3') {
      // The replaced file's object leaves the bucket with its row.
      expect(await s3!.has(row!.storage_key!)).toBe(false);
    }
    const adminCopy = await download('/api/admin/sustainability/lot/certificate/download', { lotId }, admin);
    expect(adminCopy.status).toBe(200);
    expect(adminCopy.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(adminCopy.bytes, PNG)).toBe(0);

    const audited = await database.db
      .selectFrom('audit_log')
      .select(['operation', 'details'])
      .where('record_type', '=', 'lot_certificate')
      .where('record_id', '=', String(lotId))
      .orderBy('id')
      .execute();
    expect(audited).toEqual([
      { operation: 'saveLotCertificate', details: { before: null, after: expect.objectContaining({ originalFilename: 'ECP-2026-0117.pdf', size: PDF.length }) } },
      {
        operation: 'saveLotCertificate',
        details: { before: expect.objectContaining({ originalFilename: 'ECP-2026-0117.pdf' }), after: expect.objectContaining({ originalFilename: 'renewed.png', mimetype: 'image/png' }) },
      },
    ]);
  });

  it('refuses what is not a PDF or an image (by its content), a file past the limit, an unknown lot, and a client; nothing is kept', async () => {
    const s = await fx.setting();
    const lotId = await fx.deliver(s, s.north, 1_000);
    const before = { rows: (await stored()).length, keys: await bucketKeys() };

    const html = await uploadCertificate(lotId, pdf('certificate.pdf', Buffer.from('<!doctype html><html><script>alert(1)</script></html>')));
    expect(html.status).toBe(400);
    expect(html.body.errors).toEqual([expect.objectContaining({ field: 'file', code: 'type' })]);
    const large = await uploadCertificate(lotId, pdf('scan.pdf', Buffer.concat([PDF, Buffer.alloc(MAX_BYTES)])));
    expect(large.status).toBe(400);
    expect(large.body.errors).toEqual([expect.objectContaining({ field: 'file', code: 'maxSize', limit: MAX_BYTES })]);
    expect((await uploadCertificate(999_999, pdf('nowhere.pdf'))).status).toBe(404);
    expect((await uploadCertificate(lotId, pdf('mine.pdf'), clientA)).status).toBe(403);

    expect({ rows: (await stored()).length, keys: await bucketKeys() }).toEqual(before);
    expect((await post(app, '/api/admin/sustainability/lot/get', { lotId }, admin)).body.certificateFile).toBeNull();
    expect((await download('/api/admin/sustainability/lot/certificate/download', { lotId }, admin)).status).toBe(404);
  });

  it("is downloaded by the client from its line's evidence, and is missing for another company's line or a lot the line did not use", async () => {
    const s = await fx.setting();
    const lotId = await fx.deliver(s, s.north, 1_000, composition(40));
    await uploadCertificate(lotId, pdf('ECP-40.pdf'));
    const itemA = await fx.itemIn(s, s.north, COMPANY_A);
    await fx.produce(itemA, 400);
    await fx.invoice(itemA, `INV-CERT-${itemA}`);
    // B's own line used a lot of the south warehouse, which has a certificate too.
    const southLot = await fx.deliver(s, s.south, 1_000, composition(20));
    await uploadCertificate(southLot, pdf('ECP-20.pdf'));
    const itemB = await fx.itemIn(s, s.south, COMPANY_B);
    await fx.produce(itemB, 300);

    const line = await post(app, '/api/client/sustainability/item/get', { id: itemA }, clientA);
    expect(line.body.lots).toEqual([expect.objectContaining({ id: lotId, certificateFile: { originalFilename: 'ECP-40.pdf', mimetype: 'application/pdf', size: PDF.length } })]);

    const mine = await download('/api/client/sustainability/item/certificate', { id: itemA, lotId }, clientA);
    expect(mine.status).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect(mine.headers['content-disposition']).toContain('ECP-40.pdf');
    expect(Buffer.compare(mine.bytes, PDF)).toBe(0);

    const missing = (await download('/api/client/sustainability/item/certificate', { id: itemA, lotId: 999_999 }, clientA)).status;
    expect(missing).toBe(404);
    // B's own line with A's lot, A's line with B's token, A's line with a lot it did not use: all missing alike.
    expect((await download('/api/client/sustainability/item/certificate', { id: itemB, lotId }, clientB)).status).toBe(404);
    expect((await download('/api/client/sustainability/item/certificate', { id: itemA, lotId }, clientB)).status).toBe(404);
    expect((await download('/api/client/sustainability/item/certificate', { id: itemA, lotId: southLot }, clientA)).status).toBe(404);
    expect((await download('/api/client/sustainability/item/certificate', { id: itemB, lotId: southLot }, clientB)).status).toBe(200);
  });
});
