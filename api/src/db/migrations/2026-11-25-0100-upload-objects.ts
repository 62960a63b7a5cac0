import { sql, type Kysely } from 'kysely';

/**
 * Uploads in an S3-compatible bucket. A row keeps either its bytes (`content`, the PostgreSQL
 * store, and every row written before a bucket was configured) or the key of its object (`storage_key`), never both.
 * Deleting a row whose bytes are in the bucket lists its key in `upload_object_deletions` (a trigger, so every
 * delete path — an upload, a claim with its files, an attachment removed in a claim's save — is covered, in the same
 * transaction); the API removes those objects from the bucket afterwards, so a rolled-back delete never loses a file.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table uploads alter column content drop not null`.execute(db);
  await sql`alter table uploads add column storage_key text unique`.execute(db);
  await sql`alter table uploads add constraint uploads_content_or_object check ((content is null) <> (storage_key is null))`.execute(db);
  await sql`
    create table upload_object_deletions (
      storage_key text primary key,
      deleted_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create function uploads_list_deleted_object() returns trigger language plpgsql as $$
    begin
      insert into upload_object_deletions (storage_key) values (old.storage_key) on conflict do nothing;
      return old;
    end $$`.execute(db);
  await sql`
    create trigger uploads_deleted_object after delete on uploads
    for each row when (old.storage_key is not null) execute function uploads_list_deleted_object()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger uploads_deleted_object on uploads`.execute(db);
  await sql`drop function uploads_list_deleted_object()`.execute(db);
  await sql`drop table upload_object_deletions`.execute(db);
  await sql`alter table uploads drop constraint uploads_content_or_object`.execute(db);
  await sql`alter table uploads drop column storage_key`.execute(db);
  await sql`alter table uploads alter column content set not null`.execute(db);
}
