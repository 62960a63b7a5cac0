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
  /**
   * Public origin of the portal, e.g. https://portal.example.com: the tokens' issuer and every link. Required in
   * production; elsewhere it defaults to http://localhost:PORT.
   */
  PUBLIC_URL: z.url().optional(),
  /** Any PostgreSQL; without it the portal runs an embedded PostgreSQL in DATA_DIR/postgres. */
  DATABASE_URL: z.string().optional(),
  /**
   * The role that owns the schema and runs the migrations; DATABASE_URL is then a role with data rights only
   * (no DDL). Defaults to DATABASE_URL (one role for both).
   */
  DATABASE_OWNER_URL: z.string().optional(),
  DATA_DIR: z.string().default('.data'),
  /**
   * The instant the portal's clock starts from (ISO 8601), for end-to-end tests and demos of a given day; time runs on
   * from there. Business rules (today, this week, an open stop's length) read it; tokens and sessions keep real time.
   * Refused in production.
   */
  PORTAL_NOW: z.iso.datetime({ offset: true }).optional(),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** Database pool: most connections, how long a query waits for one (ms), longest statement (ms). */
  DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  DB_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  /** Load shedding (503 + Retry-After): event loop delay (ms) and queries waiting for a pool connection. */
  PRESSURE_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(1_000),
  PRESSURE_MAX_POOL_WAITING: z.coerce.number().int().min(0).default(100),
  /**
   * PDFs rendered at once, each in a worker thread of its own (the others wait their turn): a rendering takes a core
   * and holds its whole layout in memory. 1 by default: on 2 cores a second worker takes the cores from the API and
   * PostgreSQL and adds an isolate's memory for little more throughput; raise it where there are more cores.
   */
  PDF_MAX_RENDERS: z.coerce.number().int().min(1).max(64).default(1),
  /**
   * The heap (MB) of each PDF worker thread: a document that needs more fails its own download (500), never the API.
   * 512 fits the recall PDF of a lot used by 10,000 items (7 columns), the largest document the portal makes.
   */
  PDF_WORKER_HEAP_MB: z.coerce.number().int().min(32).max(4096).default(512),
  /** The bearer token a Prometheus scraper sends to GET /metrics; unset, only loopback is served. */
  METRICS_TOKEN: z.string().min(16).optional(),
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
  /** Demo data and demo users with a published password: for `npm run portal` only, refused in production. */
  SEED_DEMO: booleanFlag.default(false),
  /**
   * Which proxies may set X-Forwarded-For/-Proto/-Host: a number of hops, or addresses/CIDRs (comma
   * separated). Default none: the client address is the connection's.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (!value || value === 'false' || value === '0') return false as const;
      if (/^\d+$/.test(value)) return Number(value);
      if (value === 'true') {
        ctx.addIssue({ code: 'custom', message: 'name the number of proxy hops or the proxy addresses, not true (any client could then choose its address)' });
        return z.NEVER;
      }
      return value.split(',').map((entry) => entry.trim()).filter(Boolean);
    }),
  /** Failed sign-ins per account within LOGIN_FAILURE_WINDOW_MINUTES before it is locked (whatever the address). */
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(10),
  /** Failed sign-ins per client address within the window (password spraying across accounts). */
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(50),
  LOGIN_FAILURE_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  /** Added to the answer of every failed sign-in of an account after its second failure (progressive delay). */
  LOGIN_DELAY_STEP_MS: z.coerce.number().int().min(0).default(250),
  /** Sign-in form posts per client address and minute (each runs argon2). */
  RATE_LIMIT_LOGIN_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  /** Token endpoint requests per client address and minute. */
  RATE_LIMIT_TOKEN_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /** API requests per user (token subject; client address without a valid token) and minute. */
  RATE_LIMIT_API_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  /** File uploads per user and minute. */
  RATE_LIMIT_UPLOAD_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  /** The sign-in ends after this long without use (no token refresh, no sign-in request). */
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(30),
  /** And after this long whatever happens: the user signs in again. */
  SESSION_MAX_HOURS: z.coerce.number().int().min(1).default(12),
  /**
   * Access tokens must be RFC 9068 JWTs (header typ at+jwt, claims iss sub aud exp iat client_id). Set false
   * for an external issuer that sends plain JWTs (Keycloak): then sub, exp, iat, aud and iss are required.
   */
  OIDC_STRICT_ACCESS_TOKENS: booleanFlag.default(true),
  CONTACT_EMAIL: z.email().default('support@orders-portal.local'),
  UPLOAD_MAX_BYTES: z.coerce.number().int().min(1).default(10 * 1024 * 1024),
  /**
   * What one company's uploads may take in all (bytes, attached or not): an upload past it is refused with 413. The
   * rate limit alone lets one user add 600 MiB a minute. 1 GiB by default: about a hundred claims with their photos.
   */
  UPLOAD_COMPANY_QUOTA_BYTES: z.coerce.number().int().min(1).default(1024 * 1024 * 1024),
  /** A file never attached to a claim is removed this many hours after its upload (a cancelled or abandoned claim). */
  UPLOAD_UNATTACHED_HOURS: z.coerce.number().int().min(1).max(8760).default(24),
  /**
   * Uploads in an S3-compatible bucket when S3_ENDPOINT and S3_BUCKET are set (with both keys); in their
   * PostgreSQL rows otherwise. Path-style URLs by default (MinIO, Ceph, Garage); `false` for virtual-hosted AWS.
   */
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().min(3).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_FORCE_PATH_STYLE: booleanFlag.default(true),
  /** Access token lifetime in seconds (short; the web app refreshes it). */
  ACCESS_TOKEN_TTL: z.coerce.number().int().min(60).default(300),
  WEB_DIST: z.string().optional(),
  /** Seller on invoices and declarations of conformity. */
  MANUFACTURER_NAME: z.string().min(1).default('Orders Portal Packaging'),
  /** Where outgoing e-mails are dropped as .eml files (no SMTP configured); default DATA_DIR/outbox. */
  OUTBOX_DIR: z.string().optional(),
  /**
   * E-mail through this SMTP server (smtp://user:password@host:587 with STARTTLS when offered, or
   * smtps://…:465); the .eml folder (OUTBOX_DIR) when unset.
   */
  SMTP_URL: z
    .string()
    .refine((value) => /^smtps?:\/\/[^/]+/.test(value), { message: 'smtp://[user:password@]host[:port] or smtps://…' })
    .optional(),
  /** Background jobs (pg-boss) this replica works on at once; 0: it only queues them and another replica works. */
  JOBS_WORKERS: z.coerce.number().int().min(0).max(64).default(2),
  /** Retries of an e-mail after its first attempt fails, before it is dead-lettered for the admin. */
  JOBS_RETRY_LIMIT: z.coerce.number().int().min(0).max(100).default(6),
  /** The first retry's delay in seconds; each further retry waits about twice as long (exponential backoff, jittered). */
  JOBS_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(86_400).default(30),
  /** How often an idle worker looks for jobs (seconds, at least 0.5). */
  JOBS_POLL_SECONDS: z.coerce.number().min(0.5).max(600).default(2),
  /** Events of the event log older than this many days are removed (a daily job). */
  EVENT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3_660).default(90),
  /**
   * Webhook deliveries: seconds to wait before each retry after a failed attempt, comma separated; when every retry
   * has failed the endpoint is disabled with the reason. Default 30 s, 2 min, 15 min, 1 h, 6 h, 24 h. Bounded: 1 to 20
   * retries, each 1 s to 7 days (a wait of 0 would hammer a failing receiver; the queue holds a job at most a week).
   */
  WEBHOOK_RETRY_SECONDS: z
    .string()
    .regex(/^\d+(,\d+)*$/)
    .default('30,120,900,3600,21600,86400')
    .transform((value) => value.split(',').map(Number))
    .refine((waits) => waits.length <= 20 && waits.every((wait) => wait >= 1 && wait <= 604_800), {
      message: 'WEBHOOK_RETRY_SECONDS: 1 to 20 waits, each 1 to 604800 seconds',
    }),
  /** How long one delivery waits for the endpoint's answer (connect and response), in milliseconds. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** How much of an answer is read (bytes); the rest is dropped, and the first 2,000 characters are kept to show. */
  WEBHOOK_MAX_RESPONSE_BYTES: z.coerce.number().int().min(0).max(1_048_576).default(65_536),
  /** After a secret rotation the previous secret keeps signing beside the new one this many hours. */
  WEBHOOK_ROTATION_OVERLAP_HOURS: z.coerce.number().int().min(0).max(720).default(24),
  /**
   * Webhook URLs whose host resolves to a loopback, private, link-local or otherwise non-public address are refused
   * (at subscription and at each delivery) unless this is true, or the address is in WEBHOOK_ALLOWED_NETWORKS.
   */
  WEBHOOK_ALLOW_PRIVATE: booleanFlag.default(false),
  /** Non-public networks webhooks may reach anyway, CIDRs comma separated (a receiver inside the plant: 10.20.0.0/16). Plain http is allowed only to these (and with WEBHOOK_ALLOW_PRIVATE). */
  WEBHOOK_ALLOWED_NETWORKS: z.string().default(''),
  /**
   * The plant's MQTT broker (mqtt://host:1883); when set, the portal subscribes to the Sparkplug B topics of
   * MQTT_GROUP_ID (edge node = company id, device = machine name; docs/decisions.md, 'Plant performance').
   */
  MQTT_URL: z.string().optional(),
  MQTT_GROUP_ID: z.string().regex(/^[^/+#]+$/).default('orders-portal'),
  /** How long a message waits for a missing `seq` before the node's held messages are applied in order anyway. */
  MQTT_REORDER_TIMEOUT_MS: z.coerce.number().int().min(0).default(2_000),
  /**
   * The portal's own MQTT broker (aedes), where machines publish with their machine credential (user name = the
   * credential's name, password = its token), each only on its machines' topics. On by default when MQTT_URL is unset,
   * off when it is set; 'true' with MQTT_URL runs both. docs/operations.md, 'Machines over MQTT'.
   */
  MQTT_BROKER: booleanFlag.optional(),
  /** The broker's address: loopback by default; 0.0.0.0 (or the plant network's address) for machines on the network. */
  MQTT_BROKER_HOST: z.string().default('127.0.0.1'),
  /** The broker's port (1883, or 8883 with TLS by convention); 0 takes a free port (tests). */
  MQTT_BROKER_PORT: z.coerce.number().int().min(0).max(65535).default(1883),
  /** PEM certificate chain and key files: with both, the broker speaks MQTT over TLS only. */
  MQTT_BROKER_TLS_CERT: z.string().optional(),
  MQTT_BROKER_TLS_KEY: z.string().optional(),
  /**
   * Machine events (HTTP and MQTT) dated more than this many minutes after the portal's clock are kept aside, not
   * applied: a collector's clock that runs ahead, or a garbage date, would otherwise open a stop that lasts for ever.
   */
  MACHINE_EVENT_MAX_AHEAD_MINUTES: z.coerce.number().int().min(0).max(1_440).default(5),
  /**
   * Machine events older than this many days are kept aside, not applied: the figures of those days have been read
   * and reported (they are closed), and a collector's backlog or a garbage date must not rewrite them silently.
   */
  MACHINE_EVENT_HORIZON_DAYS: z.coerce.number().int().min(1).max(3_660).default(7),
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
  /**
   * The key of the audit log's chain (HMAC-SHA256): 32 bytes, base64 or hex. Without it a key is generated once and
   * kept in DATA_DIR/audit-hmac.key; replicas on separate data folders need this variable, the same on all.
   */
  AUDIT_HMAC_KEY: z
    .string()
    .refine((value) => decodeKey(value) !== undefined, { message: '32 bytes, written as base64, base64url or 64 hex digits' })
    .optional(),
  /**
   * The key that signs the notifications' one-click unsubscribe links (HMAC-SHA256): 32 bytes, base64 or hex. Without
   * it a key is generated once and kept in DATA_DIR/unsubscribe-hmac.key; replicas on separate data folders need this
   * variable, the same on all. A new key makes the links of earlier e-mails answer 'link not valid'.
   */
  UNSUBSCRIBE_HMAC_KEY: z
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

export type Config = z.infer<typeof schema> & {
  publicUrl: string;
  issuer: string;
  embeddedIdp: boolean;
  /** Whether the portal runs its own MQTT broker (MQTT_BROKER, else: no MQTT_URL). */
  mqttBroker: boolean;
  /** Cookies carry Secure: PUBLIC_URL is https, or NODE_ENV is production. */
  secureCookies: boolean;
};

/**
 * Parses the environment; throws one readable error listing every bad variable. `tool`: a command-line tool on the
 * portal's database (`pnpm users`, `pnpm audit-log`), which serves nobody and so needs no PUBLIC_URL.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, options: { tool?: boolean } = {}): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const value = parsed.data;
  if (value.NODE_ENV === 'production' && value.SEED_DEMO) {
    throw new Error(
      'Invalid configuration:\n  SEED_DEMO: demo users have a published password; they are for `npm run portal` only, never with NODE_ENV=production',
    );
  }
  if (value.NODE_ENV === 'production' && value.PORTAL_NOW) {
    throw new Error('Invalid configuration:\n  PORTAL_NOW: a pinned clock is for tests and demos, never with NODE_ENV=production');
  }
  // Without it a production start publishes an http://localhost issuer while its cookies are Secure and its endpoints
  // https: it starts, and nobody can sign in.
  if (value.NODE_ENV === 'production' && !value.PUBLIC_URL && !options.tool) {
    throw new Error(
      'Invalid configuration:\n  PUBLIC_URL: required with NODE_ENV=production: the origin users reach the portal at (https://portal.example.com); the sign-in issuer and cookies depend on it',
    );
  }
  const s3 = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
  const s3Missing = s3.filter((name) => !value[name]);
  if (s3Missing.length && s3Missing.length < s3.length) {
    throw new Error(`Invalid configuration:\n${s3Missing.map((name) => `  ${name}: required when any of ${s3.join(', ')} is set`).join('\n')}`);
  }
  if (!value.MQTT_BROKER_TLS_CERT !== !value.MQTT_BROKER_TLS_KEY) {
    throw new Error('Invalid configuration:\n  MQTT_BROKER_TLS_CERT, MQTT_BROKER_TLS_KEY: both or neither (the broker speaks TLS with both)');
  }
  // The portal's own broker unless an external one is configured (docs/decisions.md, 'MQTT: the portal's own broker').
  const mqttBroker = value.MQTT_BROKER ?? !value.MQTT_URL;
  const publicUrl = (value.PUBLIC_URL ?? `http://localhost:${value.PORT}`).replace(/\/$/, '');
  const embeddedIdp = !value.OIDC_ISSUER;
  const secureCookies = publicUrl.startsWith('https:') || value.NODE_ENV === 'production';
  return { ...value, publicUrl, issuer: value.OIDC_ISSUER ?? `${publicUrl}/idp`, embeddedIdp, secureCookies, mqttBroker };
}
