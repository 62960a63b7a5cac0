import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ClaimStatus } from '../../db/tables/claims.js';
import { makeOrderItem, makePreform, makeProduct, makeProductionOrder, makeWarehouse } from '../supply/supply.fixtures.js';
import { likePattern } from '../../lib/search.js';

/**
 * Test data for claims and uploads: a company's product with an order that holds it, claims and uploads written
 * directly, and a multipart helper for uploads/save. Used by the *.test.ts files only.
 */

/** A product of the company and an order with an item of it (what a claim names). */
export async function makeClaimable(db: Db, companyId: string, names: { article?: string; orderNo?: string } = {}) {
  const preform = await makePreform(db);
  const warehouseId = await makeWarehouse(db);
  const productId = await makeProduct(db, { companyId, preformId: preform.id, warehouseId, supplyId: preform.supplyIds[0], name: names.article });
  const orderId = await makeProductionOrder(db, { companyId, orderNo: names.orderNo });
  await makeOrderItem(db, { orderId, productId, planned: 10_000 });
  return { productId, orderId };
}

export async function makeClaim(
  db: Db,
  values: {
    companyId: string;
    productId: number;
    orderId: number;
    status?: ClaimStatus;
    description?: string;
    immediateAction?: string | null;
    rootCause?: string | null;
    correctiveActions?: string | null;
  },
) {
  const row = await db
    .insertInto('claims')
    .values({
      company_id: values.companyId,
      status: values.status ?? 'new',
      client_product_id: values.productId,
      client_production_order_id: values.orderId,
      amount: 2400,
      delivery_date: '2026-03-11',
      description: values.description ?? 'Cracked necks on two pallets.',
      immediate_action: values.immediateAction ?? null,
      root_cause: values.rootCause ?? null,
      corrective_actions: values.correctiveActions ?? null,
      created_by: 'fixture',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The claims a search finds, by id, as the search was written before its index: ILIKE over the columns of the
 * four tables and `c.id::text` equal, within a company's claims (filed by it, or about its or its sold products) when
 * `companyId` is given, else every claim (the company name searched too). The reference the list's answers are compared with.
 */
export async function searchedClaimIds(db: Db, text: string, companyId?: string) {
  const pattern = likePattern(text.trim());
  const rows = await sql<{ id: number }>`
    select c.id from claims c join companies co on co.id = c.company_id join client_products p on p.id = c.client_product_id
      join client_production_orders o on o.id = c.client_production_order_id
     where (c.id::text = ${text.trim()} or o.order_no ilike ${pattern} or p.article_no ilike ${pattern} or p.product_name ilike ${pattern}
            or c.description ilike ${pattern} or c.status ilike ${pattern} or (${companyId ?? null}::text is null and co.name ilike ${pattern}))
       and (${companyId ?? null}::text is null or c.company_id = ${companyId ?? null} or p.company_id = ${companyId ?? null} or p.seller_company_id = ${companyId ?? null})
     order by c.id`.execute(db);
  return rows.rows.map((row) => row.id);
}

/** The smallest JPEG header file-type recognises, and a PDF. */
export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]), Buffer.alloc(64)]);
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
/** A 1×1 PNG. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

export async function makeUpload(db: Db, companyId: string, options: { claimId?: number; filename?: string } = {}) {
  const row = await db
    .insertInto('uploads')
    .values({
      company_id: companyId,
      original_filename: options.filename ?? 'photo.jpg',
      mimetype: 'image/jpeg',
      size: JPEG.length,
      sha256: 'test',
      content: JPEG,
      object_type: options.claimId === undefined ? null : 'ClientProductionClaims',
      object_id: options.claimId ?? null,
      created_by: 'fixture',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  content: Buffer | string;
}

/** A multipart/form-data body built by hand, so tests control every part. */
export function multipart(parts: Part[]) {
  const boundary = `----orders-portal-test-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.contentType ? `Content-Type: ${part.contentType}\r\n` : ''}\r\n`,
        'utf8',
      ),
      Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content, 'utf8'),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POST /api/client/uploads/save with one `file` part (or the given parts). */
export async function upload(app: FastifyInstance, token: string, file: Part | Part[]) {
  const body = multipart(Array.isArray(file) ? file : [file]);
  const response = await app.inject({
    method: 'POST',
    url: '/api/client/uploads/save',
    payload: body.payload,
    headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType },
  });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

/** POST returning the raw bytes (downloads). */
export async function download(app: FastifyInstance, url: string, body: unknown, token: string) {
  const response = await app.inject({ method: 'POST', url, payload: body as object, headers: { authorization: `Bearer ${token}` } });
  return { status: response.statusCode, bytes: response.rawPayload, headers: response.headers, json: () => response.json() };
}
