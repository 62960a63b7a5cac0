import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import type { Database, Db } from '../../db/database.js';
import type { Kysely, Transaction } from 'kysely';
import type { UploadObjectType } from '../../db/tables/claims.js';
import type { Actor } from '../../lib/actor.js';
import { audit, recordAudit } from '../../lib/audit.js';
import { nowMs } from '../../lib/clock.js';
import type { CompanyScope, Scope } from '../../lib/scope.js';
import { conflict, fieldProblem, notFound, problem, ruleViolation } from '../../lib/problem.js';
import type { UploadStore } from '../../lib/storage/index.js';
import { findClaimCompany } from './claims.repository.js';
import * as repository from './uploads.repository.js';

/**
 * What a claim may carry ('.jpg, images and .pdf'), as detected from the bytes, with the file name extensions of each
 * type (the first is the one a download is given when the uploaded name has none of them). SVG is not among them: it
 * is text that can carry scripts, and it is not a photo.
 */
const UPLOAD_TYPE_EXTENSIONS: Readonly<Record<string, readonly string[]>> = {
  'image/jpeg': ['jpg', 'jpeg', 'jpe', 'jfif'],
  'image/png': ['png'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'image/heic': ['heic'],
  'image/heic-sequence': ['heics', 'heic'],
  'image/heif': ['heif'],
  'image/heif-sequence': ['heifs', 'heif'],
  'application/pdf': ['pdf'],
};

export const ACCEPTED_UPLOAD_TYPES: ReadonlySet<string> = new Set(Object.keys(UPLOAD_TYPE_EXTENSIONS));

/**
 * The name a stored file is downloaded as: its uploaded name, with the extension of its detected type. A browser or an
 * operating system opens a saved file by its extension, so a PNG uploaded as `label.html` must not come back as HTML.
 */
export function downloadFilename(name: string, mimetype: string): string {
  const extensions = UPLOAD_TYPE_EXTENSIONS[mimetype];
  if (!extensions) return name;
  const dot = name.lastIndexOf('.');
  if (dot >= 0 && extensions.includes(name.slice(dot + 1).toLowerCase())) return name;
  const extension = `.${extensions[0]}`;
  const base = (dot >= 0 ? name.slice(0, dot) : name) || 'upload';
  return base.slice(0, 255 - extension.length) + extension;
}

type Executor = Kysely<Database> | Transaction<Database>;

/** A received file part: the name the browser sent and the bytes. */
export interface ReceivedFile {
  filename: string;
  content: Buffer;
}

/** The name to store: the last path segment (old browsers sent full paths), no control characters, at most 255. */
export function cleanFilename(name: string): string {
  const base = path.win32.basename(path.posix.basename(name));
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (cleaned || 'upload').slice(0, 255);
}

/**
 * Stores one file of the caller's company, unattached. Its type is detected from the content (the name and the
 * declared type are not trusted): a .jpg name with PDF bytes is stored as application/pdf, an HTML page or an
 * executable named .jpg is refused with 400. The bytes go to the upload store (PostgreSQL or the bucket) once checked.
 */
export async function saveUpload(db: Db, store: UploadStore, actor: Actor, scope: CompanyScope, file: ReceivedFile, quotaBytes: number) {
  const detected = await fileTypeFromBuffer(file.content).catch(() => undefined); // unreadable containers are simply not accepted
  if (!detected || !ACCEPTED_UPLOAD_TYPES.has(detected.mime)) {
    throw ruleViolation('file', 'type', /*i18n*/ { id: 'problem.uploads.type', message: 'Only images (JPEG, PNG, GIF, WebP, HEIC) and PDF documents can be uploaded.' });
  }
  // Checked before the bytes go to the bucket, and again under the company's lock before the row is written.
  await checkQuota(db, scope.companyId, file.content.length, quotaBytes);
  const values = {
    companyId: scope.companyId,
    originalFilename: cleanFilename(file.filename),
    mimetype: detected.mime,
    size: file.content.length,
    sha256: createHash('sha256').update(file.content).digest('hex'),
    createdBy: actor.sub,
  };
  const stored = await store.put(file.content, detected.mime);
  try {
    return await db.transaction().execute(async (trx) => {
      await repository.lockCompanyUploads(trx, scope.companyId);
      await checkQuota(trx, scope.companyId, file.content.length, quotaBytes);
      const upload = await repository.insertUpload(trx, { ...values, ...stored });
      await audit(trx, actor, {
        operation: 'saveUploads',
        recordType: 'upload',
        recordId: upload.id,
        details: { originalFilename: values.originalFilename, mimetype: values.mimetype, size: values.size, sha256: values.sha256 },
      });
      return { Upload: [upload] };
    });
  } catch (error) {
    // No row: the bytes put in the bucket must not stay there unreferenced.
    await store.discard(stored).catch(() => undefined);
    throw error;
  }
}

const mebibytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, '')} MiB`;

/** 413 when the company's files and this one together would pass the quota: nothing is stored. */
async function checkQuota(db: Executor, companyId: string, size: number, quotaBytes: number) {
  const used = await repository.companyUploadBytes(db, companyId);
  if (used + size <= quotaBytes) return;
  const message = /*i18n*/ { id: 'problem.uploads.quota', message: "Your company's files take {used} of its {quota} storage quota, so this file ({size}) cannot be stored. Remove files you no longer need, or ask the manufacturer to raise the quota." };
  const values = { used: mebibytes(used), quota: mebibytes(quotaBytes), size: mebibytes(size) };
  throw problem(413, 'Content Too Large', message, values, [fieldProblem('file', 'quota', message, values, quotaBytes)]);
}

/** Who the audit log names for the removal of files never attached (a job, not a person). */
export const UPLOAD_CLEANUP_SUBJECT = 'job:upload-cleanup';
const CLEANUP_BATCH = 500;

/**
 * Removes the uploads never attached to a claim that are older than `olderThanHours` by the portal's clock (a claim
 * abandoned before its save, a cancelled upload the browser could not discard), each audited, in batches; then their
 * objects in the bucket. Idempotent: a second run finds nothing; rows another transaction holds (a claim's save
 * attaching them) are skipped.
 */
export async function removeUnattachedUploads(db: Db, store: UploadStore, olderThanHours: number): Promise<number> {
  const cutoff = new Date(nowMs() - olderThanHours * 3_600_000);
  let removed = 0;
  for (;;) {
    const batch = await db.transaction().execute(async (trx) => {
      const rows = await repository.deleteUnattachedBefore(trx, cutoff, CLEANUP_BATCH);
      for (const row of rows) {
        await recordAudit(trx, {
          subject: UPLOAD_CLEANUP_SUBJECT,
          companyId: row.company_id,
          operation: 'removeUnattachedUploads',
          recordType: 'upload',
          recordId: row.id,
          details: { originalFilename: row.original_filename, size: row.size, olderThanHours },
        });
      }
      return rows.length;
    });
    removed += batch;
    if (batch < CLEANUP_BATCH) break;
  }
  if (removed && store.purgeDeleted) await store.purgeDeleted();
  return removed;
}

/**
 * Deletes uploads of the scope, all or nothing: an id that is not the caller's answers 404. Only files not attached to
 * a claim can be deleted here (a cancelled upload, a file never saved with its claim); removing an attachment belongs
 * to the claim's save, so a file attached to a claim is refused with 409 and nothing is deleted (decisions.md).
 */
export async function deleteUploads(db: Db, actor: Actor, scope: Scope, ids: number[]) {
  const unique = [...new Set(ids)];
  return db.transaction().execute(async (trx) => {
    const rows = await repository.lockUploads(trx, scope, unique);
    if (rows.length !== unique.length) throw notFound('Upload');
    const attached = rows.find((row) => row.object_id !== null);
    if (attached) {
      throw conflict(
        attached.claimStatus === 'closed'
          ? /*i18n*/ { id: 'problem.uploads.closedClaim', message: 'Upload {upload} belongs to closed claim {claim}; a closed claim cannot be changed.' }
          : /*i18n*/ { id: 'problem.uploads.attached', message: 'Upload {upload} is attached to claim {claim}: remove it in the claim and save the claim.' },
        { upload: attached.id, claim: attached.object_id },
      );
    }
    await repository.deleteUploadsById(trx, unique);
    for (const row of rows) {
      await audit(trx, actor, { operation: 'deleteUploads', recordType: 'upload', recordId: row.id, details: { objectType: row.object_type, objectId: row.object_id } });
    }
    return { ok: true as const };
  });
}

/** One stored file with its bytes, from the row or the bucket (404 outside the scope). */
export async function downloadUpload(db: Db, store: UploadStore, scope: Scope, id: number) {
  const row = await repository.findUploadContent(db, scope, id);
  if (!row) throw notFound('Upload');
  const body = await store.get({ content: row.content, storageKey: row.storage_key });
  return { filename: downloadFilename(row.original_filename, row.mimetype), contentType: row.mimetype, body };
}

/** The files attached to a record of the scope (a claim); a record outside the scope answers 404. */
export async function getObjectUploads(db: Db, scope: Scope, ref: { objectType: UploadObjectType; objectId: number }) {
  const company = await findClaimCompany(db, scope, ref.objectId);
  if (company === undefined) throw notFound('Claim');
  const rows = await repository.findUploadsOf(db, ref.objectType, [ref.objectId]);
  return rows.map(({ id, originalFilename, mimetype }) => ({ id, originalFilename, mimetype }));
}
