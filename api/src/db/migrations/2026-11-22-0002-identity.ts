import { sql, type Kysely } from 'kysely';

/**
 * The embedded identity provider: client companies, users (argon2id hashes, roles as Keycloak names them),
 * oidc-provider's storage and its persistent keys (so a restart keeps everyone signed in).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('companies')
    .addColumn('id', 'text', (col) => col.primaryKey().check(sql`id ~ '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$'`))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('fbs', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('address', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('client_type', 'text', (col) => col.notNull().defaultTo('0').check(sql`client_type in ('0', '1')`))
    .addColumn('enabled', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('username', 'text', (col) => col.notNull().check(sql`length(username) between 1 and 100`))
    .addColumn('email', 'text')
    .addColumn('first_name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('last_name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('company_id', 'text', (col) => col.references('companies.id').onDelete('restrict'))
    .addColumn('resource_roles', sql`text[]`, (col) =>
      col
        .notNull()
        .defaultTo(sql`'{}'::text[]`)
        .check(sql`resource_roles <@ array['admin', 'operator', 'accountant', 'client']::text[]`),
    )
    .addColumn('realm_roles', sql`text[]`, (col) =>
      col.notNull().defaultTo(sql`'{}'::text[]`).check(sql`realm_roles <@ array['buyer', 'seller']::text[]`),
    )
    .addColumn('enabled', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('users_username_lower').on('users').unique().expression(sql`lower(username)`).execute();
  await db.schema.createIndex('users_company').on('users').column('company_id').execute();

  await db.schema
    .createTable('oidc_payloads')
    .addColumn('id', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('payload', 'jsonb', (col) => col.notNull())
    .addColumn('grant_id', 'text')
    .addColumn('user_code', 'text')
    .addColumn('uid', 'text')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('consumed_at', 'timestamptz')
    .addPrimaryKeyConstraint('oidc_payloads_pkey', ['id', 'type'])
    .execute();
  await db.schema.createIndex('oidc_payloads_grant_id').on('oidc_payloads').column('grant_id').execute();
  await db.schema.createIndex('oidc_payloads_uid').on('oidc_payloads').column('uid').execute();
  await db.schema.createIndex('oidc_payloads_user_code').on('oidc_payloads').column('user_code').execute();
  await db.schema.createIndex('oidc_payloads_expires_at').on('oidc_payloads').column('expires_at').execute();

  await db.schema
    .createTable('oidc_keys')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('value', 'jsonb', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('oidc_keys').execute();
  await db.schema.dropTable('oidc_payloads').execute();
  await db.schema.dropTable('users').execute();
  await db.schema.dropTable('companies').execute();
}
