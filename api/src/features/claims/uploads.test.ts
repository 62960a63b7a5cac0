import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/db.test-utils.js';
import { as, createTestApp, post, testConfig } from '../../../../tests/support/app.test-utils.js';
import { createCompany, createTwoCompanies } from '../../../../tests/support/factories/companies.test-utils.js';
import { startS3, type S3Server } from '../../../../tests/support/s3.test-utils.js';
import { freePort } from '../../db/embedded.js';
import { nowMs } from '../../lib/clock.js';
import { QUEUES } from '../../jobs/queue.js';
import { download, JPEG, makeClaim, makeClaimable, makeUpload, multipart, PDF, PNG, upload } from './claims.fixtures.js';
import { uploadJobHandlers } from './uploads.jobs.js';
import { UPLOAD_CLEANUP_SUBJECT } from './uploads.service.js';

/**
 * Every test runs against both upload stores (issue 18, item 4): the bytes in PostgreSQL, and the bytes in an
 * S3-compatible bucket (s3rver on a free loopback port, started here and stopped after). The rules are the same.
 */

describe.each(['postgres', 's3'] as const)('uploads stored in %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let s3: S3Server | undefined;
  let A: string;
  let B: string;
  let a: { productId: number; orderId: number };

  beforeAll(async () => {
    database = await createTestDatabase();
    if (kind === 's3') s3 = await startS3();
    app = await createTestApp(database.db, s3?.env ?? {});
    expect(app.uploads.kind).toBe(kind);
    ({ a: A, b: B } = await createTwoCompanies(database.db));
    a = await makeClaimable(database.db, A);
  });
  afterAll(async () => {
    await app?.close();
    await s3?.stop();
    await database?.drop();
  });

  const uploadRow = (id: number) => database.db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
  /** The bytes of a stored upload, from its row or its object in the bucket. */
  const storedBytes = (row: { content: Buffer | null; storage_key: string | null }) => app.uploads.get({ content: row.content, storageKey: row.storage_key });
  /** Every column of a company's uploads, the content as its md5 (comparing 10 MiB buffers deeply is slow). */
  const uploadsOf = (companyId: string) =>
    database.db
      .selectFrom('uploads')
      .select(['id', 'company_id', 'original_filename', 'mimetype', 'size', 'sha256', 'object_type', 'object_id', 'created_by', 'created_at'])
      .select(sql<string>`md5(content)`.as('md5'))
      .where('company_id', '=', companyId)
      .orderBy('id')
      .execute();
  const countUploads = async () => Number((await database.db.selectFrom('uploads').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  describe("uploads/save: 'Upload types .jpg, images and .pdf', checked by content, size-limited", () => {
    it('stores a photo unattached in the caller\'s company, with its detected type, size and checksum, and audits it', async () => {
      const response = await upload(app, await as.client(A), { name: 'file', filename: 'cracked-neck.jpg', contentType: 'image/jpeg', content: JPEG });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ Upload: [{ id: expect.any(Number), originalFilename: 'cracked-neck.jpg', mimetype: 'image/jpeg' }] });
      const row = await uploadRow(response.body.Upload[0].id);
      expect(row).toMatchObject({ company_id: A, object_id: null, size: JPEG.length, sha256: expect.stringMatching(/^[0-9a-f]{64}$/), created_by: `client-${A}` });
      expect(Buffer.compare(await storedBytes(row!), JPEG)).toBe(0);
      if (kind === 's3') {
        expect(row).toMatchObject({ content: null, storage_key: expect.stringMatching(/^uploads\/[0-9a-f-]{36}$/) });
        expect(await s3!.has(row!.storage_key!)).toBe(true);
      } else {
        expect(row).toMatchObject({ storage_key: null });
      }
      const entry = await database.db.selectFrom('audit_log').selectAll().where('record_type', '=', 'upload').where('record_id', '=', String(row!.id)).executeTakeFirst();
      expect(entry).toMatchObject({ operation: 'saveUploads', company_id: A });
    });

    it('a .jpg name with PDF content is stored as application/pdf (the content decides, not the name or the declared type)', async () => {
      const response = await upload(app, await as.buyer(A), { name: 'file', filename: 'delivery-note.jpg', contentType: 'image/jpeg', content: PDF });
      expect(response.status).toBe(200);
      expect(response.body.Upload[0]).toMatchObject({ originalFilename: 'delivery-note.jpg', mimetype: 'application/pdf' });
    });

    it.each([
      ['an HTML page named .jpg', '<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>'],
      ['an SVG with a script named .png', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
      ['a Windows executable named .jpg', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(256)])],
      ['an ELF executable named .jpg', Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(256)])],
      ['a ZIP named .pdf', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0]), Buffer.alloc(256)])],
      ['an empty file', Buffer.alloc(0)],
    ])('refuses %s with a 400 problem naming `file`; nothing stored', async (_name, content) => {
      const before = await countUploads();
      const response = await upload(app, await as.client(A), { name: 'file', filename: 'photo.jpg', contentType: 'image/jpeg', content });
      expect(response.status).toBe(400);
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(response.body.errors).toEqual([expect.objectContaining({ field: 'file', code: 'type' })]);
      expect(await countUploads()).toBe(before);
    });

    it('refuses a file over UPLOAD_MAX_BYTES (10 MiB) with a 400 problem naming `file` and the limit; nothing stored', async () => {
      const before = await countUploads();
      const big = Buffer.concat([JPEG, Buffer.alloc(testConfig.UPLOAD_MAX_BYTES)]);
      const response = await upload(app, await as.client(A), { name: 'file', filename: 'huge.jpg', contentType: 'image/jpeg', content: big });
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual([expect.objectContaining({ field: 'file', code: 'maxSize', limit: testConfig.UPLOAD_MAX_BYTES })]);
      expect(await countUploads()).toBe(before);
      const exact = Buffer.concat([JPEG, Buffer.alloc(testConfig.UPLOAD_MAX_BYTES - JPEG.length)]);
      expect((await upload(app, await as.client(A), { name: 'file', filename: 'limit.jpg', content: exact })).status).toBe(200);
    });

    it('takes ONE `file` part per request: two files, another field name or no file are 400', async () => {
      const token = await as.client(A);
      const before = await countUploads();
      const two = await upload(app, token, [
        { name: 'file', filename: 'a.jpg', content: JPEG },
        { name: 'file', filename: 'b.jpg', content: JPEG },
      ]);
      expect(two.status).toBe(400);
      expect((await upload(app, token, { name: 'photo', filename: 'a.jpg', content: JPEG })).status).toBe(400);
      expect((await upload(app, token, { name: 'file', content: 'just text' })).status).toBe(400);
      const empty = await upload(app, token, []);
      expect(empty.status).toBe(400);
      expect((await post(app, '/api/client/uploads/save', { file: 'x' }, token)).status).toBe(400);
      expect(await countUploads()).toBe(before);
    });

    it('keeps only the last segment of a path-like file name', async () => {
      const response = await upload(app, await as.client(A), { name: 'file', filename: 'C:\\Users\\clara\\..\\label.jpg', content: JPEG });
      expect(response.body.Upload[0].originalFilename).toBe('label.jpg');
    });

    it('only the upload operation takes multipart: another operation refuses it with 415 before any handler', async () => {
      const body = multipart([{ name: 'Claim', content: '{}' }]);
      const response = await app.inject({
        method: 'POST',
        url: '/api/client/claims/save',
        payload: body.payload,
        headers: { authorization: `Bearer ${await as.client(A)}`, 'content-type': body.contentType },
      });
      expect(response.statusCode).toBe(415);
    });

    it('answers 401 without a token and 403 for staff, before reading the file', async () => {
      expect((await app.inject({ method: 'POST', url: '/api/client/uploads/save', ...toInject(multipart([{ name: 'file', filename: 'a.jpg', content: JPEG }])) })).statusCode).toBe(401);
      expect((await upload(app, await as.admin(), { name: 'file', filename: 'a.jpg', content: JPEG })).status).toBe(403);
    });
  });

  const toInject = (body: { payload: Buffer; contentType: string }) => ({ payload: body.payload, headers: { 'content-type': body.contentType } });

  describe('uploads/download {id}: an attachment with its detected type and nosniff', () => {
    it('serves the bytes as an attachment, with the detected content type and X-Content-Type-Options: nosniff', async () => {
      const token = await as.client(A);
      const saved = (await upload(app, token, { name: 'file', filename: 'note.jpg', contentType: 'image/jpeg', content: PDF })).body.Upload[0];
      const response = await download(app, '/api/client/uploads/download', { id: saved.id }, token);
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe('attachment; filename="note.pdf"');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(Buffer.compare(response.bytes, PDF)).toBe(0);
    });

    it.each([
      ['x.html', PNG, 'image/png', 'x.png'],
      ['scan', PDF, 'application/pdf', 'scan.pdf'],
      ['Photo.JPEG', JPEG, 'image/jpeg', 'Photo.JPEG'],
      ['label.png.exe', PNG, 'image/png', 'label.png.png'],
    ])("a file uploaded as %s downloads with its detected type's extension", async (filename, content, type, expected) => {
      const token = await as.client(A);
      const saved = (await upload(app, token, { name: 'file', filename, contentType: 'text/html', content })).body.Upload[0];
      expect(saved.originalFilename).toBe(filename);
      const response = await download(app, '/api/client/uploads/download', { id: saved.id }, token);
      expect(response.headers['content-type']).toBe(type);
      expect(response.headers['content-disposition']).toBe(`attachment; filename="${expected}"`);
    });

    it('names a non-ASCII file with RFC 5987 (filename*) beside an ASCII fallback', async () => {
      const id = await makeUpload(database.db, A, { filename: 'Größe "1".jpg' });
      const response = await download(app, '/api/client/uploads/download', { id }, await as.client(A));
      expect(response.headers['content-disposition']).toBe(`attachment; filename="Gr__e _1_.jpg"; filename*=UTF-8''Gr%C3%B6%C3%9Fe%20%221%22.jpg`);
    });

    it("the admin downloads any company's upload", async () => {
      const id = await makeUpload(database.db, A);
      const response = await download(app, '/api/admin/uploads/download', { id }, await as.admin());
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('image/jpeg');
    });
  });

  describe("a company's storage quota (UPLOAD_COMPANY_QUOTA_BYTES)", () => {
    it('an upload past the quota answers 413 with a problem naming the quota, and stores nothing', async () => {
      const used = async () =>
        Number((await database.db.selectFrom('uploads').select(sql<string>`coalesce(sum(size), 0)`.as('n')).where('company_id', '=', B).executeTakeFirstOrThrow()).n);
      const quota = (await used()) + JPEG.length + Math.floor(JPEG.length / 2);
      const limited = await createTestApp(database.db, { ...(s3?.env ?? {}), UPLOAD_COMPANY_QUOTA_BYTES: String(quota) });
      try {
        const token = await as.client(B);
        expect((await upload(limited, token, { name: 'file', filename: 'fits.jpg', content: JPEG })).status).toBe(200);
        const rows = await countUploads();
        const keys = await s3?.keys();
        const audited = await database.db.selectFrom('audit_log').select('id').where('record_type', '=', 'upload').execute();

        const refused = await upload(limited, token, { name: 'file', filename: 'over.jpg', content: JPEG });
        expect(refused.status).toBe(413);
        expect(refused.headers['content-type']).toContain('application/problem+json');
        expect(refused.body.detail).toMatch(/^Your company's files take [\d.]+ MiB of its [\d.]+ MiB storage quota, so this file \([\d.]+ MiB\) cannot be stored\./);
        expect(refused.body.errors).toEqual([expect.objectContaining({ field: 'file', code: 'quota', limit: quota })]);
        expect(await countUploads()).toBe(rows);
        if (s3) expect(await s3.keys()).toEqual(keys);
        expect(await database.db.selectFrom('audit_log').select('id').where('record_type', '=', 'upload').execute()).toEqual(audited);
        // Another company's room is its own.
        const C = `company-quota-${kind}`;
        await createCompany(database.db, C);
        expect((await upload(limited, await as.client(C), { name: 'file', filename: 'c.jpg', content: JPEG })).status).toBe(200);
      } finally {
        await limited.close();
      }
    });
  });

  describe('uploads never attached are removed after UPLOAD_UNATTACHED_HOURS (the hourly upload-cleanup job)', () => {
    const runCleanup = (hours = 24) => uploadJobHandlers(database.db, app.uploads, { UPLOAD_UNATTACHED_HOURS: hours })[QUEUES.uploadCleanup]!({} as never);
    /** Stamps an upload as made `hours` ago by the portal's clock. */
    const age = (id: number, hours: number) =>
      database.db.updateTable('uploads').set({ created_at: new Date(nowMs() - hours * 3_600_000) }).where('id', '=', id).execute();

    it('an unattached upload older than 24 hours is gone (its object too, audited); an attached one and a young one stay', async () => {
      const token = await as.client(A);
      const saved = async (filename: string) => (await upload(app, token, { name: 'file', filename, content: JPEG })).body.Upload[0].id as number;
      const old = await saved('abandoned.jpg');
      const young = await saved('just-now.jpg');
      const attached = await saved('on-the-claim.jpg');
      const claim = await makeClaim(database.db, { companyId: A, productId: a.productId, orderId: a.orderId });
      await database.db.updateTable('uploads').set({ object_type: 'ClientProductionClaims', object_id: claim }).where('id', '=', attached).execute();
      await age(old, 24.5);
      await age(young, 23.5);
      await age(attached, 24 * 30);
      const oldKey = (await uploadRow(old))!.storage_key;

      await runCleanup();

      expect(await uploadRow(old)).toBeUndefined();
      expect(await uploadRow(young)).toBeDefined();
      expect(await uploadRow(attached)).toMatchObject({ object_id: claim });
      if (s3) {
        expect(await s3.has(oldKey!)).toBe(false);
        expect(await s3.has((await uploadRow(young))!.storage_key!)).toBe(true);
        expect(await database.db.selectFrom('upload_object_deletions').select('storage_key').execute()).toEqual([]);
      }
      const entry = await database.db.selectFrom('audit_log').selectAll().where('record_type', '=', 'upload').where('record_id', '=', String(old)).where('operation', '=', 'removeUnattachedUploads').executeTakeFirst();
      expect(entry).toMatchObject({ subject: UPLOAD_CLEANUP_SUBJECT, company_id: A });
      expect((await download(app, '/api/client/uploads/download', { id: attached }, token)).status).toBe(200);

      // Idempotent: a second run (another replica, a retry) finds nothing more to remove.
      const before = await countUploads();
      await runCleanup();
      expect(await countUploads()).toBe(before);
    });

    it.runIf(kind === 'postgres')('is scheduled on the job queue where workers run', async () => {
      const worker = await createTestApp(database.db, { JOBS_WORKERS: '1', JOBS_POLL_SECONDS: '60' });
      try {
        const schedules = await sql<{ name: string; cron: string }>`select name, cron from pgboss.schedule`.execute(database.db);
        expect(schedules.rows).toContainEqual({ name: QUEUES.uploadCleanup, cron: expect.stringMatching(/^\d+ \* \* \* \*$/) });
      } finally {
        await worker.close();
      }
    });
  });

  describe('uploads/delete {uploadsIds}', () => {
    it("deletes the caller's uploads, all or nothing", async () => {
      const token = await as.client(A);
      const first = await makeUpload(database.db, A);
      const second = await makeUpload(database.db, A);
      expect((await post(app, '/api/client/uploads/delete', { uploadsIds: [first, 999999] }, token)).status).toBe(404);
      expect(await uploadRow(first)).toBeDefined();
      const response = await post(app, '/api/client/uploads/delete', { uploadsIds: [first, second] }, token);
      expect(response.status).toBe(200);
      expect(await uploadRow(first)).toBeUndefined();
      const entry = await database.db.selectFrom('audit_log').selectAll().where('operation', '=', 'deleteUploads').where('record_id', '=', String(first)).executeTakeFirst();
      expect(entry).toBeDefined();
    });

    it('a file attached to a closed claim cannot be deleted (409): the report is locked', async () => {
      const claim = await makeClaim(database.db, { companyId: A, productId: a.productId, orderId: a.orderId, status: 'closed' });
      const id = await makeUpload(database.db, A, { claimId: claim });
      const response = await post(app, '/api/client/uploads/delete', { uploadsIds: [id] }, await as.client(A));
      expect(response.status).toBe(409);
      expect(await uploadRow(id)).toBeDefined();
    });

    it("'Removing an attachment belongs to the claim's save': a file attached to an open claim is refused with 409 and nothing is removed", async () => {
      const token = await as.client(A);
      const claim = await makeClaim(database.db, { companyId: A, productId: a.productId, orderId: a.orderId, status: 'new' });
      const attached = await makeUpload(database.db, A, { claimId: claim });
      const free = await makeUpload(database.db, A);
      const response = await post(app, '/api/client/uploads/delete', { uploadsIds: [free, attached] }, token);
      expect(response.status).toBe(409);
      expect(response.body.detail).toBe(`Upload ${attached} is attached to claim ${claim}: remove it in the claim and save the claim.`);
      // all or nothing: the unattached file of the same request stays too
      expect(await uploadRow(attached)).toMatchObject({ object_id: claim });
      expect(await uploadRow(free)).toBeDefined();
      // an uploaded file that was never attached may still be discarded
      expect((await post(app, '/api/client/uploads/delete', { uploadsIds: [free] }, token)).status).toBe(200);
      expect(await uploadRow(free)).toBeUndefined();
    });
  });

  describe('uploads/object/get {objectType, objectId}', () => {
    it("lists the files of one of the caller's claims; the admin lists any company's", async () => {
      const claim = await makeClaim(database.db, { companyId: A, productId: a.productId, orderId: a.orderId });
      const first = await makeUpload(database.db, A, { claimId: claim, filename: 'one.jpg' });
      const second = await makeUpload(database.db, A, { claimId: claim, filename: 'two.jpg' });
      await makeUpload(database.db, A);
      const expected = [
        { id: first, originalFilename: 'one.jpg', mimetype: 'image/jpeg' },
        { id: second, originalFilename: 'two.jpg', mimetype: 'image/jpeg' },
      ];
      const ref = { objectType: 'ClientProductionClaims', objectId: claim };
      expect((await post(app, '/api/client/uploads/object/get', ref, await as.client(A))).body).toEqual(expected);
      expect((await post(app, '/api/admin/uploads/object/get', ref, await as.admin())).body).toEqual(expected);
      expect((await post(app, '/api/admin/uploads/object/get', { ...ref, objectId: 999999 }, await as.admin())).status).toBe(404);
      expect((await post(app, '/api/client/uploads/object/get', { ...ref, objectType: 'Invoices' }, await as.client(A))).status).toBe(400);
    });
  });

  describe("tenant isolation: company B never reaches company A's uploads", () => {
    it.each([
      ['client', () => as.client(B)],
      ['buyer', () => as.buyer(B)],
    ])("%s of B gets 404 for A's upload on download, delete and object/get, exactly like a missing id; A's rows are unchanged", async (_role, token) => {
      const claim = await makeClaim(database.db, { companyId: A, productId: a.productId, orderId: a.orderId });
      const attached = await makeUpload(database.db, A, { claimId: claim });
      const free = await makeUpload(database.db, A);
      const before = await uploadsOf(A);
      for (const id of [attached, free, 999999]) {
        const got = await download(app, '/api/client/uploads/download', { id }, await token());
        expect(got.status).toBe(404);
        expect(got.json().detail).toBe('Upload not found.');
        expect((await post(app, '/api/client/uploads/delete', { uploadsIds: [id] }, await token())).status).toBe(404);
      }
      expect((await post(app, '/api/client/uploads/object/get', { objectType: 'ClientProductionClaims', objectId: claim }, await token())).status).toBe(404);
      expect(await uploadsOf(A)).toEqual(before);
    });

    it("an upload of B is stored in B's company, and A cannot reach it either", async () => {
      const saved = (await upload(app, await as.client(B), { name: 'file', filename: 'b.jpg', content: JPEG })).body.Upload[0];
      expect(await uploadRow(saved.id)).toMatchObject({ company_id: B });
      expect((await download(app, '/api/client/uploads/download', { id: saved.id }, await as.client(A))).status).toBe(404);
    });
  });

  describe.runIf(kind === 's3')('objects in the bucket follow their rows', () => {
    it('a deleted upload loses its object at the next purge; a refused delete (rolled back) keeps it', async () => {
      const token = await as.client(A);
      const saved = (await upload(app, token, { name: 'file', filename: 'gone.jpg', content: JPEG })).body.Upload[0];
      const key = (await uploadRow(saved.id))!.storage_key!;
      const keep = (await upload(app, token, { name: 'file', filename: 'kept.jpg', content: JPEG })).body.Upload[0];
      const kept = (await uploadRow(keep.id))!.storage_key!;

      // All or nothing: the refused delete rolls back, and its row's key is not listed for removal.
      expect((await post(app, '/api/client/uploads/delete', { uploadsIds: [keep.id, 999999] }, token)).status).toBe(404);
      expect((await post(app, '/api/client/uploads/delete', { uploadsIds: [saved.id] }, token)).status).toBe(200);
      expect(await s3!.has(key)).toBe(true);
      expect(await database.db.selectFrom('upload_object_deletions').select('storage_key').execute()).toEqual([{ storage_key: key }]);

      expect(await app.uploads.purgeDeleted!()).toBe(1);
      expect(await s3!.has(key)).toBe(false);
      expect(await s3!.has(kept)).toBe(true);
      expect(await database.db.selectFrom('upload_object_deletions').select('storage_key').execute()).toEqual([]);
      const stillThere = await download(app, '/api/client/uploads/download', { id: keep.id }, token);
      expect(Buffer.compare(stillThere.bytes, JPEG)).toBe(0);
    });

    it("an object whose row could not be written (the caller's company does not exist) is deleted again", async () => {
      const before = await s3!.keys();
      const rows = await countUploads();
      const response = await upload(app, await as.client('company-that-does-not-exist'), { name: 'file', filename: 'orphan.jpg', content: JPEG });
      expect(response.status).toBe(500);
      expect(await countUploads()).toBe(rows);
      expect(await s3!.keys()).toEqual(before);
    });

    it('a bucket that does not answer: the upload is 503 with Retry-After and nothing is written; a stored file is 503 too', async () => {
      const token = await as.client(A);
      const saved = (await upload(app, token, { name: 'file', filename: 'there.jpg', content: JPEG })).body.Upload[0];
      const away = await createTestApp(database.db, { ...s3!.env, S3_ENDPOINT: `http://127.0.0.1:${await freePort()}` });
      try {
        const before = await countUploads();
        const refused = await upload(away, token, { name: 'file', filename: 'later.jpg', content: JPEG });
        expect(refused.status).toBe(503);
        expect(refused.headers['retry-after']).toBe('5');
        expect(refused.body.detail).toBe('The file storage is not reachable right now. Try again in a few seconds.');
        expect(await countUploads()).toBe(before);
        const got = await download(away, '/api/client/uploads/download', { id: saved.id }, token);
        expect(got.status).toBe(503);
      } finally {
        await away.close();
      }
    });

    it('a row written before the bucket was configured keeps its bytes in PostgreSQL and is still served', async () => {
      const id = await makeUpload(database.db, A, { filename: 'old.jpg' });
      expect(await uploadRow(id)).toMatchObject({ storage_key: null });
      const response = await download(app, '/api/client/uploads/download', { id }, await as.client(A));
      expect(response.status).toBe(200);
      expect(response.headers['content-disposition']).toBe('attachment; filename="old.jpg"');
    });
  });
});
