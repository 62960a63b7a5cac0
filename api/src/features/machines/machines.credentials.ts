import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Actor } from '../../lib/actor.js';
import { MACHINE_ROLE } from '../../lib/roles.js';
import { MACHINE_TOKEN_PREFIX } from '../../plugins/auth.js';

/**
 * Machine credentials (docs/decisions.md, 'Machine credentials'): an opaque random token of 256 bits, shown
 * once at creation and stored only as its SHA-256 (a token is random, so a plain hash is enough; no password hashing
 * is needed to resist guessing), scoped to the machines it may report for, revoked by the admin.
 */
export function newMachineToken(): { token: string; hash: Buffer; hint: string } {
  const token = MACHINE_TOKEN_PREFIX + randomBytes(32).toString('base64url');
  return { token, hash: tokenHash(token), hint: token.slice(0, 7) };
}

export const tokenHash = (token: string) => createHash('sha256').update(token).digest();

/**
 * The gate's check of a machine token: one unique-index lookup per request (a revoked credential is refused at once);
 * `last_used_at` moves at most once a minute.
 */
export function machineTokenVerifier(db: Db) {
  return async (token: string): Promise<Actor | null> => {
    if (token.length > 100) return null;
    const row = await db
      .selectFrom('machine_credentials as c')
      .select([
        'c.id',
        'c.name',
        sql<{ companyId: string; machineName: string }[]>`coalesce((select json_agg(json_build_object('companyId', m.company_id, 'machineName', m.machine_name))
          from machine_credential_machines m where m.credential_id = c.id), '[]'::json)`.as('machines'),
      ])
      .where('c.token_hash', '=', tokenHash(token))
      .where('c.revoked_at', 'is', null)
      .executeTakeFirst();
    if (!row) return null;
    await markUsed(db, row.id);
    return {
      sub: `machine-credential:${row.id}`,
      roles: new Set([MACHINE_ROLE]),
      clientType: null,
      companyId: null,
      name: row.name,
      email: null,
      machine: { credentialId: row.id, name: row.name, machines: row.machines },
    };
  };
}

/** A valid credential as the MQTT broker holds it for a connection. */
export interface ActiveCredential {
  id: number;
  name: string;
  machines: { companyId: string; machineName: string }[];
}

/**
 * The valid (not revoked) credential of a token, for the MQTT broker: the same SHA-256 lookup as HTTP, then the stored
 * hash compared in constant time with the token's.
 */
export async function activeCredentialOf(db: Db, token: string): Promise<ActiveCredential | null> {
  if (token.length > 100) return null;
  const hash = tokenHash(token);
  const row = await db
    .selectFrom('machine_credentials as c')
    .select([
      'c.id',
      'c.name',
      'c.token_hash',
      sql<ActiveCredential['machines']>`coalesce((select json_agg(json_build_object('companyId', m.company_id, 'machineName', m.machine_name))
        from machine_credential_machines m where m.credential_id = c.id), '[]'::json)`.as('machines'),
    ])
    .where('c.token_hash', '=', hash)
    .where('c.revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row || row.token_hash.length !== hash.length || !timingSafeEqual(row.token_hash, hash)) return null;
  await markUsed(db, row.id);
  return { id: row.id, name: row.name, machines: row.machines };
}

/** Whether a credential is still valid (an MQTT connection asks again now and then: a revocation ends it). */
export async function isCredentialActive(db: Db, id: number): Promise<boolean> {
  const row = await db.selectFrom('machine_credentials').select('id').where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
  if (row) await markUsed(db, id);
  return row !== undefined;
}

/** `last_used_at` moves at most once a minute. */
async function markUsed(db: Db, id: number) {
  await db
    .updateTable('machine_credentials')
    .set({ last_used_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', sql<Date>`now() - interval '1 minute'`)]))
    .execute();
}
