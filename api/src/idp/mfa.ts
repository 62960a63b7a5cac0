import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { decodeKey, type Config } from '../config.js';
import type { Db } from '../db/database.js';
import { loadOrCreate } from './keys.js';
import { machineNowMs } from '../lib/clock.js';

/**
 * The second factor of the embedded identity provider: TOTP (RFC 6238, 6 digits, 30 s, SHA-1: what authenticator
 * apps read) with otplib, and one-time recovery codes.
 *
 * - The secret is stored AES-256-GCM encrypted, bound to the user id, and shown only during enrolment.
 * - A code is accepted once: the time step of the last accepted code is stored, and only a later step passes
 *   (one conditional UPDATE, so two concurrent uses of one code cannot both pass).
 * - Recovery codes are 80-bit random, stored as SHA-256, each marked used in one conditional UPDATE.
 */
export const TOTP_ISSUER = 'Orders Portal';
export const RECOVERY_CODE_COUNT = 10;
/** One time step either side of now, for clocks that drift a little. */
const EPOCH_TOLERANCE_SECONDS = 30;

/** Roles that must sign in with a second factor (REQUIRE_MFA; default admin and accountant in production). */
export function requiredMfaRoles(config: Pick<Config, 'REQUIRE_MFA' | 'NODE_ENV'>): string[] {
  if (config.REQUIRE_MFA === undefined) return config.NODE_ENV === 'production' ? ['admin', 'accountant'] : [];
  return config.REQUIRE_MFA.split(',').map((role) => role.trim()).filter(Boolean);
}

/** The key that encrypts TOTP secrets: MFA_ENCRYPTION_KEY, else one generated once and kept in the database. */
export async function loadMfaKey(db: Db, config: Pick<Config, 'MFA_ENCRYPTION_KEY'>): Promise<Buffer> {
  const configured = config.MFA_ENCRYPTION_KEY ? decodeKey(config.MFA_ENCRYPTION_KEY) : undefined;
  if (configured) return configured;
  const stored = await loadOrCreate(db, 'mfa', async () => ({ key: randomBytes(32).toString('base64url') }));
  return Buffer.from(stored.key, 'base64url');
}

export function encryptSecret(key: Buffer, userId: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(userId, 'utf8'));
  const encrypted = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), encrypted].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

export function decryptSecret(key: Buffer, userId: string, stored: string): string {
  const [version, iv, tag, encrypted] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || !encrypted) throw new Error('unknown TOTP secret format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(userId, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(encrypted, 'base64url')), decipher.final()]).toString('utf8');
}

export type MfaState = 'none' | 'pending' | 'enrolled';

export async function mfaState(db: Db, userId: string): Promise<MfaState> {
  const row = await db.selectFrom('user_mfa').select('confirmed_at').where('user_id', '=', userId).executeTakeFirst();
  if (!row) return 'none';
  return row.confirmed_at ? 'enrolled' : 'pending';
}

/** What the enrolment page shows: the secret as text and as an otpauth URI in a QR code (inline SVG). */
export interface Enrolment {
  secret: string;
  uri: string;
  qrSvg: string;
}

/**
 * Starts (or restarts) an enrolment: a new secret, stored encrypted and unconfirmed. An enrolled user keeps their
 * factor (nothing changes; undefined).
 */
export async function startEnrolment(db: Db, key: Buffer, user: { id: string; username: string }): Promise<Enrolment | undefined> {
  const secret = generateSecret();
  const stored = await db
    .insertInto('user_mfa')
    .values({ user_id: user.id, secret: encryptSecret(key, user.id, secret), confirmed_at: null, last_time_step: null })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet((eb) => ({ secret: eb.ref('excluded.secret'), last_time_step: null, created_at: new Date(machineNowMs()) }))
        .where('user_mfa.confirmed_at', 'is', null),
    )
    .returning('user_id')
    .executeTakeFirst();
  if (!stored) return undefined;
  return enrolmentOf(secret, user.username);
}

async function enrolmentOf(secret: string, username: string): Promise<Enrolment> {
  const uri = generateURI({ issuer: TOTP_ISSUER, label: username, secret });
  const qrSvg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, uri, qrSvg };
}

/** The enrolment still waiting for its first code (to show its page again after a wrong code). */
export async function pendingEnrolment(db: Db, key: Buffer, user: { id: string; username: string }): Promise<Enrolment | undefined> {
  const row = await db.selectFrom('user_mfa').select('secret').where('user_id', '=', user.id).where('confirmed_at', 'is', null).executeTakeFirst();
  return row ? enrolmentOf(decryptSecret(key, user.id, row.secret), user.username) : undefined;
}

/** The time step of a valid code of this secret that is later than `after`; undefined otherwise. */
async function validStep(secret: string, code: string, after: number | null): Promise<number | undefined> {
  if (!/^\d{6}$/.test(code)) return undefined;
  try {
    const result = await verify({ secret, token: code, epochTolerance: EPOCH_TOLERANCE_SECONDS, ...(after === null ? {} : { afterTimeStep: after }) });
    return result.valid && 'timeStep' in result ? result.timeStep : undefined;
  } catch {
    return undefined;
  }
}

/** Checks a TOTP code of the user's factor (pending or enrolled) and uses it up: true once per code. */
async function useTotp(db: Db, key: Buffer, userId: string, code: string, confirmed: boolean): Promise<boolean> {
  const row = await db
    .selectFrom('user_mfa')
    .select(['secret', 'last_time_step'])
    .where('user_id', '=', userId)
    .where('confirmed_at', confirmed ? 'is not' : 'is', null)
    .executeTakeFirst();
  if (!row) return false;
  const step = await validStep(decryptSecret(key, userId, row.secret), code, row.last_time_step);
  if (step === undefined) return false;
  const used = await db
    .updateTable('user_mfa')
    .set({ last_time_step: step })
    .where('user_id', '=', userId)
    .where('secret', '=', row.secret)
    .where((eb) => eb.or([eb('last_time_step', 'is', null), eb('last_time_step', '<', step)]))
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}

const RECOVERY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** A recovery code as shown: 16 characters (80 bits) in groups of four. */
function newRecoveryCode(): string {
  const chars = [...randomBytes(16)].map((byte) => RECOVERY_ALPHABET[byte & 31]).join('');
  return chars.match(/.{4}/g)!.join('-');
}

/** Case, spaces and dashes do not matter when a recovery code is typed. */
export function recoveryCodeHash(code: string): string {
  return createHash('sha256').update(code.toUpperCase().replace(/[^A-Z0-9]/g, ''), 'utf8').digest('hex');
}

/**
 * Confirms a pending enrolment with its first code; answers the new recovery codes (shown once), or undefined when
 * the code is wrong.
 */
export async function confirmEnrolment(db: Db, key: Buffer, userId: string, code: string): Promise<string[] | undefined> {
  if (!(await useTotp(db, key, userId, code, false))) return undefined;
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('user_mfa').set({ confirmed_at: new Date(machineNowMs()) }).where('user_id', '=', userId).execute();
    await trx.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
    await trx
      .insertInto('user_recovery_codes')
      .values(codes.map((value) => ({ user_id: userId, code_hash: recoveryCodeHash(value), used_at: null })))
      .execute();
  });
  return codes;
}

/**
 * Checks the second factor of an enrolled user: a 6-digit TOTP code, or one of their recovery codes. Each is
 * accepted once. Answers which one passed, or undefined.
 */
export async function verifySecondFactor(db: Db, key: Buffer, userId: string, input: string): Promise<'totp' | 'recovery' | undefined> {
  const code = input.trim().slice(0, 64);
  if (/^\d{6}$/.test(code.replace(/\s/g, ''))) return (await useTotp(db, key, userId, code.replace(/\s/g, ''), true)) ? 'totp' : undefined;
  if (!code) return undefined;
  const used = await db
    .updateTable('user_recovery_codes')
    .set({ used_at: new Date(machineNowMs()) })
    .where('user_id', '=', userId)
    .where('code_hash', '=', recoveryCodeHash(code))
    .where('used_at', 'is', null)
    .where((eb) => eb.exists(eb.selectFrom('user_mfa').select('user_id').where('user_id', '=', userId).where('confirmed_at', 'is not', null)))
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1 ? 'recovery' : undefined;
}

/** Removes a user's second factor and recovery codes (`pnpm users reset-mfa`); true when there was one. */
export async function resetMfa(db: Db, userId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
    const removed = await trx.deleteFrom('user_mfa').where('user_id', '=', userId).executeTakeFirst();
    return Number(removed.numDeletedRows) > 0;
  });
}

/** Unused recovery codes of a user (shown nowhere but in tests and `pnpm users list` one day). */
export async function unusedRecoveryCodes(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('user_recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
