/**
 * Where the bytes of uploads live: in their PostgreSQL row, or in an S3-compatible bucket with
 * only the object's key in the row. The row (company, name, detected type, size, SHA-256, attachment) is in
 * PostgreSQL either way, so scoping, attaching and auditing are the same whatever holds the bytes.
 */
export interface StoredContent {
  /** The bytes kept in the row (PostgreSQL store), else null. */
  content: Buffer | null;
  /** The object's key in the bucket (S3 store), else null. */
  storageKey: string | null;
}

export interface UploadStore {
  readonly kind: 'postgres' | 's3';
  /** Keeps the bytes before their row is written; answers what the row holds. */
  put(content: Buffer, contentType: string): Promise<StoredContent>;
  /** Forgets what `put` kept when its row was not written after all (the transaction failed). */
  discard(stored: StoredContent): Promise<void>;
  /** The bytes of a row. */
  get(row: StoredContent): Promise<Buffer>;
  /**
   * Removes from the bucket the objects whose rows were deleted (listed in `upload_object_deletions` by a trigger, in
   * the deleting transaction); answers how many. Absent for the PostgreSQL store: deleting the row deleted the bytes.
   */
  purgeDeleted?(): Promise<number>;
  close(): void;
}

/** The bytes kept in the row; a row whose bytes are in a bucket cannot be read without S3_* configured. */
export function inlineContent(row: StoredContent): Buffer {
  if (row.content) return row.content;
  throw new Error(`upload stored in S3 (${row.storageKey}) but S3_ENDPOINT/S3_BUCKET are not configured`);
}
