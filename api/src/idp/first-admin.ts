import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { hashPassword } from './passwords.js';

export const FIRST_ADMIN = 'admin';

/**
 * A production start on a database without any administrator: one `admin` with a random password that is
 * printed once (never stored in clear, never logged as JSON). Nothing happens when an administrator exists, e.g.
 * one made with `pnpm users add … --role admin` before the first start. Replicas starting together create it
 * once (the username is unique); only the one that created it prints it.
 */
export async function createFirstAdmin(db: Db): Promise<{ username: string; password: string } | undefined> {
  const admins = await db
    .selectFrom('users')
    .select('id')
    .where(sql<boolean>`'admin' = ANY(resource_roles)`)
    .limit(1)
    .execute();
  if (admins.length) return undefined;
  const password = randomBytes(18).toString('base64url');
  const created = await db
    .insertInto('users')
    .values({
      username: FIRST_ADMIN,
      email: null,
      first_name: 'Administrator',
      last_name: '',
      password_hash: await hashPassword(password),
      company_id: null,
      resource_roles: ['admin'],
      realm_roles: [],
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return created ? { username: FIRST_ADMIN, password } : undefined;
}

/** Shown once on the console: the first administrator's sign-in, and how to replace the password. */
export function printFirstAdmin(url: string, admin: { username: string; password: string }): void {
  process.stdout.write(
    `\n  Orders Portal is running at ${url}\n\n  No administrator existed, so one was created. This password is shown once:\n` +
      `    username: ${admin.username}\n    password: ${admin.password}\n\n` +
      `  Sign in and set your own: pnpm users passwd ${admin.username} --password '…'\n\n`,
  );
}
