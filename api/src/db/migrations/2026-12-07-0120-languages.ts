import { sql, type Kysely } from 'kysely';

/**
 * Languages: each person's own choice, per identity-service user id (no row: not chosen), and each client company's
 * language, the default of its documents, e-mails and people. Companies start in English, the plant's language;
 * the demo seed gives each demo company its country's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table user_languages (
      user_id text primary key check (length(user_id) between 1 and 255),
      language text not null check (language in ('en', 'sv', 'fi', 'nb', 'lv'))
    )`.execute(db);
  await sql`alter table companies add column language text not null default 'en' check (language in ('en', 'sv', 'fi', 'nb', 'lv'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table companies drop column language`.execute(db);
  await sql`drop table user_languages`.execute(db);
}
