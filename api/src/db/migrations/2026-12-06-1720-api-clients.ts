import { sql, type Kysely } from 'kysely';

/**
 * API clients: systems that sign in with OAuth 2.0 client credentials at the embedded identity provider.
 * A secret is stored only as its SHA-256 (it is 256 random bits, so a plain hash resists guessing); a
 * `private_key_jwt` client keeps its public key instead. `company_id` null: the manufacturer's client, with staff
 * roles; otherwise one client type of that company.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table api_clients (
      id serial primary key,
      client_id text not null unique check (length(client_id) between 1 and 64),
      name text not null check (length(name) between 1 and 120),
      company_id text references companies (id) on delete cascade,
      roles text[] not null check (cardinality(roles) between 1 and 3
        and roles <@ array['admin', 'operator', 'accountant', 'client', 'buyer', 'seller']::text[]),
      auth_method text not null check (auth_method in ('client_secret_basic', 'client_secret_post', 'private_key_jwt')),
      secret_hash bytea,
      secret_hint text,
      public_jwk jsonb,
      created_by text not null,
      created_at timestamptz not null default now(),
      revoked_at timestamptz,
      check ((auth_method = 'private_key_jwt') = (secret_hash is null)),
      check ((auth_method = 'private_key_jwt') = (public_jwk is not null))
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table api_clients`.execute(db);
}
