import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import glue from 'fastify-openapi-glue';
import type { JSONWebKeySet } from 'jose';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import { authPlugin } from './plugins/auth.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { problemsPlugin } from './plugins/problems.js';
import { idempotencyPlugin } from './plugins/idempotency.js';
import { pressurePlugin } from './plugins/pressure.js';
import { metricsPlugin } from './plugins/metrics.js';
import { createUploadStore, uploadStorePlugin } from './lib/storage/index.js';
import { rateLimitPlugin } from './plugins/rate-limit.js';
import { apiLimits } from './plugins/api-limits.js';
import { RevocationWatch } from './plugins/revocations.js';
import { NotificationStreams } from './features/notifications/notifications.stream.js';
import { registerContractDocs } from './plugins/contract-docs.js';
import { contractOperations, loadContract, type Handlers } from './lib/contract.js';
import { englishOnly } from './lib/problem.js';
import { handlers as featureHandlers } from './features/index.js';
import { registerUploadParsing } from './features/claims/uploads.multipart.js';
import { registerStrictInput } from './plugins/strict-input.js';
import { limitPdfRenders, stopIdlePdfWorkers } from './pdf/pdf.js';
import { machineTokenVerifier } from './features/machines/machines.credentials.js';
import { startMqttIngestion, type MqttIngestion } from './features/machines/machines.mqtt.js';
import { startMqttBroker } from './features/machines/machines.broker.js';
import { eventBoundsOf } from './features/machines/machines.ingest.js';
import { registerJobs } from './jobs/index.js';
import { registerUnsubscribe } from './features/notifications/notifications.unsubscribe.js';
import { unsubscribe } from './features/notifications/notifications.service.js';
import { subjectTranslator } from './features/session/session.service.js';
import { requestLanguage } from './features/session/session.handlers.js';

export interface AppOptions {
  config: Config;
  db: Db;
  /** The issuer's public keys (embedded provider) or its JWKS URL. */
  keys: JSONWebKeySet | URL;
  /** A pino logger to use; otherwise one is made at LOG_LEVEL. */
  logger?: FastifyBaseLogger;
  /**
   * Compilers of the routes' schemas shared with other apps of this process (the tests build hundreds of apps from one
   * contract): Ajv's instance is handed to `onAjv` as it is made, and the response serializers come from
   * `buildSerializer`. Fastify's own otherwise.
   */
  schemaCompilers?: {
    onAjv: NonNullable<FastifyServerOptions['ajv']>['onCreate'];
    buildSerializer: NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildSerializer'];
  };
  /** Optional extra wiring (identity provider, static web app) registered after the API. */
  extend?: (app: FastifyInstance) => Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    /** Machine events over MQTT: the portal's own broker and/or the subscriber to MQTT_URL. */
    mqtt?: MqttIngestion;
    /** The revoked subjects in memory, learned by LISTEN/NOTIFY (plugins/revocations.ts). */
    revocations: RevocationWatch;
  }
}

/** TRUST_PROXY as Fastify takes it: a hop count becomes "trust the first n hops". */
function trustProxy(value: Config['TRUST_PROXY']) {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}

/**
 * Builds the API from generated/openapi.json: fastify-openapi-glue makes one route per operation with the
 * contract's schemas; strict input (no type coercion, unknown fields removed); each route carries its
 * `x-roles` for the auth gate; operations without a handler yet answer 501.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: { level: options.config.LOG_LEVEL } }),
    // X-Forwarded-* count only from the proxies TRUST_PROXY names (default none): otherwise any client picks its address.
    trustProxy: trustProxy(options.config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    ajv: {
      customOptions: { removeAdditional: 'all', coerceTypes: false, useDefaults: true, allErrors: true },
      ...(options.schemaCompilers ? { onCreate: options.schemaCompilers.onAjv } : {}),
    },
    ...(options.schemaCompilers ? { schemaController: { compilersFactory: { buildSerializer: options.schemaCompilers.buildSerializer } } } : {}),
  });
  app.decorate('db', options.db);
  app.decorate('config', options.config);
  limitPdfRenders(options.config.PDF_MAX_RENDERS, options.config.PDF_WORKER_HEAP_MB);
  app.addHook('onClose', stopIdlePdfWorkers);
  // The bytes of uploads in the S3-compatible bucket of S3_*, or in PostgreSQL.
  await app.register(uploadStorePlugin, { store: createUploadStore(options.config, options.db) });

  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", ...(options.config.embeddedIdp ? [] : [new URL(options.config.issuer).origin])],
        formAction: ["'self'", ...(options.config.embeddedIdp ? [] : [new URL(options.config.issuer).origin])],
        frameAncestors: ["'none'"],
      },
    },
  });
  await app.register(problemsPlugin, { languageOf: (request) => requestLanguage(options.db, request) });
  // GET /metrics (Prometheus), and every request counted and timed by its operation id.
  await app.register(metricsPlugin, { db: options.db, token: options.config.METRICS_TOKEN });
  await app.register(pressurePlugin, {
    db: options.db,
    maxEventLoopDelayMs: options.config.PRESSURE_MAX_EVENT_LOOP_DELAY_MS,
    maxPoolWaiting: options.config.PRESSURE_MAX_POOL_WAITING,
  });
  await app.register(rateLimitPlugin, { db: options.db });

  app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok' }));
  app.get('/readyz', { logLevel: 'warn' }, async (_request, reply) => {
    try {
      await options.db.selectNoFrom((eb) => eb.val(1).as('ok')).execute();
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ status: 'database unavailable' });
    }
  });

  // What the web app needs before sign-in: where the identity service is, and whom to contact.
  app.get('/app-config.json', { logLevel: 'warn' }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return {
      issuer: options.config.issuer,
      clientId: options.config.OIDC_CLIENT_ID,
      contactEmail: options.config.CONTACT_EMAIL,
      // The embedded provider offers TOTP at sign-in (portal_action=mfa); with Keycloak the realm decides.
      secondFactor: options.config.embeddedIdp,
      sessionIdleMinutes: options.config.SESSION_IDLE_MINUTES,
    };
  });

  await registerContractDocs(app);
  // The notifications' one-click unsubscribe: public (no sign-in, RFC 8058), so outside the contract's gate.
  await registerUnsubscribe(app, {
    config: options.config,
    unsubscribe: (subject, kind, client) => unsubscribe(options.db, subject, kind, client),
    translatorOf: (subject) => subjectTranslator(options.db, subject),
  });

  const document = loadContract();
  const operations = new Map(contractOperations(document).map((operation) => [operation.operationId, operation]));
  const handlers = featureHandlers as Record<string, Handlers[keyof Handlers]>;

  // Revocations pushed by PostgreSQL: the gate asks the database only while this listener is not known to be current.
  const revocations = new RevocationWatch(options.db, app.log);
  app.decorate('revocations', revocations);
  await revocations.start();
  app.addHook('onClose', async () => revocations.close());
  const notificationStreams = new NotificationStreams(options.db, app.log);
  app.decorate('notificationStreams', notificationStreams);
  app.addHook('onClose', async () => notificationStreams.close());

  await app.register(async (api) => {
    await api.register(authPlugin, {
      issuer: options.config.issuer,
      audience: options.config.OIDC_AUDIENCE,
      keys: options.keys,
      strict: options.config.OIDC_STRICT_ACCESS_TOKENS,
      db: options.db,
      revocations,
      beforeGate: apiLimits(api, options.config),
      machineToken: machineTokenVerifier(options.db),
    });
    await registerUploadParsing(api, options.config.UPLOAD_MAX_BYTES);
    await registerStrictInput(api);
    await api.register(idempotencyPlugin, { db: options.db, document: document as never });
    await api.register(glue, {
      specification: document,
      // glue's types ask for full RouteOptions; it spreads what we return into its own route definition.
      operationResolver: ((operationId: string) => {
        const operation = operations.get(operationId);
        const handler = handlers[operationId];
        return {
          config: { roles: operation?.roles ?? [], operationId },
          handler:
            handler ??
            (async () => {
              // English only: a developer's reminder while an operation is being built; no released screen calls it.
              throw englishOnly(501, 'Not Implemented', `Operation ${operationId} is in the contract but not implemented yet.`);
            }),
        };
      }) as never,
    });
  });

  // Machine events over MQTT (Sparkplug B), from the portal's own broker (the default) and/or an external one.
  const mqttOptions = {
    group: options.config.MQTT_GROUP_ID,
    reorderTimeoutMs: options.config.MQTT_REORDER_TIMEOUT_MS,
    bounds: eventBoundsOf(options.config),
    log: app.log,
  };
  const ingestions: MqttIngestion[] = [];
  app.addHook('onClose', async () => {
    for (const ingestion of ingestions) await ingestion.close();
  });
  if (options.config.mqttBroker) {
    const { MQTT_BROKER_TLS_CERT: certFile, MQTT_BROKER_TLS_KEY: keyFile } = options.config;
    ingestions.push(
      await startMqttBroker(options.db, {
        ...mqttOptions,
        host: options.config.MQTT_BROKER_HOST,
        port: options.config.MQTT_BROKER_PORT,
        ...(certFile && keyFile ? { tls: { certFile, keyFile } } : {}),
      }),
    );
  }
  if (options.config.MQTT_URL) ingestions.push(await startMqttIngestion(options.db, { ...mqttOptions, url: options.config.MQTT_URL }));
  if (ingestions.length)
    app.decorate('mqtt', {
      client: ingestions.find((ingestion) => ingestion.client)?.client,
      broker: ingestions.find((ingestion) => ingestion.broker)?.broker,
      idle: async () => void (await Promise.all(ingestions.map((ingestion) => ingestion.idle()))),
      close: async () => {
        for (const ingestion of ingestions) await ingestion.close();
      },
    } satisfies MqttIngestion);

  // Background jobs (pg-boss): every replica queues, JOBS_WORKERS > 0 also works on them.
  await registerJobs(app, options.db, options.config);

  await options.extend?.(app);
  return app;
}
