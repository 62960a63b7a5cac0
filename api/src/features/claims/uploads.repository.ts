import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { UploadObjectType } from '../../db/tables/claims.js';
import { whereScope, type Scope } from '../../lib/scope.js';
import type { StoredContent } from '../../lib/storage/index.js';

type Executor = Kysely<Database> | Transaction<Database>;

export interface UploadRow {
  id: number;
  originalFilename: string;
  mimetype: string;
}

export const CLAIM_OBJECT: UploadObjectType = 'ClientProductionClaims';

export async function insertUpload(
  db: Executor,
  values: { companyId: string; originalFilename: string; mimetype: string; size: number; sha256: string; createdBy: string } & StoredContent,
): Promise<UploadRow> {
  const row = await db
    .insertInto('uploads')
    .values({
      company_id: values.companyId,
      original_filename: values.originalFilename,
      mimetype: values.mimetype,
      size: values.size,
      sha256: values.sha256,
      content: values.content,
      storage_key: values.storageKey,
      created_by: values.createdBy,
    })
    .returning(['id', 'original_filename', 'mimetype'])
    .executeTakeFirstOrThrow();
  return { id: row.id, originalFilename: row.original_filename, mimetype: row.mimetype };
}

/** Uploads attached to the given records, in upload order (content not read). */
export async function findUploadsOf(db: Executor, objectType: UploadObjectType, objectIds: number[]) {
  if (!objectIds.length) return [];
  const rows = await db
    .selectFrom('uploads')
    .select(['id', 'original_filename', 'mimetype', 'object_id'])
    .where('object_type', '=', objectType)
    .where('object_id', 'in', objectIds)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ objectId: row.object_id as number, id: row.id, originalFilename: row.original_filename, mimetype: row.mimetype }));
}

/**
 * One upload with its content (or its object's key), within the scope: the company's own files, and the files of a claim filed about one of
 * the company's products (the seller reads the buyer's claim with its photos).
 */
export async function findUploadContent(db: Executor, scope: Scope, id: number) {
  const query = db.selectFrom('uploads as u').select(['u.id', 'u.original_filename', 'u.mimetype', 'u.content', 'u.storage_key']).where('u.id', '=', id);
  if (scope.kind === 'allCompanies') return query.executeTakeFirst();
  const claimsAboutItsProducts = whereScope(
    db.selectFrom('claims as c').innerJoin('client_products as p', 'p.id', 'c.client_product_id').select('c.id'),
    ['p.company_id', 'p.seller_company_id'],
    scope,
  );
  return query
    .where((eb) =>
      eb.or([eb('u.company_id', '=', scope.companyId), eb.and([eb('u.object_type', '=', CLAIM_OBJECT), eb('u.object_id', 'in', claimsAboutItsProducts)])]),
    )
    .executeTakeFirst();
}

/**
 * Locks the scope's uploads among `ids`, with the claim each is attached to and its status (null when unattached).
 * Ids outside the scope are simply not returned.
 */
export async function lockUploads(db: Executor, scope: Scope, ids: number[]) {
  const query = db
    .selectFrom('uploads as u')
    .leftJoin('claims as c', (join) => join.onRef('c.id', '=', 'u.object_id').on('u.object_type', '=', CLAIM_OBJECT))
    .select(['u.id', 'u.company_id', 'u.object_type', 'u.object_id', 'c.id as claimId', 'c.status as claimStatus'])
    .where('u.id', 'in', ids);
  return whereScope(query, 'u.company_id', scope).forUpdate('u').execute();
}

export async function deleteUploadsById(db: Executor, ids: number[]) {
  if (!ids.length) return;
  await db.deleteFrom('uploads').where('id', 'in', ids).execute();
}

/** Deletes every upload attached to the given records. */
export async function deleteUploadsOf(db: Executor, objectType: UploadObjectType, objectIds: number[]) {
  if (!objectIds.length) return [];
  const rows = await db.deleteFrom('uploads').where('object_type', '=', objectType).where('object_id', 'in', objectIds).returning('id').execute();
  return rows.map((row) => row.id);
}

/**
 * Makes `ids` exactly the uploads of the record: the listed ones are attached, the others it had are deleted (removing
 * an attachment belongs to the record's save). The caller has checked that the listed ones may be attached. Answers
 * the ids of the removed files.
 */
export async function setAttachments(db: Executor, objectType: UploadObjectType, objectId: number, ids: number[]): Promise<number[]> {
  let remove = db.deleteFrom('uploads').where('object_type', '=', objectType).where('object_id', '=', objectId);
  if (ids.length) remove = remove.where('id', 'not in', ids);
  const removed = await remove.returning('id').execute();
  if (ids.length) {
    await db.updateTable('uploads').set({ object_type: objectType, object_id: objectId }).where('id', 'in', ids).execute();
  }
  return removed.map((row) => row.id);
}

/**
 * Of `ids`, those the record may take: uploads of `companyId` that are unattached or already attached to this
 * record. Locked, so a concurrent save cannot take them meanwhile.
 */
export async function lockAttachable(db: Executor, companyId: string, objectType: UploadObjectType, objectId: number | null, ids: number[]) {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('uploads')
    .select('id')
    .where('id', 'in', ids)
    .where('company_id', '=', companyId)
    .where((eb) =>
      objectId === null
        ? eb('object_id', 'is', null)
        : eb.or([eb('object_id', 'is', null), eb.and([eb('object_type', '=', objectType), eb('object_id', '=', objectId)])]),
    )
    .forUpdate()
    .execute();
  return rows.map((row) => row.id);
}

/** Bytes the company's uploads take, attached or not. */
export async function companyUploadBytes(db: Executor, companyId: string): Promise<number> {
  const row = await db
    .selectFrom('uploads')
    .select(sql<string>`coalesce(sum(size), 0)`.as('bytes'))
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  return Number(row.bytes);
}

/**
 * Serialises the uploads of one company until the transaction ends, so two uploads at once cannot both pass the
 * quota check with room for one.
 */
export async function lockCompanyUploads(db: Executor, companyId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`uploads:${companyId}`}, 0))`.execute(db);
}

/**
 * Deletes up to `limit` uploads never attached that were made before `cutoff`, skipping rows another transaction
 * holds; answers what was deleted.
 */
export async function deleteUnattachedBefore(db: Executor, cutoff: Date, limit: number) {
  return db
    .deleteFrom('uploads')
    .where('id', 'in', (eb) =>
      eb.selectFrom('uploads').select('id').where('object_id', 'is', null).where('created_at', '<', cutoff).orderBy('id').limit(limit).forUpdate().skipLocked(),
    )
    .returning(['id', 'company_id', 'original_filename', 'size'])
    .execute();
}
