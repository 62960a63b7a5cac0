import pino, { type DestinationStream, type Logger } from 'pino';
import type { Config } from '../config.js';

/**
 * Credentials in a URL's user-info part (`postgres://orders_app:secret@db/…`, `smtp://user:secret@mail`): the
 * password, whatever the scheme. A log line never carries them, wherever they came from (an error message that
 * quotes a connection string, a library's debug output, a URL logged on purpose).
 */
const URL_PASSWORD = /\b([a-z][a-z0-9+.-]*:\/\/[^\s/?#@:"'<>]*):([^\s/?#@"'<>]*)@/gi;

/** A URL with its password replaced by `***`, for a log line or a message. */
export function withoutPassword(text: string): string {
  return text.replace(URL_PASSWORD, '$1:***@');
}

/** The passwords of every URL in the configuration, and every secret it holds (keys, tokens, client secrets). */
export function configSecrets(config: Partial<Config>, extra: (string | undefined)[] = []): string[] {
  const urls = [config.DATABASE_URL, config.DATABASE_OWNER_URL, config.SMTP_URL, config.MQTT_URL, config.S3_ENDPOINT, config.KEYCLOAK_ADMIN_URL];
  const passwords = urls.map((url) => {
    try {
      return url ? decodeURIComponent(new URL(url).password) : undefined;
    } catch {
      return undefined;
    }
  });
  const secrets = [
    ...passwords,
    config.S3_SECRET_ACCESS_KEY,
    config.KEYCLOAK_ADMIN_CLIENT_SECRET,
    config.METRICS_TOKEN,
    config.MFA_ENCRYPTION_KEY,
    config.AUDIT_HMAC_KEY,
    config.UNSUBSCRIBE_HMAC_KEY,
    ...extra,
  ];
  // A very short value would blank out ordinary words of every line; such a password is caught by the URL pattern.
  return [...new Set(secrets.filter((secret): secret is string => !!secret && secret.length >= 6))];
}

/** A log destination that writes each line without URL passwords and without any secret it was told (also URL-encoded). */
export interface ScrubbingDestination extends DestinationStream {
  /** Secrets learnt after the start (the embedded database's passwords). */
  hide(secrets: (string | undefined)[]): void;
}

export function scrubbingDestination(secrets: string[], destination: DestinationStream): ScrubbingDestination {
  let forms: string[] = [];
  const hide = (more: (string | undefined)[]) => {
    const values = more.filter((secret): secret is string => !!secret && secret.length >= 6);
    const added = values.flatMap((secret) => [secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)]);
    forms = [...new Set([...forms, ...added])].sort((a, b) => b.length - a.length);
  };
  hide(secrets);
  return {
    hide,
    write(line: string) {
      let clean = withoutPassword(line);
      for (const form of forms) clean = clean.split(form).join('***');
      destination.write(clean);
    },
  };
}

/**
 * The portal's logger: JSON lines at LOG_LEVEL on stdout, scrubbed of every secret the configuration holds, and of
 * those handed to `hide` later.
 */
export function createLogger(config: Config, destination: DestinationStream = pino.destination(1)): { log: Logger; hide: ScrubbingDestination['hide'] } {
  const scrubbing = scrubbingDestination(configSecrets(config), destination);
  const log = pino(
    {
      level: config.LOG_LEVEL,
      // Fields that name a secret outright are never written.
      redact: { paths: ['password', '*.password', 'connectionString', '*.connectionString', 'req.headers.authorization', 'req.headers.cookie'], censor: '***' },
      hooks: {
        // fastify-openapi-glue warns about every media type in the contract without a request parser, response
        // types (PDF, CSV, problem+json) included, which never need one: noise that reads like an error at start.
        logMethod(args, method) {
          if (typeof args[0] === 'string' && args[0].startsWith('ContentTypeParser for')) return;
          method.apply(this, args);
        },
      },
    },
    scrubbing,
  );
  return { log, hide: scrubbing.hide };
}
