import { sql, type Kysely } from 'kysely';

/**
 * A lot's certificate file, one per lot (a new upload replaces it). Stored as uploads are: the bytes in the row, or in
 * the bucket with only the object's key here. Deleting a row (a replacement) lists its key for removal from the
 * bucket through the uploads' own trigger function, in the same transaction, so a rolled-back replacement never loses
 * the file it kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table lot_certificates (
      lot_id integer primary key references lots (id) on delete restrict,
      original_filename text not null check (length(original_filename) between 1 and 255),
      mimetype text not null,
      size integer not null check (size > 0),
      sha256 text not null,
      content bytea,
      storage_key text unique,
      created_by text not null,
      created_at timestamptz not null default now(),
      constraint lot_certificates_content_or_object check ((content is null) <> (storage_key is null)),
      constraint lot_certificates_size check (content is null or size = octet_length(content))
    )`.execute(db);
  await sql`alter table lot_certificates alter column content set storage external`.execute(db);
  await sql`
    create trigger lot_certificates_deleted_object after delete on lot_certificates
    for each row when (old.storage_key is not null) execute function uploads_list_deleted_object()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table lot_certificates`.execute(db);
}
