import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import type { Db } from '../../db/database.js';
import type { UploadObjectType } from '../../db/tables/claims.js';
import type { Actor } from '../../lib/actor.js';
import { audit } from '../../lib/audit.js';
import type { CompanyScope, Scope } from '../../lib/scope.js';
import { conflict, notFound, ruleViolation } from '../../lib/problem.js';
import type { UploadStore } from '../../lib/storage/index.js';
import { findClaimCompany } from './claims.repository.js';
import * as repository from './uploads.repository.js';

/**
 * What a claim may carry ('.jpg, images and .pdf'), as detected from the bytes. SVG is not among them: it is
 * text that can carry scripts, and it is not a photo.
 */
export const ACCEPTED_UPLOAD_TYPES: ReadonlySet<string> = new Set([
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/heic',
  'image/heic-sequence',
  'image/heif',
  'image/heif-sequence',
  'application/pdf',
]);

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
export async function saveUpload(db: Db, store: UploadStore, actor: Actor, scope: CompanyScope, file: ReceivedFile) {
  const detected = await fileTypeFromBuffer(file.content).catch(() => undefined); // unreadable containers are simply not accepted
  if (!detected || !ACCEPTED_UPLOAD_TYPES.has(detected.mime)) {
    throw ruleViolation('file', 'type', 'Only images (JPEG, PNG, GIF, WebP, HEIC) and PDF documents can be uploaded.');
  }
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
          ? `Upload ${attached.id} belongs to closed claim ${attached.object_id}; a closed claim cannot be changed.`
          : `Upload ${attached.id} is attached to claim ${attached.object_id}: remove it in the claim and save the claim.`,
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
  return { filename: row.original_filename, contentType: row.mimetype, body };
}

/** The files attached to a record of the scope (a claim); a record outside the scope answers 404. */
export async function getObjectUploads(db: Db, scope: Scope, ref: { objectType: UploadObjectType; objectId: number }) {
  const company = await findClaimCompany(db, scope, ref.objectId);
  if (company === undefined) throw notFound('Claim');
  const rows = await repository.findUploadsOf(db, ref.objectType, [ref.objectId]);
  return rows.map(({ id, originalFilename, mimetype }) => ({ id, originalFilename, mimetype }));
}
