import { z } from 'zod';

/** Configuration, read once from the environment and validated at start (see `.env.example`). */
const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const MFA_ROLES = ['admin', 'operator', 'accountant', 'client'];

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Public origin of the portal, e.g. https://portal.example.com. Defaults to http://localhost:PORT. */
  PUBLIC_URL: z.url().optional(),
  /** Any PostgreSQL; without it the portal runs an embedded PostgreSQL in DATA_DIR/postgres. */
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('.data'),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** Database pool: most connections, how long a query waits for one (ms), longest statement (ms). */
  DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  DB_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  /** Load shedding (503 + Retry-After): event loop delay (ms) and queries waiting for a pool connection. */
  PRESSURE_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(1_000),
  PRESSURE_MAX_POOL_WAITING: z.coerce.number().int().min(0).default(100),
  /** The embedded PostgreSQL, found stopped this long (ms), is started again by the portal. */
  EMBEDDED_PG_RESTART_AFTER_MS: z.coerce.number().int().min(1_000).default(30_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** External OpenID issuer (e.g. a Keycloak realm URL). Without it the embedded provider at /idp is used. */
  OIDC_ISSUER: z.url().optional(),
  OIDC_AUDIENCE: z.string().default('orders-portal-api'),
  OIDC_CLIENT_ID: z.string().default('orders-public'),
  /** Extra web app origins allowed to sign in with the embedded provider (comma separated), e.g. http://localhost:5173. */
  WEB_DEV_ORIGINS: z.string().optional(),
  /** Directory of client companies: the embedded identity store or Keycloak's admin REST API. */
  DIRECTORY: z.enum(['embedded', 'keycloak']).default('embedded'),
  KEYCLOAK_ADMIN_URL: z.url().optional(),
  KEYCLOAK_ADMIN_CLIENT_ID: z.string().optional(),
  KEYCLOAK_ADMIN_CLIENT_SECRET: z.string().optional(),
  KEYCLOAK_CLIENT_GROUP: z.string().default('clients'),
  SEED_DEMO: booleanFlag.default(true),
  CONTACT_EMAIL: z.email().default('support@orders-portal.local'),
  UPLOAD_MAX_BYTES: z.coerce.number().int().min(1).default(10 * 1024 * 1024),
  /** Access token lifetime in seconds (short; the web app refreshes it). */
  ACCESS_TOKEN_TTL: z.coerce.number().int().min(60).default(300),
  WEB_DIST: z.string().optional(),
  /** Seller on invoices and declarations of conformity. */
  MANUFACTURER_NAME: z.string().min(1).default('Orders Portal Packaging'),
  /** Where outgoing e-mails are dropped as .eml files (no SMTP configured); default DATA_DIR/outbox. */
  OUTBOX_DIR: z.string().optional(),
  /**
   * Roles that must sign in with a second factor (TOTP) at the embedded provider, comma separated. Unset: admin and
   * accountant when NODE_ENV=production, nobody otherwise; empty: nobody.
   */
  REQUIRE_MFA: z
    .string()
    .refine((value) => value.split(',').map((role) => role.trim()).filter(Boolean).every((role) => MFA_ROLES.includes(role)), {
      message: `a comma-separated list of ${MFA_ROLES.join(', ')}`,
    })
    .optional(),
  /** Key that encrypts TOTP secrets at rest: 32 bytes, base64 or hex. Without it a key is generated and kept in the database. */
  MFA_ENCRYPTION_KEY: z
    .string()
    .refine((value) => decodeKey(value) !== undefined, { message: '32 bytes, written as base64, base64url or 64 hex digits' })
    .optional(),
});

/** Reads a 32-byte key written as 64 hex digits, base64 or base64url. */
export function decodeKey(value: string): Buffer | undefined {
  const text = value.trim();
  const bytes = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  return bytes.length === 32 ? bytes : undefined;
}

export type Config = z.infer<typeof schema> & { publicUrl: string; issuer: string; embeddedIdp: boolean };

/** Parses the environment; throws one readable error listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const value = parsed.data;
  const publicUrl = (value.PUBLIC_URL ?? `http://localhost:${value.PORT}`).replace(/\/$/, '');
  const embeddedIdp = !value.OIDC_ISSUER;
  return { ...value, publicUrl, issuer: value.OIDC_ISSUER ?? `${publicUrl}/idp`, embeddedIdp };
}
