import { spawn } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import mqttClient from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/db.test-utils.js';
import { startMosquitto, type Broker } from '../../tests/support/mosquitto.test-utils.js';
import { freePort } from './db/embedded.js';
import { configSecrets, scrubbingDestination, withoutPassword } from './lib/logger.js';
import { apiProgram } from '../../tests/support/cli.test-utils.js';

/** No password of any URL the portal is given, and no key or token, reaches its log. */
let database: TestDatabase;
let broker: Broker;
let dataDir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  broker = await startMosquitto();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'orders-portal-log-'));
  await chmod(dataDir, 0o755); // PostgreSQL runs as its own user when the tests run as root
}, 60_000);
afterAll(async () => {
  await database?.drop();
  await broker?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const root = path.resolve(import.meta.dirname, '../..');

/** Runs the API's server (`apiProgram`) until it answers, makes a few requests, stops it; returns everything it wrote. */
async function run(env: Record<string, string | undefined>, during?: (output: () => string) => Promise<void>): Promise<string> {
  const port = await freePort();
  const child = spawn(process.execPath, apiProgram('server'), {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      LANG: process.env.LANG, // initdb's encoding (UTF-8) comes from the locale
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'trace',
      WEB_DIST: path.join(root, 'no-web-build'),
      MQTT_BROKER_PORT: '0',
      ...env,
    } as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the portal exited: ${output}`);
      const response = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined);
      if (response?.ok) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await fetch(`http://127.0.0.1:${port}/api/admin/manufacturers/get`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    await fetch(`http://127.0.0.1:${port}/metrics`);
    await during?.(() => output);
  } finally {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  }
  return output;
}

const secrets = {
  smtp: 'Smtp-Secret-4f1c9a',
  mqtt: 'Mqtt-Secret-8be20d',
  mqttConnect: 'mt_Mqtt-Connect-Secret-3d9a41',
  s3Url: 'S3-Url-Secret-71aa3e',
  s3Key: 'S3-Key-Secret-0c55d2',
  metrics: 'Metrics-Token-Secret-93e1d7',
  audit: Buffer.alloc(32, 7).toString('base64'),
};

describe('the log of a start', () => {
  it('carries no password of the database, SMTP, S3 and MQTT URLs, no key or token, and no token a machine connects to the broker with', async () => {
    const mqtt = new URL(broker.url);
    mqtt.username = 'plant';
    mqtt.password = secrets.mqtt;
    const output = await run({
      DATABASE_URL: database.url,
      DATABASE_OWNER_URL: database.ownerUrl,
      SMTP_URL: `smtp://mailer:${secrets.smtp}@127.0.0.1:9`,
      MQTT_URL: mqtt.toString(),
      S3_ENDPOINT: `http://s3user:${secrets.s3Url}@127.0.0.1:9`,
      S3_BUCKET: 'uploads',
      S3_ACCESS_KEY_ID: 'portal',
      S3_SECRET_ACCESS_KEY: secrets.s3Key,
      METRICS_TOKEN: secrets.metrics,
      AUDIT_HMAC_KEY: secrets.audit,
      // The portal's own broker beside the subscriber: a machine's connection with a wrong token is refused and logged.
      MQTT_BROKER: 'true',
    }, async (output) => {
      const port = (JSON.parse(output().split('\n').find((line) => line.includes('mqtt broker: listening'))!) as { port: number }).port;
      const refused = await mqttClient
        .connectAsync(`mqtt://127.0.0.1:${port}`, { username: 'Line 1', password: secrets.mqttConnect, reconnectPeriod: 0 })
        .then(async (client) => void (await client.endAsync()), (error: Error) => error.message);
      expect(refused).toMatch(/Bad username or password/);
    });
    expect(output).toContain('mqtt: subscribed');
    expect(output).toContain('mqtt broker: connection refused');
    const databasePasswords = [database.url, database.ownerUrl].map((url) => decodeURIComponent(new URL(url).password));
    for (const secret of [...Object.values(secrets), ...databasePasswords]) expect(output).not.toContain(secret);
  }, 60_000);

  it('carries none of the embedded database passwords', async () => {
    const output = await run({});
    const passwords = Object.values(JSON.parse(await readFile(path.join(dataDir, 'postgres-passwords.json'), 'utf8'))) as string[];
    expect(passwords).toHaveLength(3);
    for (const secret of passwords) expect(output).not.toContain(secret);
  }, 90_000);
});

describe('the scrubbing log destination', () => {
  it('writes a line without URL passwords and without the secrets of the configuration', () => {
    const lines: string[] = [];
    const destination = scrubbingDestination(configSecrets({ S3_SECRET_ACCESS_KEY: secrets.s3Key, SMTP_URL: `smtp://u:${secrets.smtp}@mail` }), {
      write: (line: string) => lines.push(line),
    });
    destination.write(`{"err":"connect postgres://orders_app:hunter2@db:5432/x failed","key":"${secrets.s3Key}","smtp":"${encodeURIComponent(secrets.smtp)}"}\n`);
    destination.hide(['late-secret-value']);
    destination.write('{"msg":"late-secret-value"}\n');
    expect(lines.join('')).toBe('{"err":"connect postgres://orders_app:***@db:5432/x failed","key":"***","smtp":"***"}\n{"msg":"***"}\n');
    expect(withoutPassword('mqtt://plant:s3cret@broker:1883')).toBe('mqtt://plant:***@broker:1883');
  });

  it('hides the key of the unsubscribe links as it hides the audit key', () => {
    const key = Buffer.alloc(32, 9).toString('base64');
    const lines: string[] = [];
    const destination = scrubbingDestination(configSecrets({ UNSUBSCRIBE_HMAC_KEY: key }), { write: (line: string) => lines.push(line) });
    destination.write(`{"msg":"${key}"}\n`);
    expect(lines.join('')).toBe('{"msg":"***"}\n');
  });
});
